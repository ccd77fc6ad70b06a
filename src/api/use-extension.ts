import { useSyncExternalStore } from 'react';
import type { ApiClient } from './client';

/** What the prerendered first screen was rendered with: no answer yet, no extension known. */
const prerendered = () => false;

/**
 * Whether the server behind `api` offers `extension` (e.g. contract's ROSTER_EXTENSION), as its
 * latest answer said; re-renders when that changes. False until the first answer arrives, so a
 * feature built on an extension appears with the first rows, never before.
 */
export function useExtension(api: Pick<ApiClient, 'extensions'>, extension: string): boolean {
  const offered = () => api.extensions.has(extension);
  // Hydrating, even when the first list request (src/app/first-list-request.ts) has answered
  // meanwhile: the extensions it reports show once the page is hydrated.
  return useSyncExternalStore(api.extensions.subscribe, offered, prerendered);
}
