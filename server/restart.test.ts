/**
 * Everything written survives a restart on the same DATA_DIR, and a restart does not seed again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedEnrolments, storedStudents } from './testing/database.ts';
import { expectWriteOk, ids, startTestServer, type TestServer } from './testing/test-server.ts';

const DORA = { name: 'Dora Nunes', email: 'dora@escola.example' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seedClasses: 6 });
});
afterAll(() => server.stop());

describe('a restart on the same DATA_DIR', () => {
  it('keeps turmas, counts, students and enrolments, and does not seed again', async () => {
    const seeded = await server.listAllClasses();
    expect(seeded).toHaveLength(6);
    const [first, second] = ids(seeded);
    expectWriteOk(
      await server.addStudentToClasses({
        ...DORA,
        classes: [{ id: first }, { id: second }],
        expirationDate: '2027-06-30T12:00:00Z',
      }),
    );
    const beforeRestart = await server.listAllClasses();
    const enrolmentsBeforeRestart = await storedEnrolments(server.database);
    const studentsBeforeRestart = await storedStudents(server.database);

    await server.restart();

    expect(await server.listAllClasses()).toEqual(beforeRestart);
    expect(await storedStudents(server.database)).toEqual(studentsBeforeRestart);
    expect(await storedEnrolments(server.database)).toEqual(enrolmentsBeforeRestart);
    expect(await storedEnrolments(server.database)).toContainEqual({
      turmaId: first,
      email: DORA.email,
      expirationDate: '2027-06-30T12:00:00.000Z',
    });
  });

  it('still knows the student: removing them works instead of "Student not found"', async () => {
    await server.restart();
    const [turma] = await server.listAllClasses();

    expectWriteOk(
      await server.removeStudentFromClasses({ email: DORA.email, classes: [{ id: turma!.id }] }),
    );

    const [after] = await server.listAllClasses();
    expect(after).toMatchObject({ id: turma!.id, countStudents: turma!.countStudents - 1 });
  });
});
