import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { memo, useId } from 'react';
import type { SortField } from '#contract';
import { nextSort, type ColumnSort } from '../../../components/sort-cycle/sort-cycle';
import { useMessages } from '../../../i18n/i18n-context';
import { COLUMNS, COLUMN_WIDTHS, NUMERIC_COLUMNS, type ClassColumn } from './class-table-columns';
import classes from './class-table.module.css';
import { useClassListMessages } from '../list/messages';
import { HeaderCheckbox } from '../selection/header-checkbox';

/**
 * Best match as an order (a search on a server that ranks): 'in-use' when no column is chosen,
 * 'offered' when one is (a way back to it); undefined when there is no such order.
 */
export type BestMatch = 'in-use' | 'offered' | undefined;

interface TableHeadProps {
  /** The column the list is sorted by, undefined for the list's own order. */
  sortId: SortField | undefined;
  sortDesc: boolean;
  bestMatch: BestMatch;
  /** Back to best match, from a column's order. Stable. */
  onBestMatch: () => void;
  /** A header clicked: the order it leads to (`nextSort`), undefined for the list's own. Stable. */
  onSort: (sort: ColumnSort<SortField> | undefined) => void;
}

/**
 * Memoised on the sort: turning a page leaves the header alone, and its checkbox follows the page
 * through the selection context.
 */
export const TableHead = memo(function TableHead({
  sortId,
  sortDesc,
  bestMatch,
  onBestMatch,
  onSort,
}: TableHeadProps) {
  return (
    <thead>
      <tr>
        {COLUMNS.map((column) => (
          <HeaderCell
            key={column.id}
            column={column}
            sorted={column.id === sortId ? (sortDesc ? 'desc' : 'asc') : false}
            bestMatch={column.id === 'name' ? bestMatch : undefined}
            onBestMatch={onBestMatch}
            onSort={onSort}
          />
        ))}
      </tr>
    </thead>
  );
});

function HeaderCell({
  column,
  sorted,
  bestMatch,
  onBestMatch,
  onSort,
}: {
  column: ClassColumn;
  sorted: 'asc' | 'desc' | false;
  bestMatch: BestMatch;
  onBestMatch: () => void;
  onSort: (sort: ColumnSort<SortField> | undefined) => void;
}) {
  const headers = useMessages().classes.columns;
  const orderId = useId();
  const numeric = NUMERIC_COLUMNS.has(column.id);
  const width = COLUMN_WIDTHS[column.id];
  if (column.id === 'select') {
    return (
      <th scope="col" style={{ width }}>
        <HeaderCheckbox />
      </th>
    );
  }
  if (column.id === 'actions') {
    return (
      <th scope="col" style={{ width }}>
        {headers[column.header]}
      </th>
    );
  }
  const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <th
      scope="col"
      aria-sort={
        sorted === 'asc'
          ? 'ascending'
          : sorted === 'desc'
            ? 'descending'
            : // Neither up nor down: the names are in order of how well they match the search.
              bestMatch === 'in-use'
              ? 'other'
              : 'none'
      }
      className={numeric ? classes.numeric : undefined}
      style={{ width }}
    >
      <UnstyledButton
        className={classes.sortButton}
        data-sorted={sorted || undefined}
        aria-describedby={bestMatch === 'in-use' ? orderId : undefined}
        onClick={() => {
          const current = sorted ? { field: column.id, desc: sorted === 'desc' } : undefined;
          onSort(nextSort(current, column.id, column.descFirst));
        }}
      >
        {headers[column.header]}
        <Icon aria-hidden size={14} className={classes.sortIcon} />
      </UnstyledButton>
      {bestMatch && (
        <BestMatchOrder inUse={bestMatch === 'in-use'} id={orderId} onChoose={onBestMatch} />
      )}
    </th>
  );
}

/**
 * Beside "Nome", where the names are ordered: "Melhor correspondência", shown as the order in use
 * while no column is chosen, and a button back to it once one is. In use, assistive technology
 * hears it as the "Nome" button's description (`id`), so the column keeps its name: a screen
 * reader repeats a column's name beside each of its cells.
 */
function BestMatchOrder({
  inUse,
  id,
  onChoose,
}: {
  inUse: boolean;
  id: string;
  onChoose: () => void;
}) {
  const messages = useClassListMessages();
  if (inUse) {
    return (
      <>
        <span
          className={`${classes.sortButton} ${classes.bestMatch}`}
          data-sorted
          aria-hidden="true"
        >
          {messages.bestMatch}
          <IconArrowDown size={14} className={classes.sortIcon} />
        </span>
        <span id={id} hidden>
          {messages.bestMatchInUse}
        </span>
      </>
    );
  }
  return (
    <UnstyledButton
      className={`${classes.sortButton} ${classes.bestMatch}`}
      aria-label={messages.sortByBestMatch}
      onClick={onChoose}
    >
      {messages.bestMatch}
      <IconArrowsSort aria-hidden size={14} className={classes.sortIcon} />
    </UnstyledButton>
  );
}
