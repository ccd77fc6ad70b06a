import { Alert, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CLASSES_PER_REQUEST_MAX, PAGE_SIZE_MAX, type Class, type SortBy } from '#contract';
import type { ApiClient } from '../../api/client';
import { classQueries } from '../../api/class-queries';
import { useFormats } from '../../i18n/formats';
import { useClassListMessages } from './messages';
import { selectionStore } from './selection-store';

interface SelectAllFoundProps {
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
 * Once a whole page is ticked and the search found more: "select all N found", across pages.
 * One write takes at most 100 turmas, so beyond that it says so instead of offering it; up to
 * that, one request (a page of 100) brings them all.
 */
export function SelectAllFound({ api, q, sortBy, total, pageRows }: SelectAllFoundProps) {
  const messages = useClassListMessages();
  const formats = useFormats();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'loading' | 'failed' | 'done'>('idle');
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

  if (state === 'done') {
    return (
      <Alert color="blue">
        <Text size="sm">{messages.allFoundSelected(totalText)}</Text>
      </Alert>
    );
  }

  async function selectAll() {
    setState('loading');
    try {
      const all = await queryClient.query(
        classQueries.list(api, {
          query: q === '' ? undefined : q,
          page: 1,
          pageSize: PAGE_SIZE_MAX,
          sortBy,
        }),
      );
      selectionStore.add(all.data.map(({ id, name }) => ({ id, name })));
      setState('done');
    } catch {
      setState('failed');
    }
  }

  return (
    <Alert color="blue">
      <Group gap="sm" justify="space-between">
        <Text size="sm">{messages.pageSelected(pageText)}</Text>
        <Button
          variant="light"
          size="xs"
          loading={state === 'loading'}
          onClick={() => void selectAll()}
        >
          {messages.selectAllFound(totalText)}
        </Button>
      </Group>
      {state === 'failed' && (
        <Text size="sm" c="red.9" mt="xs" role="alert">
          {messages.selectAllFailed}
        </Text>
      )}
    </Alert>
  );
}
