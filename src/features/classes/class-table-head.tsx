import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { FlexRender, type Header, type ReactTable, type SortingState } from '@tanstack/react-table';
import { memo, type ReactNode } from 'react';
import type { Class } from '#contract';
import { COLUMN_WIDTHS, NUMERIC_COLUMNS, type features } from './class-table-columns';
import classes from './class-table.module.css';

type ClassHeader = Header<typeof features, Class>;

interface TableHeadProps {
  groups: ReturnType<ReactTable<typeof features, Class>['getHeaderGroups']>;
  /** Not read here, but what the headers show depends on it. */
  sorting: SortingState;
}

/**
 * Memoised on the header groups and the sort: turning a page leaves the header alone, and its
 * checkbox follows the page through the selection context.
 */
export const TableHead = memo(function TableHead({ groups }: TableHeadProps) {
  return (
    <thead>
      {groups.map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => (
            <HeaderCell key={header.id} header={header}>
              <FlexRender header={header} />
            </HeaderCell>
          ))}
        </tr>
      ))}
    </thead>
  );
});

function HeaderCell({ header, children }: { header: ClassHeader; children: ReactNode }) {
  const { column } = header;
  const numeric = NUMERIC_COLUMNS.has(column.id);
  const width = COLUMN_WIDTHS[column.id];
  if (column.id === 'select' || column.id === 'actions') {
    return (
      <th scope="col" style={{ width }}>
        {children}
      </th>
    );
  }
  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <th
      scope="col"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
      className={numeric ? classes.numeric : undefined}
      style={{ width }}
    >
      <UnstyledButton
        className={classes.sortButton}
        data-sorted={sorted || undefined}
        onClick={column.getToggleSortingHandler()}
      >
        {children}
        <Icon aria-hidden size={14} className={classes.sortIcon} />
      </UnstyledButton>
    </th>
  );
}
