import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import classes from './card-table.module.css';

interface SortHeaderProps {
  /** How the table is sorted by this column, if it is. */
  sorted: 'asc' | 'desc' | false;
  onSort: () => void;
  className?: string | undefined;
  children: string;
}

/** A column's header that sorts by it, saying which way it does (`aria-sort`). */
export function SortHeader({ sorted, onSort, className, children }: SortHeaderProps) {
  const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
    >
      <UnstyledButton
        className={classes.sortButton}
        data-sorted={sorted || undefined}
        onClick={onSort}
      >
        {children}
        <Icon aria-hidden size={14} className={classes.sortIcon} />
      </UnstyledButton>
    </th>
  );
}
