/**
 * The serial-replay check of concurrent writes: a workload of 500 enrolments and removals, and
 * whether the final state is what replaying the acknowledged ones one after another gives. Each
 * key's last writer is deduced from the final state, which the workload makes unambiguous. Used
 * against one server (concurrency-serial-replay.test.ts) and two (multi-process.postgres.test.ts).
 */
import type { EnrolmentFixture, StudentFixture, TurmaFixture } from './database.ts';
import type { Answer, RequestOptions } from './test-server.ts';

/** Sends one API call (`path` after /v1) to a server. */
export type Send = (path: string, options: RequestOptions) => Promise<Answer>;

export const TURMAS: TurmaFixture[] = Array.from({ length: 20 }, (_, i) => ({
  id: `c${String(i + 1).padStart(2, '0')}`,
  name: `Turma ${i + 1}`,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
}));
export const STUDENTS: StudentFixture[] = Array.from({ length: 50 }, (_, i) => ({
  name: `Aluno ${i + 1}`,
  email: `aluno${i + 1}@escola.example`,
}));

/** A repeatable pseudo-random sequence (mulberry32), so every run sends the same workload. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  return { next, below, pick: <T>(items: readonly T[]) => items[below(items.length)]! };
}

const key = (email: string, turmaId: string) => `${email} ${turmaId}`;
const expiryOf = (minutes: number) =>
  new Date(Date.UTC(2030, 0, 1) + minutes * 60_000).toISOString();

/** Each student starts in two turmas, with an expiry no request uses. */
export const INITIAL: EnrolmentFixture[] = STUDENTS.flatMap((student, i) =>
  [TURMAS[i % 20]!, TURMAS[(i * 3 + 7) % 20]!]
    .filter((turma, at, both) => both.indexOf(turma) === at)
    .map((turma, at) => ({ turma, student, expirationDate: expiryOf(-1 - i * 2 - at) })),
);

export interface Write {
  index: number;
  kind: 'enrol' | 'remove';
  email: string;
  turmaIds: string[];
  /** Enrolments only: unique to this request. */
  expirationDate?: string;
  /** Names an unknown turma besides real ones: must answer 404 and change nothing. */
  doomed: boolean;
  send(to: Send): Promise<Answer>;
}

/**
 * 500 writes, drawn 60/40 between enrolments (a third through the one-turma call) and removals;
 * as each key can be removed once, about 390 enrolments and 110 removals result.
 */
export function workload(): Write[] {
  const rng = random(20_261_121);
  const unremoved = new Set(STUDENTS.flatMap((s) => TURMAS.map((t) => key(s.email, t.id))));
  // Each student's requests name turmas out of four of their own: requests for one student then
  // often share two or more keys, where a write that is not atomic would show.
  const turmasFor = (student: number, count: number, usable: (turmaId: string) => boolean) => {
    const own = [0, 5, 10, 15].map((step) => TURMAS[(student + step) % TURMAS.length]!.id);
    const ids: string[] = [];
    for (let tries = 0; ids.length < count && tries < 100; tries++) {
      const id = rng.pick(own);
      if (!ids.includes(id) && usable(id)) ids.push(id);
    }
    return ids;
  };
  const writes: Write[] = [];
  for (let index = 0; writes.length < 500; index++) {
    const number = rng.below(STUDENTS.length);
    const student = STUDENTS[number]!;
    // Any spelling of the e-mail is the same student.
    const spelt = rng.next() < 0.3 ? student.email.toUpperCase() : student.email;
    const doomed = rng.next() < 0.05;
    if (rng.next() < 0.6) {
      const single = !doomed && rng.next() < 0.33;
      const turmaIds = turmasFor(number, single ? 1 : 1 + rng.below(3), () => true);
      const expirationDate = expiryOf(index);
      const classes = [...turmaIds, ...(doomed ? ['ghost'] : [])].map((id) => ({ id }));
      const body = { name: student.name, email: spelt, expirationDate };
      writes.push({
        index,
        kind: 'enrol',
        email: student.email,
        turmaIds,
        expirationDate,
        doomed,
        send: (to) =>
          single
            ? to(`/classe/${turmaIds[0]}/add-student`, { method: 'POST', json: body })
            : to('/classe/add-student', {
                method: 'POST',
                json: { ...body, classes },
              }),
      });
    } else {
      const turmaIds = turmasFor(number, 1 + rng.below(3), (id) =>
        unremoved.has(key(student.email, id)),
      );
      if (turmaIds.length === 0) continue;
      for (const id of turmaIds) unremoved.delete(key(student.email, id));
      const classes = [...turmaIds, ...(doomed ? ['ghost'] : [])].map((id) => ({ id }));
      writes.push({
        index,
        kind: 'remove',
        email: student.email,
        turmaIds,
        doomed,
        send: (to) =>
          to('/classe/remove-student', {
            method: 'DELETE',
            json: { email: spelt, classes },
          }),
      });
    }
  }
  return writes;
}

export type State = Map<string, string | null>;

/** Applies `writes` one after another to `initial`. */
export function replay(initial: State, writes: readonly Write[]): State {
  const state = new Map(initial);
  for (const write of writes) {
    for (const turmaId of write.turmaIds) {
      if (write.kind === 'enrol') state.set(key(write.email, turmaId), write.expirationDate!);
      else state.delete(key(write.email, turmaId));
    }
  }
  return state;
}

/**
 * An order of `acknowledged` that explains `final`, or the reasons none does: keys no request
 * explains, or a cycle among the constraints.
 */
export function deduceSerialOrder(
  initial: State,
  acknowledged: readonly Write[],
  final: State,
): { order: Write[]; problems: string[]; contested: number } {
  const problems: string[] = [];
  const touching = new Map<string, Write[]>();
  for (const write of acknowledged) {
    for (const turmaId of write.turmaIds) {
      const k = key(write.email, turmaId);
      touching.set(k, [...(touching.get(k) ?? []), write]);
    }
  }
  const before = new Map<Write, Set<Write>>(acknowledged.map((write) => [write, new Set()]));
  const keys = new Set([...initial.keys(), ...final.keys(), ...touching.keys()]);
  let contested = 0;
  for (const k of keys) {
    const writes = touching.get(k) ?? [];
    if (writes.length > 1) contested++;
    const found = final.get(k);
    let winner: Write | undefined;
    if (found !== undefined) {
      winner = writes.find((write) => write.kind === 'enrol' && write.expirationDate === found);
      if (!winner && (writes.length > 0 || initial.get(k) !== found)) {
        problems.push(`${k} holds ${found}, which no acknowledged request wrote`);
      }
    } else {
      winner = writes.find((write) => write.kind === 'remove');
      if (!winner && (writes.length > 0 || initial.has(k))) {
        problems.push(`${k} is not enrolled, yet no acknowledged request removed it`);
      }
    }
    if (winner) for (const write of writes) if (write !== winner) before.get(winner)!.add(write);
  }

  // Kahn's algorithm, earliest request index first among the ready ones.
  const order: Write[] = [];
  const waitingOn = new Map([...before].map(([write, preds]) => [write, preds.size]));
  const unblocks = new Map<Write, Write[]>(acknowledged.map((write) => [write, []]));
  for (const [write, preds] of before) for (const pred of preds) unblocks.get(pred)!.push(write);
  const ready = acknowledged.filter((write) => waitingOn.get(write) === 0);
  while (ready.length > 0) {
    ready.sort((a, b) => a.index - b.index);
    const write = ready.shift()!;
    order.push(write);
    for (const next of unblocks.get(write)!) {
      waitingOn.set(next, waitingOn.get(next)! - 1);
      if (waitingOn.get(next) === 0) ready.push(next);
    }
  }
  if (order.length < acknowledged.length) {
    const stuck = acknowledged
      .filter((write) => !order.includes(write))
      .map((write) => write.index);
    problems.push(`no serial order: requests ${stuck.join(', ')} wait on each other in a cycle`);
  }
  return { order, problems, contested };
}

export const stateOf = (
  rows: { turmaId: string; email: string; expirationDate: string | null }[],
): State => new Map(rows.map((row) => [key(row.email, row.turmaId), row.expirationDate]));

/** Turma id → how many students `state` has in it, every turma of the workload included. */
export function countsPerTurma(state: State): Map<string, number> {
  const counts = new Map(TURMAS.map((turma) => [turma.id, 0]));
  for (const k of state.keys()) {
    const turmaId = k.split(' ')[1]!;
    counts.set(turmaId, counts.get(turmaId)! + 1);
  }
  return counts;
}

/**
 * The writes answered otherwise than expected (a doomed write 404, any other 200), and the
 * acknowledged ones; `answers` are in the order of `writes`.
 */
/**
 * Sends `writes` in this order, `inFlight` at a time, and answers each one's answer by write. One
 * student's writes are adjacent in the order, so they still race for the same keys; what is left
 * out is hundreds of requests queued for a database connection at once, which a busy machine
 * answers 503 after a wait (capacity, which this check is not about).
 */
export async function sendInOrder(
  writes: readonly Write[],
  sendOne: (write: Write, at: number) => Promise<Answer>,
  inFlight = 64,
): Promise<Map<Write, Answer>> {
  const answers = new Map<Write, Answer>();
  let next = 0;
  const worker = async () => {
    while (next < writes.length) {
      const at = next++;
      answers.set(writes[at]!, await sendOne(writes[at]!, at));
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return answers;
}

export function settle(writes: readonly Write[], answers: readonly Answer[]) {
  const unexpected = writes
    .map((write, at) => ({ write, status: answers[at]!.status, text: answers[at]!.text }))
    .filter(({ write, status }) => status !== (write.doomed ? 404 : 200));
  const acknowledged = writes.filter((_, at) => answers[at]!.status === 200);
  return { unexpected, acknowledged };
}
