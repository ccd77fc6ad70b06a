import { describe, expect, it } from 'vitest';
import { expiryStatus } from '../../components/expiry-status/expiry-status';
import {
  CLOSED_ROSTER,
  parseRosterParams,
  sortAfterClick,
  toRosterQuery,
  writeRosterParams,
} from './roster-params';

describe('roster params in the address', () => {
  it('reads a roster beside the list’s own parameters', () => {
    expect(
      parseRosterParams('?q=mat&turma=t-1&rosterQ=%20ana%20&rosterPage=2&rosterSort=-enrolledAt'),
    ).toEqual({
      turma: 't-1',
      q: 'ana',
      page: 2,
      sort: '-enrolledAt',
    });
  });

  it('keeps what is right in a hand-edited link and drops the rest', () => {
    expect(parseRosterParams('?turma=t-1&rosterPage=abc&rosterSort=idade')).toEqual({
      ...CLOSED_ROSTER,
      turma: 't-1',
    });
    // Without a turma the rest means nothing.
    expect(parseRosterParams('?rosterQ=ana&rosterPage=3')).toEqual(CLOSED_ROSTER);
  });

  it('writes only what differs from the defaults, and keeps the list’s parameters', () => {
    expect(writeRosterParams('?q=mat', { ...CLOSED_ROSTER, turma: 't 1' })).toBe(
      '?q=mat&turma=t+1',
    );
    expect(
      writeRosterParams('?q=mat&turma=t-1&rosterQ=ana', {
        turma: 't-1',
        q: '',
        page: 3,
        sort: 'email',
      }),
    ).toBe('?q=mat&turma=t-1&rosterPage=3&rosterSort=email');
    expect(writeRosterParams('?q=mat&turma=t-1&rosterPage=3', CLOSED_ROSTER)).toBe('?q=mat');
    expect(writeRosterParams('?turma=t-1', CLOSED_ROSTER)).toBe('');
  });

  it('asks the API for a page of 50, without an empty search', () => {
    expect(toRosterQuery({ turma: 't', q: '', page: 2, sort: 'name' })).toEqual({
      query: undefined,
      page: 2,
      pageSize: 50,
      sortBy: 'name',
    });
  });
});

describe('sorting by a header', () => {
  it('goes first way, the other way, then back to names', () => {
    expect(sortAfterClick('name', 'expirationDate')).toBe('expirationDate');
    expect(sortAfterClick('expirationDate', 'expirationDate')).toBe('-expirationDate');
    expect(sortAfterClick('-expirationDate', 'expirationDate')).toBe('name');
    // Enrolment: newest first.
    expect(sortAfterClick('name', 'enrolledAt')).toBe('-enrolledAt');
    expect(sortAfterClick('-enrolledAt', 'enrolledAt')).toBe('enrolledAt');
    // Names: A–Z, Z–A, A–Z.
    expect(sortAfterClick('name', 'name')).toBe('-name');
    expect(sortAfterClick('-name', 'name')).toBe('name');
  });
});

describe('expiry states', () => {
  const now = new Date('2026-11-25T12:00:00');
  it('says none, expired, soon in calendar days, or later', () => {
    expect(expiryStatus(null, now)).toEqual({ kind: 'none' });
    expect(expiryStatus('2026-11-25T11:59:00', now).kind).toBe('expired');
    expect(expiryStatus('2026-11-25T23:59:00', now)).toMatchObject({ kind: 'soon', days: 0 });
    expect(expiryStatus('2026-11-26T00:01:00', now)).toMatchObject({ kind: 'soon', days: 1 });
    expect(expiryStatus('2026-12-25T23:00:00', now)).toMatchObject({ kind: 'soon', days: 30 });
    expect(expiryStatus('2026-12-26T00:00:00', now).kind).toBe('later');
  });
});
