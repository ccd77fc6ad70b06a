import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ApiClient } from '../../api/client';
import { readStudentsByEmail } from '../../api/student-queries';
import type { KnownStudents } from './enrol-warnings';

/**
 * An e-mail fixed in the review is asked about once typing pauses, as the enrol form's lookup
 * does; the list as first reviewed is asked at once.
 */
const EDIT_DEBOUNCE_MS = 300;

export type LookupState = 'off' | 'looking' | 'failed' | 'done';

export interface StudentLookup {
  state: LookupState;
  /** What is known of the e-mails asked so far (all of them once `done`). */
  students: KnownStudents;
  /** Asks again for what a failure left unknown. */
  retry: () => void;
}

interface LookupSnapshot {
  known: KnownStudents;
  /** A request failed since the last ask: what it asked stays unknown. */
  failed: boolean;
  /** E-mails asked and not answered yet. */
  pending: number;
}

type Api = Pick<ApiClient, 'request'>;

/**
 * Who among `emails` (normalised) is already registered, with all their turmas, through the
 * students-by-email extension: 100 e-mails a request, a few requests at once, never blocking the
 * review, which stays usable while it runs. Each e-mail is asked once per review; an edit asks
 * only for the new address.
 */
export function useStudentLookup(
  api: Api,
  emails: readonly string[],
  enabled: boolean,
): StudentLookup {
  const store = useMemo(() => createLookupStore(api), [api]);
  const { known, failed, pending } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => store.stop, [store]);

  const key = useMemo(() => emails.join('\n'), [emails]);
  const [settledKey] = useDebouncedValue(key, EDIT_DEBOUNCE_MS);
  useEffect(() => {
    if (enabled && settledKey !== '') store.ask(settledKey.split('\n'));
  }, [store, settledKey, enabled]);

  const missing = useMemo(
    () => (enabled ? emails.filter((email) => !known.has(email)) : []),
    [emails, known, enabled],
  );
  const state: LookupState = !enabled
    ? 'off'
    : missing.length === 0
      ? 'done'
      : failed && pending === 0
        ? 'failed'
        : 'looking';
  return { state, students: known, retry: () => store.ask(missing) };
}

/** The lookup's state outside React, as the runner's: a store read through useSyncExternalStore. */
function createLookupStore(api: Api) {
  let snapshot: LookupSnapshot = { known: new Map(), failed: false, pending: 0 };
  const pending = new Set<string>();
  const listeners = new Set<() => void>();
  let controller = new AbortController();

  function update(next: Partial<LookupSnapshot>) {
    snapshot = { ...snapshot, ...next };
    listeners.forEach((listener) => listener());
  }

  return {
    getSnapshot: () => snapshot,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    ask: (emails: readonly string[]) => {
      const asked = emails.filter((email) => !snapshot.known.has(email) && !pending.has(email));
      if (asked.length === 0) return;
      for (const email of asked) pending.add(email);
      // What failed before is asked again here: the list asked is always the whole one.
      update({ failed: false, pending: pending.size });
      const { signal } = controller;
      readStudentsByEmail(api, asked, signal).then(
        (found) => {
          if (signal.aborted) return;
          for (const email of asked) pending.delete(email);
          const known = new Map(snapshot.known);
          for (const email of asked) known.set(email, found.get(email) ?? null);
          update({ known, pending: pending.size });
        },
        () => {
          if (signal.aborted) return;
          for (const email of asked) pending.delete(email);
          update({ failed: true, pending: pending.size });
        },
      );
    },
    /** Drops what is in flight (the review closed); asking again starts afresh. */
    stop: () => {
      controller.abort();
      controller = new AbortController();
      pending.clear();
      snapshot = { ...snapshot, pending: 0 };
    },
  };
}
