import { Text, type TextProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useFormats } from '../../i18n/formats';
import { usePagerMessages } from './messages';
import { DOTS, pageItems, pageRange } from './page-items';
import styles from './pager.module.css';

export interface PagerProps {
  /** 1-based; past `pageCount` it shows as the last page. */
  page: number;
  pageCount: number;
  /** Names the navigation: which list the pages are of. */
  label: string;
  /** No page can be chosen yet (the count is not known). */
  disabled?: boolean;
  onPageChange: (page: number) => void;
}

/**
 * The one pager of the console: first, previous, the page numbers, next, last. Plain elements
 * drawn like Mantine's Pagination (pager.module.css) with the same markup, names and
 * `aria-current`: Mantine's is some 30 components, and every page turn re-rendered all of them
 * (figures in docs/decisions/005-first-screen-weight.md). On a phone the line holds 7 buttons of
 * 44px: "first", "last" and the page's neighbours go (issue 34).
 */
export function Pager({
  page: asked,
  pageCount,
  label,
  disabled = false,
  onPageChange,
}: PagerProps) {
  const messages = usePagerMessages();
  const formats = useFormats();
  const narrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const page = Math.min(asked, pageCount);
  const countText = formats.number.format(pageCount);
  const edge = (label: string, to: number, unavailable: boolean, icon: ReactNode, far = false) => (
    <button
      type="button"
      className={styles.control}
      data-far-edge={far || undefined}
      aria-label={label}
      disabled={disabled || unavailable}
      onClick={() => onPageChange(to)}
    >
      {icon}
    </button>
  );
  return (
    <nav aria-label={label}>
      <div className={styles.pages}>
        {edge(messages.firstPage, 1, page === 1, FIRST_ICON, true)}
        {edge(messages.previousPage, page - 1, page === 1, PREVIOUS_ICON)}
        {pageItems(page, pageCount, narrow ? 0 : 1).map((item, index) =>
          item === DOTS ? (
            <div key={index} className={styles.dots}>
              {DOTS_ICON}
            </div>
          ) : (
            <button
              // By position, as Mantine's did: a page turn updates the numbers in place.
              key={index}
              type="button"
              className={styles.control}
              data-page-item
              data-active={item === page || undefined}
              aria-current={item === page ? 'page' : undefined}
              aria-label={messages.pageOf(formats.number.format(item), countText)}
              disabled={disabled}
              onClick={() => onPageChange(item)}
            >
              {item}
            </button>
          ),
        )}
        {edge(messages.nextPage, page + 1, page === pageCount, NEXT_ICON)}
        {edge(messages.lastPage, pageCount, page === pageCount, LAST_ICON, true)}
      </div>
    </nav>
  );
}

interface PageRangeProps extends TextProps {
  page: number;
  pageSize: number;
  /** Undefined until known: the line keeps its place, empty. */
  totalRecords: number | undefined;
  /** How many rows came back for `page`, once they have: the range counts those, not the size. */
  rowCount?: number | undefined;
}

/** "51–100 de 120": the rows of the page on screen. */
export function PageRange({ page, pageSize, totalRecords, rowCount, ...text }: PageRangeProps) {
  const messages = usePagerMessages();
  const { number } = useFormats();
  let range = '\u00a0';
  if (totalRecords !== undefined) {
    const { first, last } = pageRange(page, pageSize, totalRecords, rowCount);
    range = messages.range(number.format(first), number.format(last), number.format(totalRecords));
  }
  return (
    <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} {...text}>
      {range}
    </Text>
  );
}

// Mantine's own pagination icons (not exported by @mantine/core), so the pager looks the same.
const icon = (path: string, rotateInRtl = true) => (
  <svg
    viewBox="0 0 16 16"
    xmlns="http://www.w3.org/2000/svg"
    aria-hidden
    className={rotateInRtl ? `${styles.icon} ${styles.rtlFlip}` : styles.icon}
  >
    <path d={path} fill="currentColor" />
  </svg>
);
const FIRST_ICON = icon(
  'M6.85355 3.85355C7.04882 3.65829 7.04882 3.34171 6.85355 3.14645C6.65829 2.95118 6.34171 2.95118 6.14645 3.14645L2.14645 7.14645C1.95118 7.34171 1.95118 7.65829 2.14645 7.85355L6.14645 11.8536C6.34171 12.0488 6.65829 12.0488 6.85355 11.8536C7.04882 11.6583 7.04882 11.3417 6.85355 11.1464L3.20711 7.5L6.85355 3.85355ZM12.8536 3.85355C13.0488 3.65829 13.0488 3.34171 12.8536 3.14645C12.6583 2.95118 12.3417 2.95118 12.1464 3.14645L8.14645 7.14645C7.95118 7.34171 7.95118 7.65829 8.14645 7.85355L12.1464 11.8536C12.3417 12.0488 12.6583 12.0488 12.8536 11.8536C13.0488 11.6583 13.0488 11.3417 12.8536 11.1464L9.20711 7.5L12.8536 3.85355Z',
);
const PREVIOUS_ICON = icon('M7.219 8l3.3 3.3-.943.943L5.333 8l4.243-4.243.943.943-3.3 3.3z');
const NEXT_ICON = icon('M8.781 8l-3.3-3.3.943-.943L10.667 8l-4.243 4.243-.943-.943 3.3-3.3z');
const LAST_ICON = icon(
  'M2.14645 11.1464C1.95118 11.3417 1.95118 11.6583 2.14645 11.8536C2.34171 12.0488 2.65829 12.0488 2.85355 11.8536L6.85355 7.85355C7.04882 7.65829 7.04882 7.34171 6.85355 7.14645L2.85355 3.14645C2.65829 2.95118 2.34171 2.95118 2.14645 3.14645C1.95118 3.34171 1.95118 3.65829 2.14645 3.85355L5.79289 7.5L2.14645 11.1464ZM8.14645 11.1464C7.95118 11.3417 7.95118 11.6583 8.14645 11.8536C8.34171 12.0488 8.65829 12.0488 8.85355 11.8536L12.8536 7.85355C13.0488 7.65829 13.0488 7.34171 12.8536 7.14645L8.85355 3.14645C8.65829 2.95118 8.34171 2.95118 8.14645 3.14645C7.95118 3.34171 7.95118 3.65829 8.14645 3.85355L11.7929 7.5L8.14645 11.1464Z',
);
const DOTS_ICON = icon(
  'M2 8c0-.733.6-1.333 1.333-1.333.734 0 1.334.6 1.334 1.333s-.6 1.333-1.334 1.333C2.6 9.333 2 8.733 2 8zm9.333 0c0-.733.6-1.333 1.334-1.333C13.4 6.667 14 7.267 14 8s-.6 1.333-1.333 1.333c-.734 0-1.334-.6-1.334-1.333zM6.667 8c0-.733.6-1.333 1.333-1.333s1.333.6 1.333 1.333S8.733 9.333 8 9.333 6.667 8.733 6.667 8z',
  false,
);
