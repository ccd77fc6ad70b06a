import { useState } from 'react';
import type { Formats } from '../../i18n/formats';
import classes from './class-table.module.css';

/**
 * A short date-time with the full one (seconds, time zone) in a tooltip on hover and focus, also
 * its description. A function, not a component, and CSS, not Mantine's Tooltip: a page has 200
 * of these (first-screen weight: see docs/decisions/005-first-screen-weight.md).
 */
export function timestamp(value: string, formats: Formats, tooltipId: string) {
  const date = new Date(value);
  return (
    <span className={classes.timestamp}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so keyboard users can reveal the full timestamp too (WCAG 1.4.13) */}
      <time dateTime={value} tabIndex={0} aria-describedby={tooltipId} className={classes.time}>
        {formats.dateTime.format(date)}
      </time>
      <span role="tooltip" id={tooltipId} className={classes.tooltip}>
        {formats.fullDateTime.format(date)}
      </span>
    </span>
  );
}

/**
 * WCAG 1.4.13: Escape hides the timestamp tooltips until the pointer or focus moves on. Spread
 * on the table; its CSS hides them under `data-tooltips-hidden`.
 */
export function useDismissibleTooltips() {
  const [hidden, setHidden] = useState(false);
  const show = hidden ? () => setHidden(false) : undefined;
  return {
    'data-tooltips-hidden': hidden || undefined,
    onKeyDown: (event: { key: string }) => {
      if (event.key === 'Escape') setHidden(true);
    },
    onMouseMove: show,
    onFocus: show,
  };
}
