// Before anything reads the clock: 21:00 in São Paulo is already the next day in UTC.
process.env.TZ = 'America/Sao_Paulo';

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Requester } from '../../api/extension-calls';
import { useFormats, type Formats } from '../../i18n/formats';
import type { Locale } from '../../i18n/messages';
import { captureDownloads } from '../../testing/captured-downloads';
import { render } from '../../testing/render';
import { exportExpiring } from './expiring-csv';
import { useExpiringMessages, type ExpiringMessages } from './messages';

/** An empty window: the file is all there is to see. */
const emptyWindow: Requester = {
  request: () => Promise.resolve({ data: [], totalRecords: 0 }) as never,
};

/** The view's words and formats in `locale`, as the export button has them. */
function wordsIn(locale: Locale) {
  const words: { messages?: ExpiringMessages; formats?: Formats } = {};
  function Capture() {
    words.messages = useExpiringMessages();
    words.formats = useFormats();
    return null;
  }
  render(<Capture />, { locale });
  return { messages: words.messages!, formats: words.formats! };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the expiring export’s file', () => {
  it.each([
    ['pt-BR', 'expirando-2026-11-29.csv'],
    ['en', 'expiring-2026-11-29.csv'],
  ] as const)('is dated with the day where the staff are, not UTC’s (%s)', async (locale, name) => {
    const { messages, formats } = wordsIn(locale);
    // 22:30 on 29 November in São Paulo: 30 November in UTC. Only the clock is stopped.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T01:30:00.000Z'));
    const downloads = captureDownloads();
    try {
      const window = { after: new Date().toISOString(), before: new Date().toISOString() };
      await exportExpiring(emptyWindow, window, messages, formats);
      expect(downloads.saved.map((file) => file.name)).toEqual([name]);
    } finally {
      downloads.restore();
    }
  });
});
