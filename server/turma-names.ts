/**
 * The extensions' answers name the turmas they mention (`className`), read when answering: a
 * roster opened from a link, or a change in the audit trail, is about a turma no list the
 * console has loaded may show, and no v1 call reads one turma. A turma that no longer exists has
 * no name.
 */
import type { AuditResponse, RosterResponse, UndoResponse } from '#contract/extensions';
import type { Store } from './store/store.ts';

type Names = Pick<Store, 'classNames'>;

export async function namedRoster(
  store: Names,
  classId: string,
  roster: RosterResponse,
): Promise<RosterResponse> {
  const name = (await store.classNames([classId])).get(classId);
  return name === undefined ? roster : { className: name, ...roster };
}

export async function namedAudit(store: Names, page: AuditResponse): Promise<AuditResponse> {
  const names = await namesOf(
    store,
    page.data.flatMap((entry) => entry.changes.map((change) => change.classId)),
  );
  return {
    ...page,
    data: page.data.map((entry) => ({ ...entry, changes: withNames(names, entry.changes) })),
  };
}

export async function namedUndo(store: Names, answer: UndoResponse): Promise<UndoResponse> {
  const names = await namesOf(
    store,
    answer.entries.flatMap((entry) => entry.classes.map((turma) => turma.classId)),
  );
  return {
    entries: answer.entries.map((entry) => ({
      ...entry,
      classes: withNames(names, entry.classes),
    })),
  };
}

const namesOf = (store: Names, classIds: string[]) => store.classNames([...new Set(classIds)]);

/** Each item with its turma's name after its id (the contract's `className`), where it exists. */
function withNames<T extends { classId: string; className?: string }>(
  names: ReadonlyMap<string, string>,
  items: readonly T[],
): T[] {
  return items.map(({ classId, ...item }) => {
    const className = names.get(classId);
    return { classId, ...(className === undefined ? {} : { className }), ...item } as T;
  });
}
