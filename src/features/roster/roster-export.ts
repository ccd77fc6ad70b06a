import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { rosterQueries } from '../../api/roster-queries';
import { PAGE_SIZE_MAX } from '#contract';
import type { RosterEntry, RosterQuery } from '#contract/extensions';
import { downloadCsv, toCsv } from '../../lib/csv-file';
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
  queryClient: QueryClient,
  api: Pick<ApiClient, 'request'>,
  turmaId: string,
  query: Omit<RosterQuery, 'page' | 'pageSize'>,
  onRead?: (read: number, total: number) => void,
): Promise<RosterEntry[]> {
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
    if (answer.data.length < PAGE_SIZE_MAX || found.length >= answer.totalRecords) return found;
  }
}

/**
 * A roster as a spreadsheet: each expiry in local time and in ISO, the turma on every line (files
 * of several turmas get pasted together), every cell formula-safe (csv-file.ts).
 */
export function rosterCsv(
  turma: { id: string; name: string },
  students: readonly RosterEntry[],
  messages: RosterMessages,
  formats: Formats,
): string {
  return toCsv(
    messages.export.csvHeader,
    students.map((student) => [
      student.name,
      student.email,
      student.expirationDate === null
        ? messages.export.noExpiry
        : formats.dateTime.format(new Date(student.expirationDate)),
      student.expirationDate ?? '',
      formats.dateTime.format(new Date(student.enrolledAt)),
      turma.name,
      turma.id,
    ]),
    formats.csvDelimiter,
  );
}

/** Saves the roster's CSV as "alunos-<turma id>-<date>.csv". */
export function downloadRosterCsv(turmaId: string, csv: string, now: Date): void {
  const safeId = turmaId.replace(/[^\w.-]+/g, '-');
  downloadCsv(`alunos-${safeId}-${now.toISOString().slice(0, 10)}.csv`, csv);
}
