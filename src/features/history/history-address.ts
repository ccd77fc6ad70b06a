/**
 * Whether History is open, as it lives in the address beside the other parameters: `?historico`
 * (`?historico=`; the expiring view's `?expirando=` is the model). It opens over the page, so Back closes it.
 */
import { useSyncExternalStore } from 'react';
import {
  announceUrlChange,
  currentSearch,
  prerenderedSearch,
  subscribeToUrl,
} from '../../lib/url-change';

export const HISTORY_PARAM = 'historico';

/** `search` with History open or closed, every other parameter kept. */
export function writeHistoryParam(search: string, open: boolean): string {
  const query = new URLSearchParams(search);
  if (open) query.set(HISTORY_PARAM, '');
  else query.delete(HISTORY_PARAM);
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

const addressWith = (open: boolean) =>
  `${window.location.pathname}${writeHistoryParam(window.location.search, open)}${window.location.hash}`;

/** Opens History: a new history entry (marked as opened here), so Back closes it. */
export function openHistory(): void {
  window.history.pushState({ historyOpenedHere: true }, '', addressWith(true));
  announceUrlChange();
}

/** Closes History: back where it was opened from, or (opened from a link) without it. */
export function closeHistory(): void {
  const state = window.history.state as { historyOpenedHere?: true } | null;
  if (state?.historyOpenedHere) window.history.back();
  else {
    window.history.pushState(null, '', addressWith(false));
    announceUrlChange();
  }
}

/** Whether the address opens History, re-read as it changes. */
export function useHistoryOpen(): boolean {
  const search = useSyncExternalStore(subscribeToUrl, currentSearch, prerenderedSearch);
  return new URLSearchParams(search).has(HISTORY_PARAM);
}
