/**
 * The access token. By default it is kept in sessionStorage: it survives a reload but dies with
 * the tab. "Remember on this device" keeps it in localStorage instead, so it outlives the tab.
 * It never goes into a URL (history, logs, Referer) or into the console. React reads it through
 * `useSession`, which re-renders on every change. Signing out in one tab signs out every tab of
 * the console in this browser, whichever storage each kept its token in.
 */
import { useSyncExternalStore } from 'react';
import { CREDENTIAL_ROLES, type CredentialRole } from '#contract';

export const TOKEN_STORAGE_KEY = 'turmas-admin.token';
/**
 * The token's role as the server last said it, kept in the storage that holds the token
 * (public/shell.js reads it there too).
 */
export const ROLE_STORAGE_KEY = 'turmas-admin.role';

export interface Session {
  token: string | null;
  /** Whether the token is (or, after expiry, was) kept beyond the tab, in localStorage. */
  remember: boolean;
  /**
   * True when the API refused the stored token during the session: the page stays where it is
   * and the gate asks for a token over it, saying why.
   */
  expired: boolean;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let session: Session = { ...readStoredToken(), expired: false };

function storageOf(kind: 'sessionStorage' | 'localStorage'): Storage | undefined {
  // Reading either storage throws when the browser blocks it (privacy settings, sandboxed
  // frames); the console then still works, with a token that lasts until the page reloads.
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}

function read(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

// The tab's own choice wins over an older remembered one.
function readStoredToken(): Pick<Session, 'token' | 'remember'> {
  const forTab = read(storageOf('sessionStorage'));
  if (forTab !== null) return { token: forTab, remember: false };
  const remembered = read(storageOf('localStorage'));
  return { token: remembered, remember: remembered !== null };
}

function write(storage: Storage | undefined, token: string | null): void {
  try {
    if (token === null) storage?.removeItem(TOKEN_STORAGE_KEY);
    else storage?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Quota or blocked storage: the in-memory session still holds the token.
  }
}

function writeStoredToken({ token, remember }: Session): void {
  // Exactly one storage holds a token, so switching "remember" on or off never leaves a copy.
  write(storageOf('sessionStorage'), remember ? null : token);
  write(storageOf('localStorage'), remember ? token : null);
}

// Tells the console's other tabs of a sign-out. Not a storage event: a tab's own token lives in
// its sessionStorage, which other tabs never see change. In a browser without it (older than
// 2022) the other tabs stay signed in, as they all did before.
const signOuts =
  typeof BroadcastChannel === 'function' ? new BroadcastChannel('turmas-admin.sign-out') : null;
// Node's channel (tests) would keep the process alive; browsers have no unref.
(signOuts as { unref?: () => void } | null)?.unref?.();
const signedOutElsewhere = new Set<Listener>();
signOuts?.addEventListener('message', () => {
  update({ token: null, remember: false, expired: false });
  for (const listener of signedOutElsewhere) listener();
});

function update(next: Session, role?: CredentialRole): void {
  // The role remembered belongs to the token it was said of.
  if (next.token !== session.token) writeRole(null);
  // A new object on every change: useSyncExternalStore compares snapshots by identity.
  session = next;
  writeStoredToken(next);
  if (role !== undefined) writeRole(role);
  for (const listener of listeners) listener();
}

// Beside the token: a token remembered on this device opens its next tab knowing its role too.
const roleStorage = (): Storage | undefined =>
  storageOf(session.remember ? 'localStorage' : 'sessionStorage');

function writeRole(role: CredentialRole | null): void {
  try {
    if (role !== null) roleStorage()?.setItem(ROLE_STORAGE_KEY, role);
    else {
      storageOf('sessionStorage')?.removeItem(ROLE_STORAGE_KEY);
      storageOf('localStorage')?.removeItem(ROLE_STORAGE_KEY);
    }
  } catch {
    // Blocked storage: the next load asks the server before it knows, as a first one does.
  }
}

export const tokenStore = {
  get: (): string | null => session.token,
  getSession: (): Session => session,
  /**
   * A token the API accepted; `remember` keeps it after the tab is closed, and `role` is what
   * the server said of it at sign-in.
   */
  set: (
    token: string,
    { remember = false, role }: { remember?: boolean; role?: CredentialRole } = {},
  ): void => {
    update({ token, remember, expired: false }, role);
  },
  /** Signing out on purpose: back to the full-page gate. */
  clear: (): void => {
    update({ token: null, remember: false, expired: false });
    signOuts?.postMessage('signed-out');
  },
  /** Signing out in another tab has signed out this one: clear what belongs to the session. */
  onSignedOutElsewhere: (listener: Listener): (() => void) => {
    signedOutElsewhere.add(listener);
    return () => signedOutElsewhere.delete(listener);
  },
  /**
   * The API answered 401 to the stored token. The token is forgotten everywhere, but the
   * `remember` choice is kept so the gate can offer it again. Without a stored token there is
   * nothing to expire: the gate's own check of a typed token also meets 401s, and so do requests
   * the page sends while the session is already expired.
   */
  expire: (): void => {
    if (session.token === null) return;
    update({ token: null, remember: session.remember, expired: true });
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /**
   * The role the server last said this tab's token has (the `me` extension), kept for the next
   * load: a read credential's page is then drawn without write controls from its first paint,
   * before the server has been asked again. Forgotten whenever the token changes.
   */
  rememberedRole: (): CredentialRole | undefined => {
    let stored: string | null = null;
    try {
      stored = roleStorage()?.getItem(ROLE_STORAGE_KEY) ?? null;
    } catch {
      return undefined;
    }
    return CREDENTIAL_ROLES.find((role) => role === stored);
  },
  rememberRole: (role: CredentialRole): void => {
    if (session.token !== null) writeRole(role);
  },
};

export function useSession(): Session {
  // Hydrating the prerendered first screen: public/shell.js chose it from the same storage.
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.getSession, tokenStore.getSession);
}
