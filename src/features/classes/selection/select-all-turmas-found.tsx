import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CLASSES_PER_REQUEST_MAX, PAGE_SIZE_MAX, type Class, type SortBy } from '#contract';
import type { ApiClient } from '../../../api/client';
import { classQueries } from '../../../api/class-queries';
import { SelectAllFound } from '../../../components/select-all-found/select-all-found';
import { useFormats } from '../../../i18n/formats';
import { useClassListMessages } from '../list/messages';
import { selectionStore } from '../../../lib/selection-store';

interface SelectAllTurmasFoundProps {
  api: Pick<ApiClient, 'getClasses'>;
  /** The search and order the rows were found with ('' for none; no sortBy: the server's). */
  q: string;
  sortBy: SortBy | undefined;
  /** How many turmas the search found, on every page. */
  total: number;
  /** The page on screen, every one of its turmas already selected. */
  pageRows: readonly Class[];
}

/**
 * "Select all N turmas found". One write takes at most 100 turmas, so beyond that it says so
 * instead of offering it; up to that, one request (a page of 100) brings them all.
 */
export function SelectAllTurmasFound({
  api,
  q,
  sortBy,
  total,
  pageRows,
}: SelectAllTurmasFoundProps) {
  const messages = useClassListMessages();
  const formats = useFormats();
  const queryClient = useQueryClient();
  const totalText = formats.number.format(total);
  const pageText = formats.number.format(pageRows.length);

  if (total > CLASSES_PER_REQUEST_MAX) {
    return (
      <Alert color="gray">
        {messages.pageSelectedTooMany(
          pageText,
          totalText,
          formats.number.format(CLASSES_PER_REQUEST_MAX),
        )}
      </Alert>
    );
  }

  return (
    <SelectAllFound
      pageSelected={messages.pageSelected(pageText)}
      selectAll={messages.selectAllFound(totalText)}
      allSelected={messages.allFoundSelected(totalText)}
      failed={messages.selectAllFailed}
      onSelectAll={async () => {
        const all = await queryClient.query(
          classQueries.list(api, {
            query: q === '' ? undefined : q,
            page: 1,
            pageSize: PAGE_SIZE_MAX,
            sortBy,
          }),
        );
        selectionStore.add(all.data.map(({ id, name }) => ({ id, name })));
      }}
    />
  );
}
