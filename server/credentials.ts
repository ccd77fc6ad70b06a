/**
 * Named credentials with a role (decision 019): who a request is, for the audit trail, the
 * request log and the role check. A credential is known by the SHA-256 of its token only.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { CredentialRole } from '#contract';

export interface Credential {
  readonly name: string;
  readonly role: CredentialRole;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The credential a request was let in with; none before authentication or without it. */
    credential: Credential | undefined;
  }
}

/** The 403 of a write with a `read` credential. */
export const READ_ONLY =
  'This credential can only read: enrolling, removing and undoing need a write credential';

/** A credential and the SHA-256 digest of its token. */
export interface CredentialEntry {
  readonly credential: Credential;
  readonly digest: Buffer;
}

export const tokenDigest = (token: string): Buffer => createHash('sha256').update(token).digest();

/** API_TOKENS: each a `write` credential named by its position, `token-1` first. */
export const positionalCredentials = (tokens: readonly string[]): CredentialEntry[] =>
  tokens.map((token, index) => namedCredential(`token-${index + 1}`, 'write', token));

export const namedCredential = (
  name: string,
  role: CredentialRole,
  token: string,
): CredentialEntry => ({ credential: { name, role }, digest: tokenDigest(token) });

/** `fixed`, then `more`'s credentials as they are now (the same array while those are unchanged). */
export function followedBy(
  fixed: readonly CredentialEntry[],
  more: (() => readonly CredentialEntry[]) | undefined,
): () => readonly CredentialEntry[] {
  if (!more) return () => fixed;
  let last: readonly CredentialEntry[] | undefined;
  let all = fixed;
  return () => {
    const now = more();
    if (now !== last) [last, all] = [now, [...fixed, ...now]];
    return all;
  };
}

/**
 * Which credential `candidate` is (undefined: none), in a time that tells nothing about either:
 * the candidate is digested once, and its 32 bytes (whatever length was sent, so neither length
 * nor a shared prefix shows) compared with crypto.timingSafeEqual against every credential's
 * digest, with no early exit to tell which one matched. `entries` is read on every call: a
 * credentials file's set changes while the server runs.
 */
export function createCredentialCheck(
  entries: () => readonly CredentialEntry[],
): (candidate: string) => Credential | undefined {
  return (candidate) => {
    const digest = tokenDigest(candidate);
    let matched: Credential | undefined;
    for (const entry of entries()) {
      matched = timingSafeEqual(entry.digest, digest) ? entry.credential : matched;
    }
    return matched;
  };
}
