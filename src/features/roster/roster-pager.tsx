import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useFormats } from '../../i18n/formats';
import { useRosterMessages } from './messages';
import { ROSTER_PAGE_SIZE } from './roster-params';

interface RosterPagerProps {
  page: number;
  totalRecords: number;
  /** Rows of `page` that came back, once they have. */
  rowCount: number | undefined;
  onPageChange: (page: number) => void;
}

/** "51–100 de 120" and previous/next: a roster is a few pages at most. */
export function RosterPager({ page, totalRecords, rowCount, onPageChange }: RosterPagerProps) {
  const messages = useRosterMessages();
  const { number } = useFormats();
  const pageCount = Math.max(1, Math.ceil(totalRecords / ROSTER_PAGE_SIZE));
  const first = totalRecords === 0 ? 0 : Math.min((page - 1) * ROSTER_PAGE_SIZE + 1, totalRecords);
  const last = Math.min(
    (page - 1) * ROSTER_PAGE_SIZE + (rowCount ?? ROSTER_PAGE_SIZE),
    totalRecords,
  );
  if (pageCount === 1 && page === 1) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {messages.range(number.format(first), number.format(last), number.format(totalRecords))}
      </Text>
      <nav aria-label={messages.pagination}>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            size="compact-md"
            leftSection={<IconChevronLeft aria-hidden size={16} />}
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            {messages.previousPage}
          </Button>
          <Text size="sm">
            {messages.pageOf(number.format(Math.min(page, pageCount)), number.format(pageCount))}
          </Text>
          <Button
            variant="default"
            size="compact-md"
            rightSection={<IconChevronRight aria-hidden size={16} />}
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            {messages.nextPage}
          </Button>
        </Group>
      </nav>
    </Group>
  );
}
