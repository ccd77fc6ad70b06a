// Before anything reads the clock: 21:00 in São Paulo is midnight in UTC.
process.env.TZ = 'America/Sao_Paulo';

import { describe, expect, it } from 'vitest';
import { localDate } from './local-date';

describe('localDate', () => {
  it('is the day where the browser is, not UTC’s', () => {
    // 22:30 on 29 November in São Paulo, already 30 November in UTC.
    expect(localDate(new Date('2026-11-30T01:30:00.000Z'))).toBe('2026-11-29');
    expect(localDate(new Date('2026-11-30T03:00:00.000Z'))).toBe('2026-11-30');
  });

  it('writes every part with its zeros, even a year before 1000', () => {
    expect(localDate(new Date(2027, 0, 5, 12))).toBe('2027-01-05');
    const early = new Date(2026, 11, 30, 12);
    early.setFullYear(2);
    expect(localDate(early)).toBe('0002-12-30');
  });
});
