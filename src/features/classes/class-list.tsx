import { Alert, Button, EmptyState, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ApiClient } from '../../api/client';
import type { Class, ClassListQuery } from '../../api/contract';
import { describeApiError } from '../../i18n/describe-api-error';
import { useLocale, useMessages } from '../../i18n/i18n-context';
import { classQueries } from './class-queries';

interface ClassListProps {
  api: Pick<ApiClient, 'getClasses'>;
}

// The first page in name order; paging, sorting and search arrive with the full table.
const FIRST_PAGE = { page: 1, pageSize: 20, sortBy: 'name' } as const satisfies ClassListQuery;
const SKELETON_ROWS = 5;

export function ClassList({ api }: ClassListProps) {
  const messages = useMessages();
  const locale = useLocale();
  const list = useQuery(classQueries.list(api, FIRST_PAGE));
  const formats = useMemo(
    () => ({
      number: new Intl.NumberFormat(locale),
      dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }),
    }),
    [locale],
  );

  if (list.isError && !list.data) {
    return (
      <Alert color="red" title={messages.classes.loadFailed}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{describeApiError(list.error, messages)}</Text>
          <Button variant="default" onClick={() => void list.refetch()} loading={list.isFetching}>
            {messages.classes.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const page = list.data;
  const summary = page
    ? messages.classes.total(page.totalRecords, formats.number.format(page.totalRecords))
    : messages.classes.loading;

  return (
    <Stack gap="md">
      {/* A live region, so the count is announced when the list arrives or changes. */}
      <Text role="status" fw={500}>
        {summary}
      </Text>
      {page && page.data.length === 0 ? (
        <EmptyState
          title={messages.classes.emptyTitle}
          description={messages.classes.emptyDescription}
        />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table
            striped
            highlightOnHover
            aria-label={messages.classes.tableLabel}
            aria-busy={!page}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{messages.classes.columns.name}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {messages.classes.columns.students}
                </Table.Th>
                <Table.Th scope="col">{messages.classes.columns.updatedAt}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page
                ? page.data.map((turma) => (
                    <ClassRow key={turma.id} turma={turma} formats={formats} />
                  ))
                : Array.from({ length: SKELETON_ROWS }, (_, index) => <SkeletonRow key={index} />)}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

interface ClassRowProps {
  turma: Class;
  formats: { number: Intl.NumberFormat; dateTime: Intl.DateTimeFormat };
}

function ClassRow({ turma, formats }: ClassRowProps) {
  return (
    <Table.Tr>
      <Table.Td>{turma.name}</Table.Td>
      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formats.number.format(turma.countStudents)}
      </Table.Td>
      <Table.Td>
        <time dateTime={turma.updatedAt}>{formats.dateTime.format(new Date(turma.updatedAt))}</time>
      </Table.Td>
    </Table.Tr>
  );
}

function SkeletonRow() {
  // Placeholders only: the status line already tells assistive technology that turmas are loading.
  return (
    <Table.Tr aria-hidden>
      <Table.Td>
        <Skeleton height={12} width="60%" />
      </Table.Td>
      <Table.Td>
        <Skeleton height={12} width={32} ml="auto" />
      </Table.Td>
      <Table.Td>
        <Skeleton height={12} width="50%" />
      </Table.Td>
    </Table.Tr>
  );
}
