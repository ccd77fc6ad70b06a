import { VisuallyHidden } from '@mantine/core';
import type { Formats } from '../../i18n/formats';
import classes from './class-table.module.css';

// Mantine's visually hidden class, not its component: a page has 200 of these.
const visuallyHidden = VisuallyHidden.classes.root;

/**
 * A short date-time, its full form (seconds, time zone) in the `title` for a pointer and as the
 * text screen readers read; the time zone is also said under the table, for everyone. Not a tab stop: a row's only stops are its checkbox and its actions
 * (issue 20). A function, not a component: a page has 200 of these
 * (docs/decisions/005-first-screen-weight.md).
 */
export function timestamp(value: string, formats: Formats) {
  const { short, full } = timestampTexts(value, formats);
  return (
    // The browser's own tooltip opens below the pointer, so it never covers the row above.
    <time dateTime={value} title={full} className={classes.time}>
      <span aria-hidden="true">{short}</span>
      <span className={visuallyHidden}>{full}</span>
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
