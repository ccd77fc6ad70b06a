import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { rosterQueries } from '../../api/roster-queries';
import { PAGE_SIZE_MAX } from '#contract';
import type { RosterEntry, RosterQuery } from '#contract/extensions';
import type { ExpiryCellWords } from '../../components/expiry-field/expiry-cells';
import { downloadCsv, toCsv } from '../../lib/csv-file';
import { localDate } from '../../lib/local-date';
import type { Formats } from '../../i18n/formats';
import type { RosterMessages } from './messages';

/**
 * Every student of a roster the query finds, pages of 100 (the API's most) one after the other,
 * so that a big turma does not take every place the server gives one client. `onRead` hears how
 * many have come so far, for the screen to say it is reading. It ends either way: a page that
 * cannot be read rejects with its ApiError (a 'network' one offline), after the console's retries
 * while online, at once while offline.
 */
export async function readWholeRoster(
  ...args: Parameters<typeof readWholeRosterNamed>
): Promise<RosterEntry[]> {
  return (await readWholeRosterNamed(...args)).students;
}

/**
 * `readWholeRoster`, with the turma's name as the server gave it (absent from a server older than
 * the roster's `className`): a shared link's roster may have no other.
 */
export async function readWholeRosterNamed(
  queryClient: QueryClient,
  api: Pick<ApiClient, 'request'>,
  turmaId: string,
  query: Omit<RosterQuery, 'page' | 'pageSize'>,
  onRead?: (read: number, total: number) => void,
): Promise<{ students: RosterEntry[]; className: string | undefined }> {
  // The client's own retries (retryPolicy in the app); `query()` tries once when there are none.
  const retry = queryClient.getDefaultOptions().queries?.retry ?? false;
  const retries = (failures: number, error: Error) =>
    typeof retry === 'function'
      ? retry(failures, error)
      : typeof retry === 'number'
        ? failures < retry
        : retry;
  const found: RosterEntry[] = [];
  for (let page = 1; ; page++) {
    const answer = await queryClient.query({
      ...rosterQueries.page(api, turmaId, { ...query, page, pageSize: PAGE_SIZE_MAX }),
      // Query's default ('online') holds a read while the browser says it is offline: paused,
      // never failing, until the network is back. Someone waits on this one, so it is sent
      // and fails, as the client's 'network' error; and it is not tried again while offline.
      networkMode: 'always',
      retry: (failures, error) => onlineManager.isOnline() && retries(failures, error),
    });
    found.push(...answer.data);
    onRead?.(found.length, answer.totalRecords);
    if (answer.data.length < PAGE_SIZE_MAX || found.length >= answer.totalRecords) {
      return { students: found, className: answer.className };
    }
  }
}

/**
 * A roster as a spreadsheet: each expiry in local time and in ISO, the turma on every line (files
 * of several turmas get pasted together), every cell formula-safe (csv-file.ts). The expiry
 * columns' headers and the "no expiry" cell are `expiry` (expiry-cells.ts), the words the bulk
 * list recognises, in either language, when the file comes back (decision 008).
 */
export function rosterCsv(
  turma: { id: string; name: string },
  students: readonly RosterEntry[],
  messages: RosterMessages,
  formats: Formats,
  expiry: ExpiryCellWords,
): string {
  const { before, after } = messages.export.csvHeader;
  const header = [...before, expiry.localHeader, expiry.isoHeader, ...after];
  return toCsv(
    header,
    students.map((student) => [
      student.name,
      student.email,
      student.expirationDate === null
        ? expiry.none
        : formats.dateTime.format(new Date(student.expirationDate)),
      student.expirationDate ?? '',
      formats.dateTime.format(new Date(student.enrolledAt)),
      turma.name,
      turma.id,
    ]),
    formats.csvDelimiter,
  );
}

/** The most characters of a turma's name in a file name: room for the rest on any disk. */
export const FILE_NAME_TURMA_MAX = 60;

/**
 * "<prefix>-<turma>-<date>.csv" ("alunos-", "students-", in the staff's language; the date where
 * they are, as the printed sheet's): the turma's name as people know it, accents kept (every system the
 * console runs on saves them; NFC, so they are the same characters everywhere), anything but
 * letters and digits made a hyphen, so nothing in it is a path, a reserved character or a space
 * a shell splits on, and at most FILE_NAME_TURMA_MAX characters of it, ending at a word's end
 * where one is near. Without a name (unknown, or nothing left of it), the turma's id.
 */
export function rosterFileName(
  turma: { id: string; name: string | undefined },
  now: Date,
  prefix: string,
): string {
  const safeId = turma.id.replace(/[^\w.-]+/g, '-');
  return `${prefix}-${fileNamePart(turma.name ?? '') || safeId}-${localDate(now)}.csv`;
}

function fileNamePart(name: string): string {
  const words = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // Code points, not UTF-16 units: a cut never splits a character in two.
  const characters = Array.from(words);
  if (characters.length <= FILE_NAME_TURMA_MAX) return words;
  const cut = characters.slice(0, FILE_NAME_TURMA_MAX).join('');
  const lastHyphen = cut.lastIndexOf('-');
  // A whole word unless that loses more than a third of the room.
  return (lastHyphen > (cut.length * 2) / 3 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, '');
}

/** Saves the roster's CSV under `rosterFileName`. */
export function downloadRosterCsv(
  turma: { id: string; name: string | undefined },
  csv: string,
  now: Date,
  prefix: string,
): void {
  downloadCsv(rosterFileName(turma, now, prefix), csv);
}
