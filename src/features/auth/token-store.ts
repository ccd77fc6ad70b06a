/**
 * The access token, kept in sessionStorage: it survives a reload but dies with the tab, and it
 * never goes into a URL (history, logs, Referer) or into the console. React reads it through
 * `useSession`, which re-renders on every change.
 */
import { useSyncExternalStore } from 'react';

export const TOKEN_STORAGE_KEY = 'turmas-admin.token';

export interface Session {
  token: string | null;
  /** True when the API refused the stored token, so the gate can say why it is back. */
  expired: boolean;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let session: Session = { token: readStoredToken(), expired: false };

function storage(): Storage | undefined {
  // Reading sessionStorage throws when the browser blocks storage (privacy settings, sandboxed
  // frames); the console then still works, with a token that lasts until the page reloads.
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function readStoredToken(): string | null {
  try {
    return storage()?.getItem(TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

function writeStoredToken(token: string | null): void {
  try {
    if (token === null) storage()?.removeItem(TOKEN_STORAGE_KEY);
    else storage()?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Quota or blocked storage: the in-memory session still holds the token.
  }
}

function update(next: Session): void {
  // A new object on every change: useSyncExternalStore compares snapshots by identity.
  session = next;
  writeStoredToken(next.token);
  for (const listener of listeners) listener();
}

export const tokenStore = {
  get: (): string | null => session.token,
  getSession: (): Session => session,
  set(token: string): void {
    update({ token, expired: false });
  },
  /** Signing out on purpose. */
  clear(): void {
    update({ token: null, expired: false });
  },
  /** The API answered 401 to the stored token: back to the gate, saying so. */
  expire(): void {
    update({ token: null, expired: true });
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): Session {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.getSession);
}
