/**
 * Rosters followed by their turmas' feeds (roster-cache.ts on read-model.ts), with a feed over
 * a turma in memory: what both engines' roster feeds rely on.
 */
import { expect, it } from 'vitest';
import type { RosterParams } from '#contract/extensions';
import { builtNow, inOneStep, type ChangeFeed, type ChangeFeedNow } from './read-model.ts';
import { ROSTERS_KEPT, Rosters, type RosterChange, type RosterRow } from './roster-cache.ts';
import { UnknownClassesError } from './store.ts';

const row = (name: string): RosterRow => {
  const email = `${name.toLowerCase()}@escola.example`;
  const at = '2026-03-10T15:00:00.000Z';
  return {
    name,
    email,
    searchName: name.toLowerCase(),
    searchEmail: email,
    expirationDate: null,
    enrolledAt: at,
    updatedAt: at,
  };
};

const ALL: RosterParams = { sortBy: 'name', page: 1, pageSize: 20 };
const names = (roster: { page: (params: RosterParams) => { data: { name: string }[] } }) =>
  roster.page(ALL).data.map((entry) => entry.name);

/** Turmas in memory: a write moves a turma's version; reads counts the enrolments read. */
function turmas() {
  const rows = new Map<string, { version: number; rows: RosterRow[] }>();
  let reads = 0;
  const read = (classId: string) => {
    const turma = rows.get(classId);
    if (!turma) throw new UnknownClassesError([classId]);
    reads++;
    return turma;
  };
  const feed = (classId: string): ChangeFeedNow<number, RosterRow[], RosterChange> => ({
    load: () =>
      inOneStep(() => {
        const { version, rows: value } = read(classId);
        return { version, value: [...value] };
      }),
    since(version) {
      const turma = rows.get(classId);
      if (!turma) return undefined;
      return {
        version: turma.version,
        value: turma.version === version ? null : [...read(classId).rows],
      };
    },
  });
  return {
    feed,
    asyncFeed: (classId: string): ChangeFeed<number, RosterRow[], RosterChange> => ({
      load: () => Promise.resolve(builtNow(feed(classId).load())),
      since: (version) => Promise.resolve(feed(classId).since(version)),
    }),
    write(classId: string, ...names: string[]) {
      const turma = rows.get(classId) ?? { version: 0, rows: [] };
      rows.set(classId, { version: turma.version + 1, rows: [...turma.rows, ...names.map(row)] });
    },
    remove: (classId: string) => rows.delete(classId),
    get reads() {
      return reads;
    },
  };
}

it('reads a turma once, pages from memory until its feed says it changed, then reads it again', () => {
  const db = turmas();
  db.write('t1', 'Bia', 'Ana');
  const rosters = new Rosters<number>();

  expect(names(rosters.now('t1', db.feed('t1')))).toEqual(['Ana', 'Bia']);
  expect(names(rosters.now('t1', db.feed('t1')))).toEqual(['Ana', 'Bia']);
  expect(db.reads).toBe(1);

  db.write('t1', 'Caio');
  const roster = rosters.now('t1', db.feed('t1'));
  expect(names(roster)).toEqual(['Ana', 'Bia', 'Caio']);
  expect(roster.page({ ...ALL, query: 'caio' }).totalRecords).toBe(1);
  expect(db.reads).toBe(2);
});

it('forgets a turma that is gone, and keeps no roster for one that never was', () => {
  const db = turmas();
  db.write('t1', 'Ana');
  const rosters = new Rosters<number>();
  rosters.now('t1', db.feed('t1'));

  expect(() => rosters.now('nope', db.feed('nope'))).toThrow(UnknownClassesError);
  expect(rosters.has('nope')).toBe(false);
  db.remove('t1');
  expect(() => rosters.now('t1', db.feed('t1'))).toThrow(UnknownClassesError);
  expect(rosters.has('t1')).toBe(false);
});

it('keeps the turmas asked last, and evicts none for a turma that does not exist', () => {
  const db = turmas();
  const rosters = new Rosters<number>();
  const ids = Array.from({ length: ROSTERS_KEPT + 1 }, (_, i) => `t${i}`);
  for (const id of ids) db.write(id, 'Ana');
  for (const id of ids.slice(0, ROSTERS_KEPT)) rosters.now(id, db.feed(id));

  expect(() => rosters.now('nope', db.feed('nope'))).toThrow(UnknownClassesError);
  expect(ids.filter((id) => rosters.has(id))).toEqual(ids.slice(0, ROSTERS_KEPT));
  rosters.now(ids.at(-1)!, db.feed(ids.at(-1)!));
  expect(ids.filter((id) => rosters.has(id))).toEqual(ids.slice(1));
});

it('shares a catch-up among the requests that arrive while one reads (PostgreSQL)', async () => {
  const db = turmas();
  db.write('t1', 'Ana');
  const rosters = new Rosters<number>();
  await rosters.current('t1', db.asyncFeed('t1'));
  db.write('t1', 'Bia');

  const answers = await Promise.all(
    Array.from({ length: 5 }, () => rosters.current('t1', db.asyncFeed('t1'))),
  );
  expect(answers.map(names)).toEqual(Array.from({ length: 5 }, () => ['Ana', 'Bia']));
  // The first load and one catch-up that read again; the other four share one that reads nothing.
  expect(db.reads).toBe(2);
  await expect(rosters.current('nope', db.asyncFeed('nope'))).rejects.toThrow(UnknownClassesError);
  expect(rosters.has('nope')).toBe(false);
});
