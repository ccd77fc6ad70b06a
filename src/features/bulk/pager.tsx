import { Group } from '@mantine/core';
import { PageRange, Pager } from '../../components/pager/pager';
import { useBulkMessages } from './messages';
import { PAGE_SIZE } from './use-page';

interface BulkPagerProps {
  page: number;
  pageCount: number;
  total: number;
  setPage: (page: number) => void;
}

/** Under a list longer than one page: the rows on screen, and the console's one pager. */
export function BulkPager({ page, pageCount, total, setPage }: BulkPagerProps) {
  const messages = useBulkMessages().preview;
  if (pageCount === 1) return null;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <PageRange page={page} pageSize={PAGE_SIZE} totalRecords={total} aria-live="polite" />
      <Pager page={page} pageCount={pageCount} label={messages.pagination} onPageChange={setPage} />
    </Group>
  );
}
