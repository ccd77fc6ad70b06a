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
  const date = new Date(value);
  const full = formats.fullDateTime.format(date);
  return (
    // The browser's own tooltip opens below the pointer, so it never covers the row above.
    <time dateTime={value} title={full} className={classes.time}>
      <span aria-hidden="true">{formats.dateTime.format(date)}</span>
      <span className={visuallyHidden}>{full}</span>
    </time>
  );
}
