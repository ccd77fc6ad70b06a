import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while the first screen is prerendered (at build time) and while the browser hydrates it;
 * true in every other render. What only the browser knows (its time zone, its colour scheme)
 * waits for it, so the prerendered HTML and the render that adopts it agree (decision 005).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
