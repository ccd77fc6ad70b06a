/**
 * What each student of a bulk removal was in just before their removal went out, so that a line
 * says "saiu de" only where they were (docs/decisions/008-bulk-runner.md, "Honest removals"). The
 * API answers a removal the same whether the student was in a turma or not, so this is the only
 * way to know.
 *
 * Asked as the run goes, a chunk of lines at a time (one `GET /v1/students/by-email` of up to
 * 100 e-mails, just before the chunk's first line is sent), not at review: a review can be
 * minutes old when its line is reached, and what counts is the state the removal met. A line's
 * state is fixed when its removal is first sent and kept across the run's own retries and a
 * "try again" run: a later look would see the student already gone, and a removal that may have
 * happened the first time would read "não estava".
 */
import { STUDENTS_BY_EMAIL_MAX } from '#contract';
import type { StudentRecord } from '#contract/extensions';
import { ApiError, isTransient, type ApiClient } from '../../../api/client';
import { readStudentsByEmail } from '../../../api/student-queries';
import type { RunItem } from '../bulk-state';

/** How long a chunk's answer stands for its lines not sent yet. */
const FRESH_MS = 10_000;

/** The student as found before the removal: null, nobody has the e-mail; undefined, not known. */
export type StudentBefore = StudentRecord | null | undefined;

export interface RemovalLookup {
  /**
   * Fixes `item`'s state before its removal is sent, asking for its chunk when that was not asked
   * yet. Rejects when the question failed in a way worth another try (no answer, 5xx, 401):
   * nothing is removed then, and the runner's next try asks again. Any other failure (a proxy
   * refusing the URL, say) leaves the state unknown, and the removal goes on.
   */
  beforeSending: (item: RunItem) => Promise<void>;
  /** Each line's state, once its removal was sent: carried into a later run of the same lines. */
  readonly before: ReadonlyMap<RunItem, StudentBefore>;
}

export function createRemovalLookup(
  api: Pick<ApiClient, 'request'>,
  items: readonly RunItem[],
  /** What an earlier run of these lines fixed. */
  earlier: ReadonlyMap<RunItem, StudentBefore> = new Map(),
  chunkSize = STUDENTS_BY_EMAIL_MAX,
): RemovalLookup {
  const before = new Map(earlier);
  const toAsk = items.filter((item) => !before.has(item));
  const chunkOf = new Map(toAsk.map((item, index) => [item, Math.floor(index / chunkSize)]));
  /** Each chunk's last question: when it was asked, and what it found by e-mail. */
  const answers = new Map<
    number,
    { askedAt: number; found: Promise<ReadonlyMap<string, StudentBefore>> }
  >();

  function ask(chunk: number) {
    const kept = answers.get(chunk);
    // A pause (the person's, a sign-in, an outage) can leave the rest of a chunk waiting: what
    // it found then is asked again for the lines still to go.
    if (kept && Date.now() - kept.askedAt <= FRESH_MS) return kept.found;
    const emails = toAsk
      .slice(chunk * chunkSize, (chunk + 1) * chunkSize)
      .filter((item) => !before.has(item))
      .map((item) => item.row.student!.email);
    const askedAt = Date.now();
    const found: Promise<ReadonlyMap<string, StudentBefore>> = readStudentsByEmail(
      api,
      emails,
    ).then(
      (students) => new Map(emails.map((email) => [email, students.get(email) ?? null])),
      (error: unknown) => {
        if (isTransient(error) || (error instanceof ApiError && error.isUnauthorized)) {
          // Asked again by the next line of the chunk to be sent.
          if (answers.get(chunk)?.found === found) answers.delete(chunk);
          throw error;
        }
        return new Map<string, StudentBefore>();
      },
    );
    answers.set(chunk, { askedAt, found });
    return found;
  }

  return {
    before,
    async beforeSending(item) {
      if (before.has(item)) return;
      const chunk = chunkOf.get(item);
      const found = chunk === undefined ? undefined : await ask(chunk);
      // Another try of this line may have fixed it meanwhile.
      if (!before.has(item)) before.set(item, found?.get(item.row.student!.email));
    },
  };
}
