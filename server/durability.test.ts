/**
 * The production process killed with SIGKILL mid-load keeps every acknowledged write and no
 * half-written one; stopped with SIGTERM, it finishes the requests in flight and exits 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  invariantViolations,
  storedEnrolments,
  storedStudents,
  writeFixtures,
  type EnrolmentFixture,
  type StudentFixture,
  type TestDatabase,
  type TurmaFixture,
} from './testing/database.ts';
import { killAllMains, startMain, type MainProcess } from './testing/main-process.ts';
import { RawConnection } from './testing/raw-http.ts';

const TOKEN = 'durability-test-token-7f3a9c0123456789';
const ENV = { API_TOKENS: TOKEN, SEED_CLASSES: '0' };
/** Acknowledged writes before the kill; 8 workers keep up to 8 more in flight. */
const KILL_AFTER = 150;
const WORKERS = 8;

const TURMAS: TurmaFixture[] = Array.from({ length: 10 }, (_, i) => ({
  id: `d${String(i + 1).padStart(2, '0')}`,
  name: `Turma ${i + 1}`,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
}));
const PRE_EXPIRY = '2030-01-01T00:00:00.000Z';
/** Students enrolled beforehand, each in two turmas: what the load's removals remove. */
const PRE: StudentFixture[] = Array.from({ length: 80 }, (_, i) => ({
  name: `Aluno ${i}`,
  email: `pre${i}@escola.example`,
}));
const turmasOfPre = (i: number) => [TURMAS[i % 10]!.id, TURMAS[(i + 3) % 10]!.id];
const INITIAL: EnrolmentFixture[] = PRE.flatMap((student, i) =>
  turmasOfPre(i).map((id) => ({
    turma: TURMAS.find((turma) => turma.id === id)!,
    student,
    expirationDate: PRE_EXPIRY,
  })),
);

interface Op {
  kind: 'enrol' | 'remove';
  email: string;
  turmaIds: string[];
  expirationDate?: string;
  /** What happened to it: answered 200, answered otherwise, or no answer (killed in flight). */
  outcome?: 'acknowledged' | 'refused' | 'unknown';
}

/**
 * Every third op removes one prepared student from both their turmas (each student once); the
 * others enrol a new student (each once) into one to three turmas with an expiry of their own.
 * No key is written twice, so what an acknowledged op wrote must still be there.
 */
function ops(): Op[] {
  return Array.from({ length: 600 }, (_, i): Op => {
    if (i % 3 === 2 && i / 3 < PRE.length) {
      const student = Math.floor(i / 3);
      return { kind: 'remove', email: PRE[student]!.email, turmaIds: turmasOfPre(student) };
    }
    const count = 1 + (i % 3);
    return {
      kind: 'enrol',
      email: `load${i}@escola.example`,
      turmaIds: Array.from({ length: count }, (_, k) => TURMAS[(i + k * 4) % 10]!.id),
      expirationDate: new Date(Date.UTC(2031, 0, 1) + i * 60_000).toISOString(),
    };
  });
}

function send(main: MainProcess, op: Op): Promise<Response> {
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  const classes = op.turmaIds.map((id) => ({ id }));
  if (op.kind === 'remove') {
    return fetch(`${main.url}/v1/classe/remove-student`, {
      method: 'DELETE',
      headers,
      body: JSON.stringify({ email: op.email, classes }),
    });
  }
  const student = { name: 'Aluno', email: op.email, expirationDate: op.expirationDate };
  return op.turmaIds.length === 1
    ? fetch(`${main.url}/v1/classe/${op.turmaIds[0]}/add-student`, {
        method: 'POST',
        headers,
        body: JSON.stringify(student),
      })
    : fetch(`${main.url}/v1/classe/add-student`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...student, classes }),
      });
}

/** Each test starts production processes in turn: on a busy 2-core machine, seconds apiece. */
const PROCESSES = { timeout: 60_000 };

let database: TestDatabase;
let main: MainProcess;
const outputs: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await writeFixtures(database, { turmas: TURMAS, enrolments: INITIAL });
});
afterAll(async () => {
  killAllMains();
  await database.drop();
});

describe('SIGKILL in the middle of a write load', PROCESSES, () => {
  it('loses no acknowledged write, and leaves none half-done', async () => {
    const first = await startMain(database, ENV);
    const load = ops();
    let next = 0;
    let acknowledged = 0;
    let inFlight = 0;
    let inFlightAtKill = -1;
    let killed = false;

    const worker = async () => {
      while (!killed && next < load.length) {
        const op = load[next++]!;
        inFlight++;
        try {
          const response = await send(first, op);
          const body = await response.text();
          op.outcome = response.status === 200 && body === '{}' ? 'acknowledged' : 'refused';
        } catch {
          op.outcome = 'unknown'; // the connection died with the process
        } finally {
          inFlight--;
        }
        if (op.outcome === 'acknowledged' && ++acknowledged === KILL_AFTER) {
          inFlightAtKill = inFlight;
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    expect(await first.exited()).toBeNull();
    expect(first.child.signalCode).toBe('SIGKILL');
    outputs.push(first.output(), first.errors());

    expect(load.filter((op) => op.outcome === 'refused')).toEqual([]);
    expect(acknowledged).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(inFlightAtKill, 'requests in flight when the process was killed').toBeGreaterThan(0);

    main = await startMain(database, ENV);
    const enrolled = new Map(
      (await storedEnrolments(database)).map((row) => [
        `${row.email} ${row.turmaId}`,
        row.expirationDate,
      ]),
    );
    const students = new Set((await storedStudents(database)).map((student) => student.email));
    /** How many of the op's turmas show its effect. */
    const applied = (op: Op) =>
      op.turmaIds.filter((id) => {
        const found = enrolled.get(`${op.email} ${id}`);
        return op.kind === 'enrol' ? found === op.expirationDate : found === undefined;
      }).length;

    const problems: string[] = [];
    for (const op of load) {
      const done = applied(op);
      if (op.outcome === 'acknowledged' && done !== op.turmaIds.length) {
        problems.push(`acknowledged, then lost: ${op.kind} ${op.email}`);
      }
      if (op.outcome === 'unknown' && done !== 0 && done !== op.turmaIds.length) {
        problems.push(`half-done: ${op.kind} ${op.email} (${done} of ${op.turmaIds.length})`);
      }
      if (op.outcome === undefined && done !== 0)
        problems.push(`never sent, yet done: ${op.email}`);
      if (op.kind === 'enrol' && students.has(op.email) !== done > 0) {
        problems.push(`student row and enrolments disagree: ${op.email}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await invariantViolations(database)).toEqual([]);

    // The restarted server reads the same rows, and writes again.
    const listed = await fetch(`${main.url}/v1/classe?pageSize=100`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const { data } = (await listed.json()) as { data: { countStudents: number }[] };
    expect(data.reduce((sum, turma) => sum + turma.countStudents, 0)).toBe(enrolled.size);
    const again = await send(main, {
      kind: 'enrol',
      email: 'after.restart@escola.example',
      turmaIds: ['d01'],
      expirationDate: '2032-01-01T00:00:00.000Z',
    });
    expect(again.status).toBe(200);
  });
});

describe('SIGTERM', PROCESSES, () => {
  const HELD = 3;
  const heldBody = (n: number) =>
    JSON.stringify({
      name: 'Aluno',
      email: `held${n}@escola.example`,
      classes: [{ id: 'd02' }, { id: 'd07' }],
    });

  it('stops accepting, closes idle connections, answers the requests in flight, exits 0', async () => {
    // A connection opened, its request not yet sent. The server accepted it before the idle one
    // below was answered (the kernel hands connections over in the order they came).
    const silent = await RawConnection.open(main.port);
    // A keep-alive connection left idle after one answer.
    const idle = await RawConnection.open(main.port);
    idle.write(`GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect((await idle.nextAnswer())?.status).toBe(200);

    // Requests the server has begun (it asked for their bodies), bodies not yet sent.
    const held = await Promise.all(
      Array.from({ length: HELD }, async (_, n) => {
        const connection = await RawConnection.open(main.port);
        connection.write(
          [
            'POST /v1/classe/add-student HTTP/1.1',
            'Host: x',
            `Authorization: Bearer ${TOKEN}`,
            'Content-Type: application/json',
            `Content-Length: ${Buffer.byteLength(heldBody(n))}`,
            'Expect: 100-continue',
            '',
            '',
          ].join('\r\n'),
        );
        expect(await connection.nextInterim()).toBe(100);
        return connection;
      }),
    );

    main.child.kill('SIGTERM');
    await main.waitForOutput(/"msg":"shutting down","signal":"SIGTERM"/);

    await expect(RawConnection.open(main.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await idle.closed();
    expect(main.child.exitCode, 'exited before its requests were answered').toBeNull();

    // The silent one was not closed with the idle one: its request, sent now, is answered.
    silent.write(
      `GET /v1/classe?pageSize=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`,
    );
    const silentAnswer = await silent.nextAnswer();
    expect(silentAnswer?.status).toBe(200);
    expect(silentAnswer!.headers.connection).toBe('close');
    await silent.closed();

    for (const [n, connection] of held.entries()) {
      connection.write(heldBody(n));
      const answer = await connection.nextAnswer();
      expect({ status: answer?.status, body: answer?.text }).toEqual({ status: 200, body: '{}' });
      expect(answer!.headers.connection).toBe('close');
      await connection.closed();
    }

    expect(await main.exited()).toBe(0);
    expect(main.output()).toMatch(/"msg":"stopped"/);
    outputs.push(main.output(), main.errors());
    const emails = new Set((await storedEnrolments(database)).map((row) => row.email));
    for (let n = 0; n < HELD; n++) expect(emails).toContain(`held${n}@escola.example`);
    expect(await invariantViolations(database)).toEqual([]);
  });
});

describe('the output of both processes', () => {
  it('never holds the token (API_TOKENS is never printed)', () => {
    expect(outputs.length).toBe(4);
    for (const output of outputs) expect(output).not.toContain(TOKEN);
  });
});
