import type { Formats } from '../../i18n/formats';
import { expiryStatus } from './expiry-status';
import classes from './expiry-cell.module.css';
import { useExpiryStatusMessages } from './messages';

/** "Expira em 12 dias", "Expirada" or "Sem validade", with the date when there is one. */
export function ExpiryCell({
  expirationDate,
  now,
  formats,
}: {
  expirationDate: string | null;
  now: Date;
  formats: Formats;
}) {
  const messages = useExpiryStatusMessages();
  const status = expiryStatus(expirationDate, now);
  if (status.kind === 'none') return <span className={classes.dimmed}>{messages.none}</span>;
  const date = (
    <CompactDateTime value={expirationDate ?? status.at.toISOString()} formats={formats} />
  );
  if (status.kind === 'later') return date;
  return (
    <>
      <span className={status.kind === 'expired' ? classes.expired : classes.soon}>
        {status.kind === 'expired'
          ? messages.expired
          : messages.expires(formats.relativeTime.format(status.days, 'day'))}
      </span>{' '}
      ({date})
    </>
  );
}

/**
 * A short date-time that may wrap between the date and the time, never inside either: the date
 * columns stay narrow and the e-mails get the width.
 */
export function CompactDateTime({ value, formats }: { value: string; formats: Formats }) {
  const parts = formats.dateTime.formatToParts(new Date(value));
  const hour = parts.findIndex((part) => part.type === 'hour');
  const text = (from: number, to?: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  return (
    <time className={classes.time} dateTime={value}>
      {hour <= 0 ? (
        text(0)
      ) : (
        <>
          <span className={classes.nowrap}>{text(0, hour - 1)}</span>
          {text(hour - 1, hour)}
          <span className={classes.nowrap}>{text(hour)}</span>
        </>
      )}
    </time>
  );
}
