/**
 * `GET /v1/students/by-email` on both engines (docs/decisions/015-roster-extension.md): one
 * statement reads the asked students and every one of their turmas, straight from the tables (the
 * unique index on e-mail, then the enrolments' index by student), so an answer is never older
 * than any process's committed writes. Here the rows become the answer, engine-neutral.
 */
import type { StudentsByEmailResponse } from '#contract/extensions';

/**
 * One row per (student, turma) in the order to answer: by the position of the student's e-mail
 * in the request, then turma by folded name, then id. A student in no turma has one row with
 * the turma's columns null.
 */
export interface StudentRecordRow {
  email: string;
  studentName: string;
  classId: string | null;
  className: string | null;
  expirationDate: string | null;
  enrolledAt: string | null;
}

/**
 * The e-mails to ask for, each once, in the order first asked: a student asked twice is answered
 * once. They arrive lower-cased and trimmed by the contract, as the store keeps them.
 */
export const distinctEmails = (emails: readonly string[]): string[] => [...new Set(emails)];

export function studentRecords(rows: readonly StudentRecordRow[]): StudentsByEmailResponse {
  const data: StudentsByEmailResponse['data'] = [];
  for (const row of rows) {
    let student = data.at(-1);
    if (student?.email !== row.email) {
      student = { name: row.studentName, email: row.email, classes: [] };
      data.push(student);
    }
    if (row.classId !== null) {
      student.classes.push({
        id: row.classId,
        name: row.className!,
        expirationDate: row.expirationDate,
        enrolledAt: row.enrolledAt!,
      });
    }
  }
  return { data };
}
