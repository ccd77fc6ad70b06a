import { useEffect, useState } from 'react';

/**
 * When a burst of typing has ended: a pause that is long for this typist. A fixed debounce is
 * either too short for a slow typist (a request per key) or makes a fast one wait; this one
 * follows the gaps between the keys this person has just typed (decision 005, issue 22).
 */

/** Before a second key shows how this person types. */
export const FIRST_PAUSE_MS = 180;
/** Never shorter: a stalled busy machine must not split a burst of fast typing. */
export const MIN_PAUSE_MS = 120;
/** Never longer: a slow typist still sees the rows follow. */
export const MAX_PAUSE_MS = 300;
/** A gap this long is a pause between two searches, not typing. */
const NOT_TYPING_MS = 1000;
/** The typist's usual gap comes from this many recent ones. */
const GAPS_KEPT = 8;
/** How much longer than the usual gap a pause must be to end the burst. */
const PAUSE_FACTOR = 1.4;

/** The pause after which a burst typed with these recent gaps (ms) is taken as done. */
export function pauseAfter(gaps: readonly number[]): number {
  if (gaps.length === 0) return FIRST_PAUSE_MS;
  const sorted = [...gaps].sort((a, b) => a - b);
  const usual = sorted[Math.floor(sorted.length / 2)]!;
  return Math.min(MAX_PAUSE_MS, Math.max(MIN_PAUSE_MS, Math.round(usual * PAUSE_FACTOR)));
}

export interface TypingPause {
  /** A key was typed: `send` runs unless another key comes within the pause. */
  key: (send: () => void) => void;
  /** Nothing pending is sent (Enter or clearing sent the value already). */
  cancel: () => void;
}

/**
 * Once per burst of typing, after a pause that is long for this typist (`pauseAfter` of the gaps
 * between their latest keys), so a fast typist's search leaves sooner than a fixed debounce would
 * send it, and still once.
 */
export function createTypingPause(): TypingPause {
  const gaps: number[] = [];
  let lastKey = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const key = (send: () => void) => {
    const now = performance.now();
    const gap = now - lastKey;
    lastKey = now;
    if (gap < NOT_TYPING_MS) {
      gaps.push(gap);
      if (gaps.length > GAPS_KEPT) gaps.shift();
    }
    cancel();
    timer = setTimeout(() => {
      timer = undefined;
      send();
    }, pauseAfter(gaps));
  };
  return { key, cancel };
}

/** `createTypingPause` for a component: one per mount, nothing sent after it unmounts. */
export function useTypingPause(): TypingPause {
  const [pause] = useState(createTypingPause);
  useEffect(() => pause.cancel, [pause]);
  return pause;
}
