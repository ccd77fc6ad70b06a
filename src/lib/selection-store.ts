/**
 * The turmas picked for the next action, kept across pages and searches. The API has no call to
 * fetch one turma, so each id is stored with the name it had when it was picked: the tray and
 * the actions can name a turma that is no longer on screen. Kept in sessionStorage, so a reload
 * keeps the selection; the app clears it on sign-out.
 */
import { useSyncExternalStore } from 'react';
import { z } from 'zod/mini';
import type { ClassSummary } from '#contract';

export const SELECTION_STORAGE_KEY = 'turmas-admin.selection';

const storedSelectionSchema = z.array(z.object({ id: z.string(), name: z.string() }));

/**
 * Nothing picked, as one value: what the prerendered first screen is hydrated with, and what an
 * empty store holds, so a visit with nothing picked does not render the page twice.
 */
const NOTHING_PICKED: readonly ClassSummary[] = [];

type Listener = () => void;
const listeners = new Set<Listener>();
let selection: readonly ClassSummary[] = readStored();

function readStored(): readonly ClassSummary[] {
  try {
    const raw = window.sessionStorage.getItem(SELECTION_STORAGE_KEY);
    const parsed = storedSelectionSchema.safeParse(raw === null ? [] : JSON.parse(raw));
    return parsed.success && parsed.data.length > 0 ? parsed.data : NOTHING_PICKED;
  } catch {
    // Blocked storage or a damaged value: start with nothing picked rather than fail.
    return NOTHING_PICKED;
  }
}

function update(next: readonly ClassSummary[]): void {
  selection = next.length === 0 ? NOTHING_PICKED : next;
  try {
    if (next.length === 0) window.sessionStorage.removeItem(SELECTION_STORAGE_KEY);
    else window.sessionStorage.setItem(SELECTION_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // The in-memory selection still works for this page's lifetime.
  }
  for (const listener of listeners) listener();
}

export const selectionStore = {
  get: (): readonly ClassSummary[] => selection,
  /** Adds the turmas not already picked, in the order given; keeps the names first captured. */
  add: (turmas: readonly ClassSummary[]): void => {
    const known = new Set(selection.map((turma) => turma.id));
    const added = turmas.filter((turma) => !known.has(turma.id) && known.add(turma.id));
    if (added.length > 0) update([...selection, ...added]);
  },
  remove: (ids: Iterable<string>): void => {
    const removed = new Set(ids);
    const next = selection.filter((turma) => !removed.has(turma.id));
    if (next.length !== selection.length) update(next);
  },
  clear: (): void => {
    if (selection.length > 0) update(NOTHING_PICKED);
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSelection(): readonly ClassSummary[] {
  // A kept selection shows once the prerendered first screen is hydrated.
  return useSyncExternalStore(selectionStore.subscribe, selectionStore.get, () => NOTHING_PICKED);
}
