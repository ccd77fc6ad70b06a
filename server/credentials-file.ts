/**
 * TOKENS_FILE (decision 019): named credentials an operator edits by hand, one a line,
 *
 *     # name           role   SHA-256 of the token, hex
 *     secretaria-sede  write  9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
 *
 * `#` starts a comment; blank lines are ignored. Names are unique, [a-z0-9._-]{1,64}. The file is
 * re-read when it changes (fs.watch, and its size and times looked at every second in case a
 * watch misses it): a set that parses replaces the one in use at once; one that does not is
 * logged (line number and what is wrong, never the line) and the previous set kept.
 */
import { randomBytes } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { CREDENTIAL_ROLES, type CredentialRole } from '#contract';
import { tokenDigest, type CredentialEntry } from './credentials.ts';
import type { WarningLogger } from './log.ts';

export const CREDENTIAL_NAME = /^[a-z0-9._-]{1,64}$/;
const DIGEST = /^[0-9a-f]{64}$/i;

export type Parsed =
  { ok: true; entries: CredentialEntry[] } | { ok: false; line: number; reason: string };

/** The file's credentials; `reserved` are the names already taken (API_TOKENS', console-local). */
export function parseCredentialsFile(text: string, reserved: ReadonlySet<string>): Parsed {
  const entries: CredentialEntry[] = [];
  const lineOfName = new Map<string, number>();
  const lineOfDigest = new Map<string, number>();
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    const fields = raw.replace(/#.*/, '').trim().split(/\s+/).filter(Boolean);
    if (fields.length === 0) continue;
    const fail = (reason: string): Parsed => ({ ok: false, line, reason });
    if (fields.length !== 3) return fail('expected three fields: name role sha256-hex');
    const [name, role, hex] = fields as [string, string, string];
    if (!CREDENTIAL_NAME.test(name)) return fail('a name is 1 to 64 of a-z 0-9 . _ -');
    if (reserved.has(name)) return fail(`the name ${name} is taken by API_TOKENS or the server`);
    const earlier = lineOfName.get(name);
    if (earlier !== undefined) return fail(`the name ${name} is on line ${earlier} already`);
    if (!(CREDENTIAL_ROLES as readonly string[]).includes(role)) {
      return fail(`the role must be ${CREDENTIAL_ROLES.join(' or ')}`);
    }
    if (!DIGEST.test(hex)) return fail('the hash must be 64 hexadecimal digits (SHA-256)');
    const digest = hex.toLowerCase();
    const same = lineOfDigest.get(digest);
    if (same !== undefined) return fail(`the same hash as line ${same}: one token, one name`);
    lineOfName.set(name, line);
    lineOfDigest.set(digest, line);
    entries.push({
      credential: { name, role: role as CredentialRole },
      digest: Buffer.from(digest, 'hex'),
    });
  }
  return { ok: true, entries };
}

/**
 * A new credential for `npm run token`: a random token (32 random bytes, base64url: 43
 * characters) and the file's line for it, which holds its SHA-256 and never the token.
 */
export function newCredential(name: string, role: CredentialRole): { token: string; line: string } {
  if (!CREDENTIAL_NAME.test(name)) throw new Error('a name is 1 to 64 of a-z 0-9 . _ -');
  const token = randomBytes(32).toString('base64url');
  return { token, line: `${name} ${role} ${tokenDigest(token).toString('hex')}` };
}

export interface CredentialsFile {
  /** The credentials in use now: a new array whenever the file's set changed. */
  readonly entries: () => readonly CredentialEntry[];
  /** Stops watching. */
  close(): void;
}

/** How often the file's size and times are looked at, besides fs.watch. */
export const CHECK_EVERY_MS = 1_000;
/** How long after a watch event the file is looked at. */
const SETTLE_MS = 100;

/**
 * Loads `path` (an Error naming TOKENS_FILE when it cannot be read or does not parse: the server
 * does not start), then follows its changes until closed.
 */
export async function openCredentialsFile(
  path: string,
  reserved: ReadonlySet<string>,
  log: WarningLogger,
  checkEveryMs = CHECK_EVERY_MS,
): Promise<CredentialsFile> {
  const signature = async () => {
    const { size, mtimeMs, ctimeMs, ino } = await stat(path);
    return `${size} ${mtimeMs} ${ctimeMs} ${ino}`;
  };
  let seen = await signature().catch((error: unknown) => {
    throw new Error(`TOKENS_FILE ${path} cannot be read: ${(error as Error).message}`);
  });
  const first = parseCredentialsFile(await readFile(path, 'utf8'), reserved);
  if (!first.ok) throw new Error(`TOKENS_FILE ${path}, line ${first.line}: ${first.reason}`);
  let current: readonly CredentialEntry[] = first.entries;
  log.info('credentials file loaded', { credentials: current.length });
  // Valid, but likely a mistake (a file emptied, the wrong one): say what is accepted then.
  const warnIfEmpty = () => {
    if (current.length > 0) return;
    log.warn(
      reserved.size > 0
        ? 'credentials file lists no credential: only the other credentials (API_TOKENS) are accepted'
        : 'credentials file lists no credential and API_TOKENS is unset: no token is accepted',
    );
  };
  warnIfEmpty();

  // One read at a time; changes noticed meanwhile make one more read after it.
  let reads = Promise.resolve();
  let queued = false;
  const reload = () => {
    if (queued) return;
    queued = true;
    reads = reads.then(() => {
      queued = false;
      return readOnce();
    });
  };
  const readOnce = async () => {
    let text: string;
    try {
      // Signature first: a write landing between the two is read again on the next look.
      seen = await signature();
      text = await readFile(path, 'utf8');
    } catch (error) {
      // Between an editor's delete and its rename, or gone: nothing to use yet.
      log.error('credentials file not loaded; the previous credentials stay', {
        reason: (error as NodeJS.ErrnoException).code ?? 'unreadable',
        credentials: current.length,
      });
      return;
    }
    const parsed = parseCredentialsFile(text, reserved);
    if (!parsed.ok) {
      log.error('credentials file not loaded; the previous credentials stay', {
        line: parsed.line,
        reason: parsed.reason,
        credentials: current.length,
      });
      return;
    }
    const before = new Map(current.map(({ credential }) => [credential.name, credential.role]));
    const after = new Map(
      parsed.entries.map(({ credential }) => [credential.name, credential.role]),
    );
    // A new token under the same name revokes the old one: said, by name (never the hash).
    const digestBefore = new Map(
      current.map(({ credential, digest }) => [credential.name, digest]),
    );
    const tokenReplaced = parsed.entries
      .filter(({ credential, digest }) => {
        const old = digestBefore.get(credential.name);
        return old !== undefined && !old.equals(digest);
      })
      .map(({ credential }) => credential.name);
    current = parsed.entries;
    log.info('credentials file loaded', {
      credentials: current.length,
      added: [...after.keys()].filter((name) => !before.has(name)),
      removed: [...before.keys()].filter((name) => !after.has(name)),
      roleChanged: [...after]
        .filter(([name, role]) => before.has(name) && before.get(name) !== role)
        .map(([name, role]) => ({ name, from: before.get(name)!, to: role })),
      tokenReplaced,
    });
    warnIfEmpty();
  };

  // A file gone is read (and its absence logged) once, not every second.
  const look = async () => {
    const now = await signature().catch(() => 'missing');
    if (now === seen) return;
    seen = now;
    reload();
  };
  const timer = setInterval(() => void look(), checkEveryMs);
  timer.unref();
  // The directory, not the file: an editor that saves by renaming a new file over it would
  // leave a watch on the file following the old one.
  let watcher: FSWatcher | undefined;
  let settling: NodeJS.Timeout | undefined;
  try {
    watcher = watch(dirname(path), { persistent: false }, (_event, file) => {
      if (file !== null && file !== basename(path)) return;
      // A moment for the write that made the event to finish: a file read half-written may
      // parse (empty is a valid set) and lock everyone out until the next event.
      clearTimeout(settling);
      settling = setTimeout(() => void look(), SETTLE_MS);
      settling.unref();
    });
    watcher.on('error', () => watcher?.close());
  } catch {
    watcher = undefined; // the timer alone then
  }
  return {
    entries: () => current,
    close() {
      clearInterval(timer);
      clearTimeout(settling);
      watcher?.close();
    },
  };
}
