import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createTypingPause,
  FIRST_PAUSE_MS,
  MAX_PAUSE_MS,
  MIN_PAUSE_MS,
  pauseAfter,
  type TypingPause,
} from './typing-pause';

describe('pauseAfter', () => {
  it('waits as a fixed debounce did before a second key shows how this person types', () => {
    expect(pauseAfter([])).toBe(FIRST_PAUSE_MS);
  });

  it('follows the usual gap between this typist’s keys, not a stray long one', () => {
    expect(pauseAfter([100, 98, 103, 101, 99])).toBe(140);
    expect(pauseAfter([100, 98, 260, 101, 99])).toBe(140);
    expect(pauseAfter([150, 160, 155])).toBe(217);
  });

  it('keeps within bounds for very fast and very slow typists', () => {
    expect(pauseAfter([30, 35, 40])).toBe(MIN_PAUSE_MS);
    expect(pauseAfter([600, 700, 650])).toBe(MAX_PAUSE_MS);
  });
});

describe('createTypingPause', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Types `text` one character every `gap` ms; `send` records the term a pause would send. */
  function type(pause: TypingPause, send: (term: string) => void, text: string, gap: number) {
    for (let length = 1; length <= text.length; length += 1) {
      const term = text.slice(0, length);
      pause.key(() => send(term));
      vi.advanceTimersByTime(gap);
    }
  }

  it('sends once per burst, the whole term, after a pause long for this typist', () => {
    const send = vi.fn<(term: string) => void>();
    const pause = createTypingPause();

    // 100 ms a key: the first pause is the fixed one, then 1.4 times the usual gap.
    type(pause, send, 'matemá', 100);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(140 - 100 - 1);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send.mock.calls).toEqual([['matemá']]);
  });

  it('learns a slow typist within a burst: after the first key, one request', () => {
    const send = vi.fn<(term: string) => void>();
    const pause = createTypingPause();

    // 200 ms a key: longer than the first pause, so the first key goes alone; then the pause
    // is 280 ms and the rest of the word is one burst.
    type(pause, send, 'física', 200);
    expect(send.mock.calls).toEqual([['f']]);
    vi.advanceTimersByTime(280 - 200);
    expect(send.mock.calls).toEqual([['f'], ['física']]);
  });

  it('remembers the typist across searches, and sends nothing once cancelled', () => {
    const send = vi.fn<(term: string) => void>();
    const pause = createTypingPause();
    type(pause, send, 'arte', 100);
    vi.advanceTimersByTime(2000);
    expect(send.mock.calls).toEqual([['arte']]);

    // A new search seconds later: its first key already waits only as long as this typist's pause.
    pause.key(() => send('q'));
    vi.advanceTimersByTime(140);
    expect(send.mock.calls).toEqual([['arte'], ['q']]);

    pause.key(() => send('qu'));
    pause.cancel();
    vi.advanceTimersByTime(1000);
    expect(send.mock.calls).toEqual([['arte'], ['q']]);
  });
});
