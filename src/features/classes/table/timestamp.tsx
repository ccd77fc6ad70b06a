import type { Formats } from '../../../i18n/formats';
import classes from './class-table.module.css';

/**
 * A short date-time, as everyone reads it, screen readers too; its full form (weekday, seconds,
 * time zone) in the `title`, for a pointer and as the date's description. The zone, the one part
 * of the full form that matters, is said under the table for everyone. Not a tab stop: a row's
 * only stops are its checkbox and its actions (issue 20). One element, no component: a page has
 * 200 of these, and each element of a row costs a page turn its time
 * (docs/decisions/005-first-screen-weight.md).
 */
export function timestamp(value: string, formats: Formats) {
  const { short, full } = timestampTexts(value, formats);
  // The browser's own tooltip opens below the pointer, so it never covers the row above.
  return (
    <time dateTime={value} title={full} className={classes.time}>
      {short}
    </time>
  );
}

interface TimestampTexts {
  short: string;
  full: string;
}

const TEXTS_KEPT = 1000;
/** Per language, the texts of the dates already written: a page turn reads them, not Intl. */
const texts = new WeakMap<Formats, Map<string, TimestampTexts>>();

function timestampTexts(value: string, formats: Formats): TimestampTexts {
  let known = texts.get(formats);
  if (known === undefined) texts.set(formats, (known = new Map<string, TimestampTexts>()));
  let found = known.get(value);
  if (found === undefined) {
    if (known.size >= TEXTS_KEPT) known.clear();
    const date = new Date(value);
    found = { short: formats.dateTime.format(date), full: formats.fullDateTime.format(date) };
    known.set(value, found);
  }
  return found;
}

/**
 * Writes the dates of rows about to be shown (the prefetched next page) while the browser is
 * idle, so turning to them formats nothing: 80 dates a page of 20 (decision 005).
 */
export function prepareTimestamps(values: Iterable<string>, formats: Formats): void {
  for (const value of values) timestampTexts(value, formats);
}
