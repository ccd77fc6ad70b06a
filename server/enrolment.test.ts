/**
 * The three writes on the standard turmas: what they change, what they must not change, and their
 * 404s. Every write also re-checks each turma's countStudents.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Class } from '#contract';
import { storedEnrolments, storedStudents, type StoredEnrolment } from './testing/database.ts';
import { STANDARD_EXPIRY, STANDARD_FIXTURES, STUDENTS, TURMAS } from './testing/fixtures.ts';
import {
  expectError,
  expectWriteOk,
  startTestServer,
  type TestServer,
} from './testing/test-server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ fixtures: STANDARD_FIXTURES });
});
afterEach(() => server.stop());

const DORA = { name: 'Dora Nunes', email: 'dora@escola.example' };

/** Every turma by id, as getClasses answers it. */
async function turmasById(): Promise<Record<string, Class>> {
  const turmas = await server.listAllClasses();
  return Object.fromEntries(turmas.map((turma) => [turma.id, turma]));
}

const enrolmentsOf = async (email: string): Promise<StoredEnrolment[]> =>
  (await storedEnrolments(server.database)).filter((enrolment) => enrolment.email === email);

describe('addStudentToClasses (POST /classe/add-student)', () => {
  it('creates a new student and enrols them into every listed turma', async () => {
    expectWriteOk(
      await server.addStudentToClasses({
        ...DORA,
        classes: [{ id: TURMAS.turmaB.id }, { id: TURMAS.fisica.id }],
        expirationDate: '2027-06-30T23:59:59Z',
      }),
    );

    const after = await turmasById();
    expect(after[TURMAS.turmaB.id]!.countStudents).toBe(1); // was 0
    expect(after[TURMAS.fisica.id]!.countStudents).toBe(3); // was 2
    expect(await storedStudents(server.database)).toContainEqual(DORA);
    expect(await enrolmentsOf(DORA.email)).toEqual([
      { turmaId: TURMAS.turmaB.id, email: DORA.email, expirationDate: '2027-06-30T23:59:59.000Z' },
      { turmaId: TURMAS.fisica.id, email: DORA.email, expirationDate: '2027-06-30T23:59:59.000Z' },
    ]);
  });

  it('moves updatedAt of the turmas it enrols into, and only of those', async () => {
    const before = await turmasById();

    expectWriteOk(
      await server.addStudentToClasses({ ...DORA, classes: [{ id: TURMAS.turmaB.id }] }),
    );

    const after = await turmasById();
    expect(after[TURMAS.turmaB.id]!.updatedAt > before[TURMAS.turmaB.id]!.updatedAt).toBe(true);
    const { [TURMAS.turmaB.id]: _changed, ...othersAfter } = after;
    const { [TURMAS.turmaB.id]: _original, ...othersBefore } = before;
    expect(othersAfter).toEqual(othersBefore);
  });

  it('stores the expiry in UTC, and no expiry when expirationDate is absent', async () => {
    expectWriteOk(
      await server.addStudentToClasses({
        ...DORA,
        classes: [{ id: TURMAS.turmaB.id }],
        expirationDate: '2027-01-31T12:00:00-03:00',
      }),
    );
    expectWriteOk(
      await server.addStudentToClasses({
        name: 'Eva Rocha',
        email: 'eva@escola.example',
        classes: [{ id: TURMAS.turmaB.id }],
      }),
    );

    expect((await enrolmentsOf(DORA.email))[0]!.expirationDate).toBe('2027-01-31T15:00:00.000Z');
    expect((await enrolmentsOf('eva@escola.example'))[0]!.expirationDate).toBeNull();
  });

  it('takes the first and the last instant an expiry may name, in UTC', async () => {
    for (const [email, expirationDate] of [
      ['eva@escola.example', '1970-01-01T01:00:00+01:00'],
      ['fabio@escola.example', '9999-12-31T20:59:59-03:00'],
    ] as const) {
      expectWriteOk(
        await server.addStudentToClass(TURMAS.turmaB.id, { name: 'Aluno', email, expirationDate }),
      );
    }

    expect((await enrolmentsOf('eva@escola.example'))[0]!.expirationDate).toBe(
      '1970-01-01T00:00:00.000Z',
    );
    expect((await enrolmentsOf('fabio@escola.example'))[0]!.expirationDate).toBe(
      '9999-12-31T23:59:59.000Z',
    );
  });

  it('re-enrolling sets the new expiry, keeps the count and moves updatedAt', async () => {
    const before = await turmasById();

    expectWriteOk(
      await server.addStudentToClasses({
        ...STUDENTS.ana,
        classes: [{ id: TURMAS.matematica9A.id }],
        expirationDate: '2027-12-31T23:59:59Z',
      }),
    );

    const after = (await turmasById())[TURMAS.matematica9A.id]!;
    expect(after.countStudents).toBe(2);
    expect(after.updatedAt > before[TURMAS.matematica9A.id]!.updatedAt).toBe(true);
    expect(await enrolmentsOf(STUDENTS.ana.email)).toEqual([
      {
        turmaId: TURMAS.matematica9A.id,
        email: STUDENTS.ana.email,
        expirationDate: '2027-12-31T23:59:59.000Z',
      },
      // Not listed in the call: left as it was.
      { turmaId: TURMAS.historia.id, email: STUDENTS.ana.email, expirationDate: STANDARD_EXPIRY },
    ]);
  });

  it('re-enrolling with the same expiry changes nothing at all', async () => {
    const before = await turmasById();

    expectWriteOk(
      await server.addStudentToClasses({
        ...STUDENTS.ana,
        classes: [{ id: TURMAS.matematica9A.id }],
        expirationDate: STANDARD_EXPIRY,
      }),
    );

    expect(await turmasById()).toEqual(before);
  });

  it('trims the e-mail and compares it case-insensitively: one student, not two', async () => {
    expectWriteOk(
      await server.addStudentToClasses({
        name: 'Ana Paula',
        email: ' Ana@X.com ',
        classes: [{ id: TURMAS.turmaB.id }],
      }),
    );
    expectWriteOk(
      await server.addStudentToClasses({
        name: 'Ana Paula',
        email: 'ana@x.com',
        classes: [{ id: TURMAS.turmaB.id }, { id: TURMAS.ingles.id }],
      }),
    );

    const students = (await storedStudents(server.database)).filter((s) => s.email === 'ana@x.com');
    expect(students).toEqual([{ name: 'Ana Paula', email: 'ana@x.com' }]);
    expect(await storedStudents(server.database)).toHaveLength(4);
    expect((await turmasById())[TURMAS.turmaB.id]!.countStudents).toBe(1);
    expect((await enrolmentsOf('ana@x.com')).map((enrolment) => enrolment.turmaId)).toEqual([
      TURMAS.turmaB.id,
      TURMAS.ingles.id,
    ]);
  });

  it('does not rename an existing student enrolled under another name', async () => {
    expectWriteOk(
      await server.addStudentToClasses({
        name: 'Ana Maria Souza',
        email: 'ANA@escola.example',
        classes: [{ id: TURMAS.turmaB.id }],
      }),
    );

    expect(await storedStudents(server.database)).toContainEqual(STUDENTS.ana);
    expect(await storedStudents(server.database)).toHaveLength(3);
  });

  it('stores the name trimmed', async () => {
    expectWriteOk(
      await server.addStudentToClasses({
        name: '  Dora Nunes  ',
        email: DORA.email,
        classes: [{ id: TURMAS.turmaB.id }],
      }),
    );

    expect(await storedStudents(server.database)).toContainEqual(DORA);
  });

  it('keeps the joiners, direction marks and combining marks real names use, as sent', async () => {
    // ZWJ, ZWNJ, LRM, RLM and a combining acute: only bidirectional controls are refused.
    const names = ['Zo\u0301e Nunes', 'Mi\u200crza\u200d Ali', 'Dana \u200eכהן\u200f'];
    for (const [i, name] of names.entries()) {
      const email = `marks${i}@escola.example`;
      expectWriteOk(
        await server.addStudentToClasses({ name, email, classes: [{ id: TURMAS.turmaB.id }] }),
      );
      expect(await storedStudents(server.database)).toContainEqual({ name, email });
    }
  });

  it('accepts values exactly at the limits: 200-character name, 254-character e-mail, 100 turmas', async () => {
    const longEmail = `${'a'.repeat(239)}@escola.example`;
    expect(longEmail).toHaveLength(254);
    const hundredIds = [TURMAS.turmaB.id, ...Array.from({ length: 99 }, (_, i) => `x${i}`)];

    expectWriteOk(
      await server.addStudentToClasses({
        name: 'N'.repeat(200),
        email: longEmail,
        classes: [{ id: TURMAS.turmaB.id }],
      }),
    );
    // 100 distinct ids pass validation; the 99 unknown ones then make it a 404.
    const answer = await server.addStudentToClasses({
      ...DORA,
      classes: hundredIds.map((id) => ({ id })),
    });
    expect(answer.status).toBe(404);
    expect(await storedStudents(server.database)).toContainEqual({
      name: 'N'.repeat(200),
      email: longEmail,
    });
  });

  it('an unknown turma id answers 404 naming the unknown ids, and enrols into none', async () => {
    const before = await turmasById();

    expectError(
      await server.addStudentToClasses({
        ...DORA,
        classes: [{ id: 'ghost-1' }, { id: TURMAS.turmaB.id }, { id: 'ghost-2' }],
      }),
      404,
      'No class with id ghost-1, ghost-2',
    );

    expect(await turmasById()).toEqual(before);
    expect((await storedStudents(server.database)).map((student) => student.email)).not.toContain(
      DORA.email,
    );
    expect(await storedEnrolments(server.database)).toHaveLength(6);
  });

  it('an unknown turma id does not touch an existing student’s other enrolments', async () => {
    const enrolmentsBefore = await storedEnrolments(server.database);

    expectError(
      await server.addStudentToClasses({
        ...STUDENTS.ana,
        classes: [{ id: TURMAS.matematica9A.id }, { id: 'ghost' }],
        expirationDate: '2030-01-01T00:00:00Z',
      }),
      404,
      'No class with id ghost',
    );

    expect(await storedEnrolments(server.database)).toEqual(enrolmentsBefore);
  });
});

describe('addStudentToClass (POST /classe/{id}/add-student)', () => {
  it('creates a new student and enrols them into the turma of the path', async () => {
    expectWriteOk(
      await server.addStudentToClass(TURMAS.historiaLowercase.id, {
        ...DORA,
        expirationDate: '2027-03-01T00:00:00+01:00',
      }),
    );

    expect((await turmasById())[TURMAS.historiaLowercase.id]!.countStudents).toBe(1);
    expect(await storedStudents(server.database)).toContainEqual(DORA);
    expect(await enrolmentsOf(DORA.email)).toEqual([
      {
        turmaId: TURMAS.historiaLowercase.id,
        email: DORA.email,
        expirationDate: '2027-02-28T23:00:00.000Z',
      },
    ]);
  });

  it('re-enrolling an existing student (any letter case) updates the expiry only', async () => {
    expectWriteOk(
      await server.addStudentToClass(TURMAS.fisica.id, {
        name: 'Somebody Else',
        email: 'CARLA@Escola.Example',
        expirationDate: '2028-01-01T00:00:00Z',
      }),
    );

    expect((await turmasById())[TURMAS.fisica.id]!.countStudents).toBe(2);
    expect(await storedStudents(server.database)).toContainEqual(STUDENTS.carla);
    expect(await enrolmentsOf(STUDENTS.carla.email)).toEqual([
      {
        turmaId: TURMAS.fisica.id,
        email: STUDENTS.carla.email,
        expirationDate: '2028-01-01T00:00:00.000Z',
      },
      { turmaId: TURMAS.ingles.id, email: STUDENTS.carla.email, expirationDate: STANDARD_EXPIRY },
    ]);
  });

  it('an unknown turma answers 404 naming it, and does not create the student', async () => {
    const before = await turmasById();

    expectError(await server.addStudentToClass('ghost', DORA), 404, 'No class with id ghost');

    expect(await turmasById()).toEqual(before);
    expect(await storedStudents(server.database)).toHaveLength(3);
  });
});

describe('removeStudentFromClasses (DELETE /classe/remove-student)', () => {
  it('removes the student from every listed turma and from no other', async () => {
    const before = await turmasById();

    expectWriteOk(
      await server.removeStudentFromClasses({
        email: STUDENTS.bruno.email,
        classes: [{ id: TURMAS.matematica9A.id }, { id: TURMAS.fisica.id }],
      }),
    );

    const after = await turmasById();
    expect(after[TURMAS.matematica9A.id]!.countStudents).toBe(1);
    expect(after[TURMAS.fisica.id]!.countStudents).toBe(1);
    expect(
      after[TURMAS.matematica9A.id]!.updatedAt > before[TURMAS.matematica9A.id]!.updatedAt,
    ).toBe(true);
    expect(after[TURMAS.fisica.id]!.updatedAt > before[TURMAS.fisica.id]!.updatedAt).toBe(true);
    expect(after[TURMAS.historia.id]).toEqual(before[TURMAS.historia.id]);
    expect(await enrolmentsOf(STUDENTS.bruno.email)).toEqual([]);
    expect(await enrolmentsOf(STUDENTS.ana.email)).toHaveLength(2);
  });

  it('finds the student whatever the letter case and surrounding spaces of the e-mail', async () => {
    expectWriteOk(
      await server.removeStudentFromClasses({
        email: '  ANA@Escola.EXAMPLE ',
        classes: [{ id: TURMAS.historia.id }],
      }),
    );

    expect((await enrolmentsOf(STUDENTS.ana.email)).map((enrolment) => enrolment.turmaId)).toEqual([
      TURMAS.matematica9A.id,
    ]);
  });

  it('leaves a listed turma the student is not in as it is, and answers 200 (idempotent)', async () => {
    const before = await turmasById();

    expectWriteOk(
      await server.removeStudentFromClasses({
        email: STUDENTS.ana.email,
        classes: [{ id: TURMAS.historia.id }, { id: TURMAS.turmaB.id }],
      }),
    );
    const afterFirst = await turmasById();
    expectWriteOk(
      await server.removeStudentFromClasses({
        email: STUDENTS.ana.email,
        classes: [{ id: TURMAS.historia.id }],
      }),
    );

    expect(afterFirst[TURMAS.historia.id]!.countStudents).toBe(0);
    expect(afterFirst[TURMAS.turmaB.id]).toEqual(before[TURMAS.turmaB.id]);
    expect(await turmasById()).toEqual(afterFirst);
  });

  it('an unknown e-mail answers 404 "Student not found" and changes nothing', async () => {
    const before = await turmasById();

    expectError(
      await server.removeStudentFromClasses({
        email: 'nobody@escola.example',
        classes: [{ id: TURMAS.fisica.id }],
      }),
      404,
      'Student not found',
    );

    expect(await turmasById()).toEqual(before);
  });

  it('an unknown turma answers 404 naming it, and removes from none (atomic)', async () => {
    const before = await turmasById();
    const enrolmentsBefore = await storedEnrolments(server.database);

    expectError(
      await server.removeStudentFromClasses({
        email: STUDENTS.bruno.email,
        classes: [{ id: TURMAS.matematica9A.id }, { id: 'ghost' }, { id: TURMAS.fisica.id }],
      }),
      404,
      'No class with id ghost',
    );

    expect(await turmasById()).toEqual(before);
    expect(await storedEnrolments(server.database)).toEqual(enrolmentsBefore);
  });

  it('a removed student can be enrolled again', async () => {
    const classes = [{ id: TURMAS.ingles.id }];
    expectWriteOk(await server.removeStudentFromClasses({ email: STUDENTS.carla.email, classes }));
    expectWriteOk(await server.addStudentToClasses({ ...STUDENTS.carla, classes }));

    expect((await turmasById())[TURMAS.ingles.id]!.countStudents).toBe(1);
    expect(
      (await enrolmentsOf(STUDENTS.carla.email)).map((enrolment) => enrolment.turmaId),
    ).toEqual([TURMAS.fisica.id, TURMAS.ingles.id]);
  });
});
