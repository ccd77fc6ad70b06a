import { Box, ComboboxChevron, Group, Input, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { memo, useId, type ReactNode } from 'react';
import { useMessages } from '../../i18n/i18n-context';
import classes from './class-pager.module.css';
import { useFormats } from '../../i18n/formats';
import { DOTS, PAGE_SIZES, pageCountOf, pageItems, type PageSize } from './list-params';

interface ClassPagerProps {
  page: number;
  pageSize: PageSize;
  /** Known once the first answer for this search arrived. */
  totalRecords: number | undefined;
  /** How many rows came back for `page`, once they have: the range counts those, not the size. */
  rowCount?: number | undefined;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: PageSize) => void;
}

/**
 * Memoised (the page passes stable callbacks): the rows arriving for a new page size or search
 * leave the pager alone unless its numbers changed.
 */
export const ClassPager = memo(function ClassPager({
  page,
  pageSize,
  totalRecords,
  rowCount,
  onPageChange,
  onPageSizeChange,
}: ClassPagerProps) {
  const messages = useMessages();
  const formats = useFormats();
  const total = totalRecords ?? 0;
  const pageCount = pageCountOf(total, pageSize);
  const first = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(
    rowCount === undefined ? page * pageSize : (page - 1) * pageSize + rowCount,
    total,
  );

  return (
    <Group justify="space-between" gap="md" wrap="wrap">
      <Group gap="md" wrap="nowrap">
        <PageSizeSelect value={pageSize} onChange={onPageSizeChange} />
        {/* Reserved even before the total is known, so nothing moves when it arrives. */}
        <Text size="sm" c="dimmed" miw={140} mt="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {totalRecords === undefined
            ? '\u00a0'
            : messages.classes.range(
                formats.number.format(first),
                formats.number.format(last),
                formats.number.format(total),
              )}
        </Text>
      </Group>
      <nav aria-label={messages.classes.pagination}>
        <PageButtons
          page={Math.min(page, pageCount)}
          pageCount={pageCount}
          disabled={totalRecords === undefined}
          onPageChange={onPageChange}
        />
      </nav>
    </Group>
  );
});

/**
 * Its own memoised component: a page turn re-renders the page buttons, not this select.
 * Mantine's NativeSelect drawn from its parts: its label wrapper replaces its id in a layout
 * effect, a second render that made the first screen's commit one long task (decision 005).
 */
const PageSizeSelect = memo(function PageSizeSelect({
  value,
  onChange,
}: {
  value: PageSize;
  onChange: (pageSize: PageSize) => void;
}) {
  const messages = useMessages();
  const id = useId();
  return (
    <Box w={160}>
      <Input.Label htmlFor={id}>{messages.classes.pageSize}</Input.Label>
      <Input
        component="select"
        id={id}
        pointer
        rightSection={<ComboboxChevron />}
        rightSectionPointerEvents="none"
        value={String(value)}
        onChange={(event) => onChange(Number(event.currentTarget.value) as PageSize)}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Input>
    </Box>
  );
});

/**
 * The page buttons in plain elements, drawn like Mantine's Pagination (class-pager.module.css)
 * and with the same markup, names and `aria-current`. Mantine's is some 30 components (a
 * context, then a Box, a button component and an icon component per control), and every page
 * turn re-rendered all of them (figures in docs/decisions/005-first-screen-weight.md).
 */
function PageButtons({
  page,
  pageCount,
  disabled,
  onPageChange,
}: {
  page: number;
  pageCount: number;
  disabled: boolean;
  onPageChange: (page: number) => void;
}) {
  const messages = useMessages();
  const formats = useFormats();
  // A phone's line holds 7 buttons of 44px (class-pager.module.css): the page's neighbours go.
  const narrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const countText = formats.number.format(pageCount);
  const edge = (label: string, to: number, unavailable: boolean, icon: ReactNode, far = false) => (
    <button
      type="button"
      className={classes.control}
      data-far-edge={far || undefined}
      aria-label={label}
      disabled={disabled || unavailable}
      onClick={() => onPageChange(to)}
    >
      {icon}
    </button>
  );
  return (
    <div className={classes.pages}>
      {edge(messages.classes.firstPage, 1, page === 1, FIRST_ICON, true)}
      {edge(messages.classes.previousPage, page - 1, page === 1, PREVIOUS_ICON)}
      {pageItems(page, pageCount, narrow ? 0 : 1).map((item, index) =>
        item === DOTS ? (
          <div key={index} className={classes.dots}>
            {DOTS_ICON}
          </div>
        ) : (
          <button
            // By position, as Mantine's did: a page turn updates the numbers in place.
            key={index}
            type="button"
            className={classes.control}
            data-page-item
            data-active={item === page || undefined}
            aria-current={item === page ? 'page' : undefined}
            aria-label={messages.classes.pageOf(formats.number.format(item), countText)}
            disabled={disabled}
            onClick={() => onPageChange(item)}
          >
            {item}
          </button>
        ),
      )}
      {edge(messages.classes.nextPage, page + 1, page === pageCount, NEXT_ICON)}
      {edge(messages.classes.lastPage, pageCount, page === pageCount, LAST_ICON, true)}
    </div>
  );
}

// Mantine's own pagination icons (not exported by @mantine/core), so the pager looks the same.
const icon = (path: string, rotateInRtl = true) => (
  <svg
    viewBox="0 0 16 16"
    xmlns="http://www.w3.org/2000/svg"
    aria-hidden
    className={rotateInRtl ? `${classes.icon} ${classes.rtlFlip}` : classes.icon}
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
