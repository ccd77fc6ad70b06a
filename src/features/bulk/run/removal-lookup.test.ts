import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudentRecord } from '#contract/extensions';
import { ApiError } from '../../../api/client';
import type { RunItem } from '../bulk-state';
import { studentsByEmailRequester } from '../../../testing/students-by-email-requester';
import { createRemovalLookup } from './removal-lookup';

const item = (n: number): RunItem => ({
  row: {
    line: n + 1,
    name: '',
    email: `s${String(n)}@escola.test`,
    expiry: '',
    problems: [],
    student: { name: '', email: `s${String(n)}@escola.test` },
  },
  expiry: undefined,
});
const record = (email: string, turmaIds: readonly string[]): StudentRecord => ({
  name: email,
  email,
  classes: turmaIds.map((id) => ({
    id,
    name: id,
    expirationDate: null,
    enrolledAt: '2026-01-01T00:00:00.000Z',
  })),
});

/** A server where every student is in `t1`, answering what it is asked and recording it. */
function fakeApi(inTurma = ['t1']) {
  const asked: string[][] = [];
  const getStudentsByEmail = vi.fn((emails: readonly string[]) => {
    asked.push([...emails]);
    return Promise.resolve({ data: emails.map((email) => record(email, inTurma)) });
  });
  return { asked, getStudentsByEmail, ...studentsByEmailRequester(getStudentsByEmail) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createRemovalLookup', () => {
  it('asks a chunk of 100 lines just before its first line is sent, once', async () => {
    const items = Array.from({ length: 250 }, (_, n) => item(n));
    const api = fakeApi();
    const lookup = createRemovalLookup(api, items);

    await Promise.all(items.slice(0, 4).map((one) => lookup.beforeSending(one)));
    expect(api.asked.map((emails) => emails.length)).toEqual([100]);
    for (const one of items.slice(4, 100)) await lookup.beforeSending(one);
    expect(api.asked).toHaveLength(1);

    await lookup.beforeSending(items[100]!);
    await lookup.beforeSending(items[249]!);
    expect(api.asked.map((emails) => emails.length)).toEqual([100, 100, 50]);
    expect(lookup.before.get(items[249]!)).toEqual(record('s249@escola.test', ['t1']));
    // Only lines about to be sent are fixed.
    expect(lookup.before.has(items[150]!)).toBe(false);
  });

  it('keeps a line’s state once fixed: its retries, and a later run of it, ask nothing again', async () => {
    const items = [item(0), item(1)];
    const first = createRemovalLookup(fakeApi(), items);
    await first.beforeSending(items[0]!);

    // After the removal the student is in nothing: a new look would say "was not in".
    const later = fakeApi([]);
    const again = createRemovalLookup(later, items, first.before);
    await again.beforeSending(items[0]!);
    await again.beforeSending(items[1]!);

    expect(again.before.get(items[0]!)?.classes.map(({ id }) => id)).toEqual(['t1']);
    expect(later.asked).toEqual([['s1@escola.test']]);
  });

  it('says null for an e-mail nobody has', async () => {
    const api = studentsByEmailRequester(() => Promise.resolve({ data: [] as StudentRecord[] }));
    const nobody = item(0);
    const lookup = createRemovalLookup(api, [nobody]);
    await lookup.beforeSending(nobody);
    expect(lookup.before.get(nobody)).toBeNull();
  });

  it('fails the line when the question gets no answer, and asks again at its next try', async () => {
    const items = [item(0)];
    const api = fakeApi();
    api.getStudentsByEmail.mockRejectedValueOnce(new ApiError('network', 'offline'));
    const lookup = createRemovalLookup(api, items);

    await expect(lookup.beforeSending(items[0]!)).rejects.toThrow('offline');
    expect(lookup.before.has(items[0]!)).toBe(false);
    await lookup.beforeSending(items[0]!);
    expect(lookup.before.get(items[0]!)).not.toBeUndefined();
    expect(api.getStudentsByEmail).toHaveBeenCalledTimes(2);
  });

  it('leaves the state unknown, and lets the removal go, when the question is refused for good', async () => {
    const api = fakeApi();
    api.getStudentsByEmail.mockRejectedValueOnce(
      new ApiError('http', 'Request headers too large', { status: 431 }),
    );
    const line = item(0);
    const lookup = createRemovalLookup(api, [line]);

    await lookup.beforeSending(line);
    expect(lookup.before.has(line)).toBe(true);
    expect(lookup.before.get(line)).toBeUndefined();
  });

  it('asks again for the lines still to go when a pause left the chunk’s answer old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const items = [item(0), item(1)];
    const api = fakeApi();
    const lookup = createRemovalLookup(api, items);
    await lookup.beforeSending(items[0]!);

    vi.setSystemTime(Date.now() + 60_000);
    await lookup.beforeSending(items[1]!);

    expect(api.asked).toEqual([['s0@escola.test', 's1@escola.test'], ['s1@escola.test']]);
  });
});
