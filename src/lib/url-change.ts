/**
 * The address bar as shared state: the turmas list (features/classes/list/use-list-params.ts) and a
 * turma's roster (features/roster/use-roster-params.ts) each keep their own parameters in it.
 * pushState and replaceState fire no event, so whoever changes the URL says so with
 * `announceUrlChange()`, and every part that reads it re-reads.
 */
const URL_CHANGED = 'turmas-admin:urlchange';

/** Calls `onChange` on Back/Forward and on every change announced; returns the unsubscribe. */
export function subscribeToUrl(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(URL_CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(URL_CHANGED, onChange);
  };
}

export function announceUrlChange(): void {
  window.dispatchEvent(new Event(URL_CHANGED));
}

/** The address's parameters, for `useSyncExternalStore` with `subscribeToUrl`. */
export const currentSearch = (): string => window.location.search;

/**
 * The parameters the prerendered first screen was rendered for, which it is hydrated with: none
 * (public/shell.js shows it only for the address without parameters).
 */
export const prerenderedSearch = (): string => '';
