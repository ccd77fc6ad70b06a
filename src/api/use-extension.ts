import { useSyncExternalStore } from 'react';
import { useHydrated } from '../lib/use-hydrated';
import type { ApiClient } from './client';

/**
 * Whether the server behind `api` offers `extension` (e.g. contract's ROSTER_EXTENSION), as its
 * latest answer said; re-renders when that changes. False until the first answer arrives, so a
 * feature built on an extension appears with the first rows, never before.
 */
export function useExtension(api: Pick<ApiClient, 'extensions'>, extension: string): boolean {
  // The prerendered first screen knows no extension. Hydrating, even when the first list request
  // (src/app/first-list-request.ts) has answered meanwhile, the store reads as it was rendered,
  // and the extensions show in the transition that follows (useHydrated).
  const hydrated = useHydrated();
  const offered = () => hydrated && api.extensions.has(extension);
  return useSyncExternalStore(api.extensions.subscribe, offered, offered);
}
