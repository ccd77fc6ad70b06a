import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useMessages } from '../../i18n/i18n-context';
import { useFormats } from './formats';
import { PAGE_SIZES, pageCountOf, type PageSize } from './list-params';

interface ClassPagerProps {
  page: number;
  pageSize: PageSize;
  /** Known once the first answer for this search arrived. */
  totalRecords: number | undefined;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: PageSize) => void;
}

export function ClassPager({
  page,
  pageSize,
  totalRecords,
  onPageChange,
  onPageSizeChange,
}: ClassPagerProps) {
  const messages = useMessages();
  const formats = useFormats();
  const total = totalRecords ?? 0;
  const pageCount = pageCountOf(total, pageSize);
  const first = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  const controlLabels = {
    first: messages.classes.firstPage,
    previous: messages.classes.previousPage,
    next: messages.classes.nextPage,
    last: messages.classes.lastPage,
  };

  return (
    <Group justify="space-between" gap="md" wrap="wrap">
      <Group gap="md" wrap="nowrap">
        <NativeSelect
          label={messages.classes.pageSize}
          data={PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value) as PageSize)}
          w={160}
        />
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
        <Pagination
          total={pageCount}
          value={Math.min(page, pageCount)}
          onChange={onPageChange}
          withEdges
          siblings={1}
          boundaries={1}
          disabled={totalRecords === undefined}
          getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
          getItemProps={(item) => ({
            'aria-label': messages.classes.pageOf(
              formats.number.format(item),
              formats.number.format(pageCount),
            ),
          })}
        />
      </nav>
    </Group>
  );
}
