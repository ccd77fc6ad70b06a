import { Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { useScrolls } from '../../../lib/use-scrolls';
import { visibleName } from '../../../components/visible-name/visible-name';
import { useFormats } from '../../../i18n/formats';
import classes from '../bulk.module.css';
import type { BulkMessages } from '../messages';
import { BulkPager } from '../pager';
import type { BulkMode, CheckedRow } from '../types';
import { usePage } from '../use-page';
import { EmailText } from '../../../components/email-text/email-text';

interface ReadyTableProps {
  mode: BulkMode;
  rows: readonly CheckedRow[];
  messages: BulkMessages;
}

/** What will be sent, as it will be sent (names trimmed, e-mails lower-cased), a page at a time. */
export function ReadyTable({ mode, rows, messages }: ReadyTableProps) {
  const text = messages.preview;
  const dateFormat = useFormats().dateTime;
  const page = usePage(rows);
  const headingId = useId();
  const [scrollRef, scrolls] = useScrolls();
  if (rows.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4" id={headingId}>
        {text.readyTable}
      </Title>
      {/* Wider than a phone with a long e-mail: then a region the keyboard can reach and scroll. */}
      <div
        ref={scrollRef}
        className={classes.scroll}
        role="region"
        aria-labelledby={headingId}
        tabIndex={scrolls ? 0 : undefined}
      >
        <table className={classes.table}>
          <thead>
            <tr>
              <th scope="col">{text.line}</th>
              {mode === 'enrol' && <th scope="col">{text.name}</th>}
              <th scope="col">{text.email}</th>
              {mode === 'enrol' && <th scope="col">{text.expiry}</th>}
            </tr>
          </thead>
          <tbody>
            {page.items.map((row) => (
              <tr key={row.line}>
                <th scope="row" className={classes.number}>
                  {row.line}
                </th>
                {mode === 'enrol' && <td>{visibleName(row.student!.name)}</td>}
                <td>
                  <EmailText email={row.student!.email} />
                </td>
                {mode === 'enrol' && (
                  <td>
                    {row.student!.expirationDate
                      ? dateFormat.format(new Date(row.student!.expirationDate))
                      : row.student!.expirationDate === null
                        ? text.noExpiryCell
                        : text.batchExpiryCell}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <BulkPager {...page} />
    </Stack>
  );
}
