import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ClassSummary } from '#contract';
import {
  announceUrlChange,
  currentSearch,
  prerenderedSearch,
  subscribeToUrl,
} from '../../lib/url-change';
import {
  CLOSED_ROSTER,
  parseRosterParams,
  writeRosterParams,
  type RosterParams,
} from './roster-params';

/**
 * What this tab's history entries say about the roster they show. The turma's name travels in
 * the entry, not in the address: the API cannot fetch one turma, and a name in a link could be
 * anything its sender typed (a shared link shows the id until the list finds the name).
 */
interface RosterHistoryState {
  /** The list's own flag (use-list-params.ts), kept as it is. */
  turmasAdminTyping?: true;
  rosterTurmaName?: string;
  /** How many entries this roster has pushed since it was opened here: Close goes back as many. */
  rosterDepth?: number;
  /** Made by typing in the roster's search: the next keystroke replaces it. */
  rosterTyping?: true;
}

export interface RosterChangeOptions {
  /** As the list's (use-list-params.ts): 'push' by default; 'typing' makes a search one entry. */
  history?: 'push' | 'replace' | 'typing';
}

const historyState = () => (window.history.state ?? {}) as RosterHistoryState;
const currentName = () => historyState().rosterTurmaName;
/** The prerendered first screen has no roster open. */
const noName = () => undefined;

/**
 * Opens a turma's roster from a row or a chip: a new history entry, so Back closes it. Not a
 * hook: what opens a roster need not re-render on every change of the address.
 */
export function openRoster(turma: ClassSummary): void {
  const { pathname, search: before, hash } = window.location;
  const after = writeRosterParams(before, { ...CLOSED_ROSTER, turma: turma.id });
  const state: RosterHistoryState = { rosterTurmaName: turma.name, rosterDepth: 1 };
  window.history.pushState(state, '', `${pathname}${after}${hash}`);
  announceUrlChange();
}

/**
 * The roster's place in the address bar (`openRoster` opens it): `change` for its search, page
 * and sort, `close` back to the list as it was.
 */
export function useRosterParams() {
  const search = useSyncExternalStore(subscribeToUrl, currentSearch, prerenderedSearch);
  const turmaName = useSyncExternalStore(subscribeToUrl, currentName, noName);
  const params = useMemo(() => parseRosterParams(search), [search]);

  const change = useCallback(
    (
      next: Partial<Omit<RosterParams, 'turma'>>,
      { history = 'push' }: RosterChangeOptions = {},
    ) => {
      const { pathname, search: before, hash } = window.location;
      const current = parseRosterParams(before);
      if (current.turma === null) return;
      const after = writeRosterParams(before, { ...current, ...next });
      if (after === before) return;
      const url = `${pathname}${after}${hash}`;
      const state = historyState();
      if (history === 'replace' || (history === 'typing' && state.rosterTyping)) {
        window.history.replaceState(state, '', url);
      } else {
        const pushed: RosterHistoryState = { rosterTurmaName: state.rosterTurmaName };
        // Counted only for a roster opened in this tab: one opened from a link has no entry of
        // the list to go back to.
        if (state.rosterDepth !== undefined) pushed.rosterDepth = state.rosterDepth + 1;
        if (history === 'typing') pushed.rosterTyping = true;
        window.history.pushState(pushed, '', url);
      }
      announceUrlChange();
    },
    [],
  );

  const close = useCallback(() => {
    const depth = historyState().rosterDepth;
    // Opened here: back to the entry it was opened from, so Forward opens it again.
    if (depth !== undefined && depth > 0 && depth < window.history.length) {
      window.history.go(-depth);
      return;
    }
    // Opened from a link: the list without the roster, as a new entry (Back shows the roster).
    const { pathname, search: before, hash } = window.location;
    window.history.pushState(
      null,
      '',
      `${pathname}${writeRosterParams(before, CLOSED_ROSTER)}${hash}`,
    );
    announceUrlChange();
  }, []);

  // A hand-edited link (rosterPage=abc) is shown with defaults; the address says so too.
  useEffect(() => {
    const normalized = writeRosterParams(search, params);
    if (normalized === search) return;
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${normalized}${hash}`);
    announceUrlChange();
  }, [search, params]);

  return { params, turmaName, change, close };
}
