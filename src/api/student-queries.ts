import { queryOptions } from '@tanstack/react-query';
import {
  emailSchema,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  QUERY_MAX_LENGTH,
  QUERY_WORDS_MAX,
  searchWords,
  STUDENTS_BY_EMAIL_MAX,
} from '#contract';
import type {
  StudentMatch,
  StudentRecord,
  StudentSearchQuery,
  StudentSearchResponse,
} from '#contract/extensions';
import { classQueries } from './class-queries';
import { findStudents, getStudentsByEmail, type Requester } from './extension-calls';

/**
 * Finding students through the roster extension (`GET /v1/students`, docs/decisions/015), for
 * the removal form's suggestions and the enrol form's "this student exists". Only ever enabled
 * where `useExtension(api, ROSTER_EXTENSION)` says the server has it.
 *
 * Keys sit under `classQueries.all()`: who is in which turma changes with every enrolment and
 * removal, and each of those writes already invalidates that key, so a student's turmas are
 * never older than the console's own last write.
 */
export const studentQueries = {
  all: () => [...classQueries.all(), 'students'] as const,
  search: (api: Requester, params: StudentSearchQuery) =>
    queryOptions({
      queryKey: [...studentQueries.all(), params] as const,
      // The signal aborts the request once nobody waits for it (typing went on).
      queryFn: ({ signal }) => findStudents(api, params, { signal }),
      staleTime: 30_000,
    }),
  /**
   * The students typed text may mean, by name or e-mail (`studentSearchText`): the removal form's
   * suggestions, and the lookup of an e-mail typed in full (`studentWithEmail`), which is then
   * the same request. Only for text with something to search (`studentSearchText(text) !== ''`).
   */
  matching: (api: Requester, text: string) =>
    studentQueries.search(api, { query: studentSearchText(text), pageSize: PAGE_SIZE_DEFAULT }),
  /** The same search, as many as a page holds: asked afresh where the answer decides words. */
  withEmail: (api: Requester, email: string) =>
    studentQueries.search(api, { query: studentSearchText(email), pageSize: PAGE_SIZE_MAX }),
  /**
   * One student with every turma (the students-by-email extension): the student's page. Null
   * when nobody has the e-mail (normalised, as `normalizedEmail` gives it).
   */
  record: (api: Requester, email: string) =>
    queryOptions({
      queryKey: [...studentQueries.all(), 'by-email', email] as const,
      queryFn: async ({ signal }): Promise<StudentRecord | null> =>
        (await getStudentsByEmail(api, [email], { signal })).data[0] ?? null,
    }),
};

/**
 * The student of `page` whose e-mail is `email` (normalised, as the contract sends it); null when
 * the answer is complete and nobody has it (a new student); undefined when it cannot tell (no
 * answer, or more matches than the page holds).
 */
export function studentWithEmail(
  page: StudentSearchResponse | undefined,
  email: string | undefined,
): StudentMatch | null | undefined {
  if (page === undefined || email === undefined) return undefined;
  const student = page.data.find((candidate) => candidate.email === email);
  if (student) return student;
  return page.totalRecords <= page.data.length ? null : undefined;
}

/**
 * What typed text asks the server for: its search words (folded, each once, as the server reads
 * them), within the API's limits (`QUERY_WORDS_MAX` words, `QUERY_MAX_LENGTH` characters) so a
 * long e-mail such as "joao.da.silva.santos.junior@escola.sp.gov.br" is never a 400. Past the
 * limit the longest words stay: they are the ones that narrow a search, and every student the
 * whole text would find is still found. Empty when there is nothing to search for: an empty
 * query lists every student, so callers ask nothing then.
 */
export function studentSearchText(text: string): string {
  const words = searchWords(text);
  const kept =
    words.length <= QUERY_WORDS_MAX
      ? words
      : words
          .map((word, index) => ({ word, index }))
          .sort((a, b) => b.word.length - a.word.length || a.index - b.index)
          .slice(0, QUERY_WORDS_MAX)
          .sort((a, b) => a.index - b.index)
          .map(({ word }) => word);
  let query = '';
  for (const word of kept) {
    const next = query === '' ? word : `${query} ${word}`;
    if (next.length > QUERY_MAX_LENGTH) {
      // One word over the limit on its own: its start still narrows the search.
      if (query === '') query = word.slice(0, QUERY_MAX_LENGTH);
      break;
    }
    query = next;
  }
  return query;
}

/** The e-mail as the contract sends and the server keeps it (trimmed, lower-cased), if valid. */
export function normalizedEmail(text: string): string | undefined {
  const parsed = emailSchema.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}

/**
 * How long one `GET /v1/students/by-email` query string may grow. The server takes 16 KiB of
 * request line and headers, and proxies often 8 KB of URL: 100 e-mails of 254 characters would
 * pass neither, so a batch ends at 100 e-mails or this length, whichever comes first.
 */
export const STUDENTS_BY_EMAIL_QUERY_MAX = 6_000;
/** Batches asked at once: a browser opens about six connections to an origin. */
const BATCHES_AT_ONCE = 4;

/**
 * `emails` (normalised, each once, invalid ones left out: the server would refuse the batch) in
 * batches of at most STUDENTS_BY_EMAIL_MAX e-mails and STUDENTS_BY_EMAIL_QUERY_MAX characters of
 * query string, in order.
 */
export function studentEmailBatches(emails: Iterable<string>): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let length = 0;
  for (const email of new Set([...emails].map(normalizedEmail))) {
    if (email === undefined) continue;
    // "email=…" and the "&" before the next, as URLSearchParams writes them.
    const added = new URLSearchParams({ email }).toString().length + 1;
    if (batch.length === STUDENTS_BY_EMAIL_MAX || length + added > STUDENTS_BY_EMAIL_QUERY_MAX) {
      batches.push(batch);
      batch = [];
      length = 0;
    }
    batch.push(email);
    length += added;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * The students with these e-mails, however many (the students-by-email extension), by normalised
 * e-mail (`normalizedEmail`): an e-mail absent from the map has no student. Asked in
 * `studentEmailBatches`, a few at once; any batch failing fails the whole (all or nothing, so a
 * caller never takes a missing answer for "no student").
 */
export async function readStudentsByEmail(
  api: Requester,
  emails: Iterable<string>,
  signal?: AbortSignal,
): Promise<Map<string, StudentRecord>> {
  const batches = studentEmailBatches(emails);
  const found = new Map<string, StudentRecord>();
  let next = 0;
  let failed = false;
  const worker = async () => {
    // After a failure the answer is lost anyway: ask nothing more.
    while (next < batches.length && !failed) {
      const batch = batches[next++]!;
      try {
        const { data } = await getStudentsByEmail(api, batch, signal && { signal });
        for (const student of data) found.set(student.email, student);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCHES_AT_ONCE, batches.length) }, worker));
  return found;
}
