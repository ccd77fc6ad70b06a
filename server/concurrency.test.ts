/**
 * Many enrolments at once, overlapping in students (some e-mails differ only by letter case) and
 * in turmas: no duplicate student, and every count exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TurmaFixture } from './testing/database.ts';
import { storedEnrolments, storedStudents, studentCount } from './testing/database.ts';
import {
  expectCountsMatchEnrolments,
  startTestServer,
  type Answer,
  type TestServer,
} from './testing/test-server.ts';

const TURMAS: TurmaFixture[] = [1, 2, 3, 4, 5].map((n) => ({
  id: `k${n}`,
  name: `Turma ${n}`,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
}));

/** Ten spellings of seven students. */
const EMAILS = [
  'aluno1@escola.example',
  'ALUNO1@escola.example',
  'Aluno1@Escola.Example',
  'aluno2@escola.example',
  'aluno2@ESCOLA.EXAMPLE',
  'aluno3@escola.example',
  'aluno4@escola.example',
  'aluno5@escola.example',
  'aluno6@escola.example',
  'aluno7@escola.example',
];

interface Call {
  email: string;
  turmaIds: string[];
  /** Through POST /classe/{id}/add-student rather than the many-turmas call. */
  single: boolean;
}

/** 100 calls, deterministic: each names one or two turmas, every fourth through the single call. */
const CALLS: Call[] = Array.from({ length: 100 }, (_, i) => {
  const first = TURMAS[i % 5]!.id;
  const second = TURMAS[(i * 3 + 1) % 5]!.id;
  const single = i % 4 === 0;
  return {
    email: EMAILS[i % EMAILS.length]!,
    turmaIds: single || first === second ? [first] : [first, second],
    single,
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ fixtures: { turmas: TURMAS } });
});
afterAll(() => server.stop());

describe('100 parallel enrolments', () => {
  it('all succeed, create each student once and leave exact counts', async () => {
    const answers: Answer[] = await Promise.all(
      CALLS.map(({ email, turmaIds, single }, i) => {
        const student = {
          name: `Aluno ${i}`,
          email,
          expirationDate: `2027-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00Z`,
        };
        return single
          ? server.request(`/classe/${turmaIds[0]}/add-student`, { method: 'POST', json: student })
          : server.request('/classe/add-student', {
              method: 'POST',
              json: { ...student, classes: turmaIds.map((id) => ({ id })) },
            });
      }),
    );

    expect(answers.map((answer) => answer.status)).toEqual(CALLS.map(() => 200));

    const distinctEmails = [...new Set(EMAILS.map((email) => email.toLowerCase()))].sort();
    expect(distinctEmails).toHaveLength(7);
    expect((await storedStudents(server.database)).map((student) => student.email)).toEqual(
      distinctEmails,
    );
    expect(await studentCount(server.database)).toBe(7);

    const expected = new Map<string, Set<string>>(TURMAS.map((turma) => [turma.id, new Set()]));
    for (const { email, turmaIds } of CALLS) {
      for (const id of turmaIds) expected.get(id)!.add(email.toLowerCase());
    }
    const expectedCounts = Object.fromEntries(
      [...expected].map(([id, emails]) => [id, emails.size]),
    );
    expect(expectedCounts).toEqual({ k1: 4, k2: 3, k3: 2, k4: 3, k5: 4 });
    const listed = await server.listAllClasses();
    expect(Object.fromEntries(listed.map((turma) => [turma.id, turma.countStudents]))).toEqual(
      expectedCounts,
    );
    expect(await storedEnrolments(server.database)).toHaveLength(
      Object.values(expectedCounts).reduce((sum, count) => sum + count, 0),
    );
    await expectCountsMatchEnrolments(server);
  });
});
