import {
  restoredTurmas,
  type AuditEntry,
  type EnrolmentState,
  type UndoOf,
} from '#contract/extensions';
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
  if (!first) {
    // Still named by the turmas it asked for, as the trail keeps them (decision 019).
    const asked = entry.changes;
    const one = asked.length === 1 ? turmaName(asked[0]!.classId) : undefined;
    return messages.nothing(email, asked.length, one, entry.operation === 'remove');
  }
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

/** One turma's change: "fora da turma → validade 31/12/2026, 23:59". */
export function describeChange(
  change: AuditEntry['changes'][number],
  messages: HistoryMessages,
  formatDate: (iso: string) => string,
): string {
  return `${describeState(change.before, messages, formatDate)} → ${describeState(change.after, messages, formatDate)}`;
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

/** How much of an entry is undone now: the turmas whose change an undo has set back. */
export type UndoneState = { whole: boolean; turmas: ReadonlySet<string> };

/**
 * What was undone, entry by entry, from the trail alone (not this tab's memory). The server says
 * it of each entry (`undoneIn`: the turmas its undos set back now, wherever they are), so an
 * entry undone by another credential or after the time range reads as undone too. An older
 * server does not: then the loaded pages' undos tell it. An `undo` entry names what it reversed
 * (`undoes`) and holds only the turmas it restored, so an entry with a changed turma in none of
 * its undos was undone in part (the others were refused); an undo undone in turn puts its
 * turmas' change back. The pages down to an entry show its undos unfiltered, by e-mail, by turma
 * and by run (two levels), not under the credential or a time range.
 */
export function undoneStates(entries: readonly AuditEntry[]): Map<string, UndoneState> {
  // The server's word first; the pages' undos only for entries it did not say it of.
  const restored = new Map<string, ReadonlySet<string>>();
  const undosOf = new Map<string, UndoOf[]>();
  for (const entry of entries) {
    if (entry.undoneIn) restored.set(entry.id, new Set(entry.undoneIn));
    if (entry.undoes === null) continue;
    const undo = { id: entry.id, turmas: changed(entry).map(({ classId }) => classId) };
    undosOf.set(entry.undoes, [...(undosOf.get(entry.undoes) ?? []), undo]);
  }
  const restoredOf = restoredTurmas(undosOf, restored);
  const states = new Map<string, UndoneState>();
  for (const entry of entries) {
    const turmas = restoredOf(entry.id);
    if (turmas.size === 0) continue;
    states.set(entry.id, {
      whole: changed(entry).every(({ classId }) => turmas.has(classId)),
      turmas,
    });
  }
  return states;
}
