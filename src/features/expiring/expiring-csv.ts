import type { ExpiringEnrolment } from '#contract/extensions';
import { getExpiringEnrolments, type Requester } from '../../api/extension-calls';
import { downloadCsv, toCsv } from '../../lib/csv-file';
import { localDate } from '../../lib/local-date';
import type { Formats } from '../../i18n/formats';
import type { ExpiringMessages } from './messages';

/** The server's largest page: a list of a few thousand is a few dozen requests. */
const EXPORT_PAGE_SIZE = 100;

/**
 * Every enrolment of the window, page after page, as the view sorts them; then the file, each
 * expiry in local time and in ISO, every cell formula-safe (csv-file.ts).
 */
export async function exportExpiring(
  api: Requester,
  window: { after: string; before: string; classIds?: readonly string[] | undefined },
  messages: ExpiringMessages,
  formats: Formats,
): Promise<void> {
  const rows: ExpiringEnrolment[] = [];
  for (let page = 1; ; page++) {
    const answer = await getExpiringEnrolments(api, {
      ...window,
      page,
      pageSize: EXPORT_PAGE_SIZE,
    });
    rows.push(...answer.data);
    if (answer.data.length < EXPORT_PAGE_SIZE || rows.length >= answer.totalRecords) break;
  }
  const csv = toCsv(
    messages.csvHeader,
    rows.map((row) => [
      row.student.name,
      row.student.email,
      row.class.name,
      row.class.id,
      formats.dateTime.format(new Date(row.expirationDate)),
      row.expirationDate,
    ]),
    formats.csvDelimiter,
  );
  downloadCsv(messages.fileName(localDate(new Date())), csv);
}
