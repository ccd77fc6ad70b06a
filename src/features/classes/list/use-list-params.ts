import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import {
  announceUrlChange,
  currentSearch,
  prerenderedSearch,
  subscribeToUrl,
} from '../../../lib/url-change';
import { parseListParams, writeListParams, type ListParams } from './list-params';

/**
 * The address bar as the single source of truth for what the list shows: reload, back/forward
 * and shared links all restore the same view. A few lines over `history` rather than a router
 * or a URL-state library: the console has one page and four parameters, parsed with the
 * contract's own rules in list-params.ts.
 */

export interface ChangeOptions {
  /**
   * How the change enters the browser's history:
   * - 'push' (default): a new entry, so Back returns to the view before;
   * - 'replace': corrects the current entry (an out-of-range page);
   * - 'typing': replaces the entry only if it was itself made by typing, so a whole search
   *   session is one entry and Back leaves the search instead of stepping through "m", "ma"…
   */
  history?: 'push' | 'replace' | 'typing';
}

export type SetListParams = (change: Partial<ListParams>, options?: ChangeOptions) => void;

interface HistoryState {
  turmasAdminTyping?: true;
}

export function useListParams(): [ListParams, SetListParams] {
  const search = useSyncExternalStore(subscribeToUrl, currentSearch, prerenderedSearch);
  const params = useMemo(() => parseListParams(search), [search]);

  const setParams = useCallback<SetListParams>((change, { history = 'push' } = {}) => {
    const { pathname, search: before, hash } = window.location;
    const after = writeListParams(before, { ...parseListParams(before), ...change });
    if (after === before) return;
    const url = `${pathname}${after}${hash}`;
    const state = window.history.state as HistoryState | null;
    if (history === 'replace') {
      window.history.replaceState(state, '', url);
    } else if (history === 'typing' && state?.turmasAdminTyping) {
      window.history.replaceState(state, '', url);
    } else {
      const next: HistoryState | null = history === 'typing' ? { turmasAdminTyping: true } : null;
      window.history.pushState(next, '', url);
    }
    announceUrlChange();
  }, []);

  // A hand-edited or outdated link (page=abc, pageSize=7) is shown with defaults; say so in the
  // address bar too, so what is shared next matches what is on screen.
  useEffect(() => {
    if (writeListParams(search, params) !== search) setParams(params, { history: 'replace' });
  }, [search, params, setParams]);

  return [params, setParams];
}
