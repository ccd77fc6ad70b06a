import { Box, ComboboxChevron, Group, Input } from '@mantine/core';
import { memo, useId } from 'react';
import { useMessages } from '../../../i18n/i18n-context';
import { PageRange, Pager } from '../../../components/pager/pager';
import { pageCountOf } from '../../../components/pager/page-items';
import { PAGE_SIZES, type PageSize } from './list-params';

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
  return (
    <Group justify="space-between" gap="md" wrap="wrap">
      <Group gap="md" wrap="nowrap">
        <PageSizeSelect value={pageSize} onChange={onPageSizeChange} />
        {/* Reserved even before the total is known, so nothing moves when it arrives. */}
        <PageRange
          page={page}
          pageSize={pageSize}
          totalRecords={totalRecords}
          rowCount={rowCount}
          miw={140}
          mt="lg"
        />
      </Group>
      <Pager
        page={page}
        pageCount={pageCountOf(totalRecords ?? 0, pageSize)}
        label={messages.classes.pagination}
        disabled={totalRecords === undefined}
        onPageChange={onPageChange}
      />
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
