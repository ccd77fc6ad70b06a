/**
 * What the bulk dialog's look-up costs: 1,000 lines' students read through the console's own
 * `readStudentsByEmail` (batches of ≤ 100 e-mails, a few at once) against a running server.
 *
 *   API_URL=http://127.0.0.1:3000/v1 API_TOKEN=… npx tsx scripts/bench-students-by-email.ts
 *
 * The e-mails are 900 of the server's students, from random pages of `GET /v1/students`, and 100
 * unknown ones, shuffled; each round draws new ones. Prints each round's wall time and requests.
 * Decision 015, "Students by e-mail", holds the figures.
 */
import { parseArgs } from 'node:util';
import { createApiClient } from '../src/api/client.ts';
import { findStudents } from '../src/api/extension-calls.ts';
import { readStudentsByEmail } from '../src/api/student-queries.ts';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '5' },
  },
});
const LINES = Number(values.lines);
const ROUNDS = Number(values.rounds);
const baseUrl = process.env.API_URL ?? 'http://127.0.0.1:3000/v1';
const token = process.env.API_TOKEN ?? '';

let requests = 0;
const api = createApiClient({
  baseUrl,
  getToken: () => token,
  fetch: (input, init) => {
    requests++;
    return fetch(input, init);
  },
});

const { totalRecords } = await findStudents(api, { pageSize: 1 });
const pages = Math.floor(totalRecords / 100);
const known = Math.round(LINES * 0.9);

for (let round = 1; round <= ROUNDS; round++) {
  const emails: string[] = [];
  while (emails.length < known) {
    const page = 1 + Math.floor(Math.random() * pages);
    const { data } = await findStudents(api, { page, pageSize: 100 });
    emails.push(...data.map((student) => student.email).slice(0, known - emails.length));
  }
  for (let at = emails.length; at < LINES; at++)
    emails.push(`nobody.${String(at)}@nowhere.example`);
  emails.sort(() => Math.random() - 0.5);

  requests = 0;
  const started = performance.now();
  const found = await readStudentsByEmail(api, emails);
  const ms = performance.now() - started;
  const turmas = [...found.values()].reduce((sum, student) => sum + student.classes.length, 0);
  console.log(
    `round ${String(round)}: ${String(LINES)} lines, ${String(found.size)} students found ` +
      `(${String(turmas)} turmas) in ${String(requests)} requests, ${ms.toFixed(0)} ms`,
  );
}
