import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useFormats } from '../../i18n/formats';
import { useBulkMessages } from './messages';
import { PAGE_SIZE } from './use-page';

interface PagerProps {
  page: number;
  last: number;
  total: number;
  setPage: (page: number) => void;
}

export function Pager({ page, last, total, setPage }: PagerProps) {
  const messages = useBulkMessages().preview;
  const { number } = useFormats();
  const format = (value: number) => number.format(value);
  if (last === 0) return null;
  const from = page * PAGE_SIZE + 1;
  const to = Math.min(total, from + PAGE_SIZE - 1);
  return (
    <Group gap="xs" justify="flex-end">
      <ActionIcon
        variant="default"
        aria-label={messages.previousPage}
        disabled={page === 0}
        onClick={() => setPage(page - 1)}
      >
        <IconChevronLeft aria-hidden size={18} />
      </ActionIcon>
      <Text size="sm" aria-live="polite">
        {messages.page(format(from), format(to), format(total))}
      </Text>
      <ActionIcon
        variant="default"
        aria-label={messages.nextPage}
        disabled={page === last}
        onClick={() => setPage(page + 1)}
      >
        <IconChevronRight aria-hidden size={18} />
      </ActionIcon>
    </Group>
  );
}
