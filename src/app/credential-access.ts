import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ApiClient } from '../api/client';
import { credentialQueries } from '../api/credential-queries';
import { useExtension } from '../api/use-extension';
import { ME_EXTENSION, type CredentialRole } from '#contract';
import { tokenStore, useSession } from '../features/auth/token-store';
import { useHydrated } from '../lib/use-hydrated';

export interface CredentialAccess {
  /** The credential's name and role, once the server has said (the `me` extension). */
  name: string | undefined;
  role: CredentialRole | undefined;
  /**
   * Whether write controls are offered: false only for a credential the server says is `read`,
   * or said so last (at sign-in, or before a reload or a remembered token's new tab), until it
   * answers again. A plain v1 server has one
   * role, and where nothing is known the server's 403 is still the guard. The prerendered first
   * screen is the same for everyone; public/shell.js hides its write controls for a remembered
   * `read` until the app's first own render (decision 019).
   */
  canWrite: boolean;
}

let lastToken: string | null = null;
let session = 0;
/** A number per sign-in: a new token is a new session. */
function sessionOf(token: string | null): number {
  if (token !== lastToken) {
    lastToken = token;
    session += 1;
  }
  return session;
}

/**
 * What the signed-in credential may do: the one place the page, its header and its panels ask.
 * Asked once the server has said it offers `me`, which it says with the list's first answer, so
 * the call never goes before the list.
 */
export function useCredential(api: Pick<ApiClient, 'request' | 'extensions'>): CredentialAccess {
  const offered = useExtension(api, ME_EXTENSION);
  const { token } = useSession();
  const me = useQuery({
    ...credentialQueries.me(api, sessionOf(token)),
    enabled: offered && token !== null,
  });
  const known = offered ? me.data : undefined;
  useEffect(() => {
    if (known) tokenStore.rememberRole(known.role);
  }, [known]);
  // Before the server answers: what it said last, unless it has said it offers no `me` now.
  const hydrated = useHydrated();
  const withoutMe = api.extensions.known() && !offered;
  const remembered = hydrated && !withoutMe ? tokenStore.rememberedRole() : undefined;
  const role = known?.role ?? remembered;
  return { name: known?.name, role: known?.role, canWrite: role !== 'read' };
}
