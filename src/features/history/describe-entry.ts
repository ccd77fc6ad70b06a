import type { AuditEntry, EnrolmentState } from '#contract/extensions';
import type { HistoryMessages } from './messages';

const same = (a: EnrolmentState, b: EnrolmentState) =>
  a.enrolled === b.enrolled && a.expirationDate === b.expirationDate;

/** The turmas an entry really changed (a removal from a turma the student was not in did not). */
export const changed = (entry: AuditEntry) =>
  entry.changes.filter(({ before, after }) => !same(before, after));

/** The entry in one sentence: who it was about, what was done, in how many turmas. */
export function describeEntry(
  entry: AuditEntry,
  messages: HistoryMessages,
  turmaName: (classId: string) => string,
): string {
  const email = entry.student.email;
  const done = changed(entry);
  const first = done[0];
  if (!first) return messages.nothing(email);
  const only = done.length === 1 ? turmaName(first.classId) : undefined;
  if (entry.operation === 'undo') return messages.undid(email, done.length, only);
  if (entry.operation === 'remove') return messages.removed(email, done.length, only);
  const added = done.some(({ before }) => !before.enrolled);
  return (added ? messages.enrolled : messages.extended)(email, done.length, only);
}

/** A turma's state in words: out of it, or in it with its expiry (local time) or none. */
export function describeState(
  state: EnrolmentState,
  messages: HistoryMessages,
  formatDate: (iso: string) => string,
): string {
  if (!state.enrolled) return messages.notIn;
  return state.expirationDate === null
    ? messages.noExpiry
    : messages.until(formatDate(state.expirationDate));
}

/** Entries side by side on a page that share a run (more than one): shown and undone together. */
export type HistoryItem = { run: string; entries: AuditEntry[] } | { entry: AuditEntry };

export function groupByRun(entries: readonly AuditEntry[]): HistoryItem[] {
  const items: HistoryItem[] = [];
  for (const entry of entries) {
    const last = items.at(-1);
    if (entry.runId !== null && last && 'run' in last && last.run === entry.runId) {
      last.entries.push(entry);
    } else if (
      entry.runId !== null &&
      last &&
      'entry' in last &&
      last.entry.runId === entry.runId
    ) {
      items[items.length - 1] = { run: entry.runId, entries: [last.entry, entry] };
    } else {
      items.push({ entry });
    }
  }
  return items;
}
