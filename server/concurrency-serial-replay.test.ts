/**
 * 500 enrolments and removals fired concurrently over HTTP must leave the state that replaying the
 * acknowledged ones one after another gives (testing/serial-replay.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invariantViolations, storedEnrolments, storedStudents } from './testing/database.ts';
import {
  deduceSerialOrder,
  INITIAL,
  countsPerTurma,
  replay,
  settle,
  stateOf,
  STUDENTS,
  TURMAS,
  sendInOrder,
  workload,
  type Send,
} from './testing/serial-replay.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ fixtures: { turmas: TURMAS, enrolments: INITIAL } });
});
afterAll(() => server.stop());

describe('500 concurrent enrolments and removals', () => {
  it('end in the state a serial replay of the acknowledged ones gives', async () => {
    const initial = stateOf(await storedEnrolments(server.database));
    expect(initial.size).toBe(INITIAL.length);
    const writes = workload();

    // Sent grouped by student, 64 at a time: one student's requests then arrive together, and race
    // for the same keys instead of reaching the server far apart.
    const sendOrder = writes.toSorted(
      (a, b) => a.email.localeCompare(b.email) || a.index - b.index,
    );
    const send: Send = (path, options) => server.request(path, options);
    const sent = await sendInOrder(sendOrder, (write) => write.send(send));
    const answers = writes.map((write) => sent.get(write)!);

    const { unexpected, acknowledged } = settle(writes, answers);
    expect(unexpected).toEqual([]);

    const final = stateOf(await storedEnrolments(server.database));
    const { order, problems, contested } = deduceSerialOrder(initial, acknowledged, final);
    expect(problems).toEqual([]);
    expect(replay(initial, order)).toEqual(final);
    // The workload does race: many keys were written by more than one acknowledged request.
    expect(contested).toBeGreaterThan(50);

    // The counts follow the rows, and every spelling of an e-mail found the same student.
    const counts = countsPerTurma(final);
    const listed = await server.listAllClasses();
    expect(new Map(listed.map((turma) => [turma.id, turma.countStudents]))).toEqual(counts);
    expect(await storedStudents(server.database)).toHaveLength(STUDENTS.length);
    expect(await invariantViolations(server.database)).toEqual([]);
    // 500 transactions and a check of every row: 20 s on a quiet machine at worst, more on a busy one.
  }, 120_000);
});
