import { useSyncExternalStore } from 'react';
import type { ApiClient } from './client';

/**
 * Whether the server behind `api` offers `extension` (e.g. contract's ROSTER_EXTENSION), as its
 * latest answer said; re-renders when that changes. False until the first answer arrives, so a
 * feature built on an extension appears with the first rows, never before.
 */
export function useExtension(api: Pick<ApiClient, 'extensions'>, extension: string): boolean {
  const offered = () => api.extensions.has(extension);
  // The prerendered first screen (before any answer) hydrates with the same: false.
  return useSyncExternalStore(api.extensions.subscribe, offered, offered);
}
