import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';

export interface SelectAllFoundProps {
  /** That every row of the page on screen is selected. */
  pageSelected: string;
  /** The button: "select all N found". */
  selectAll: string;
  /** Said once they are. */
  allSelected: string;
  /** Said when they could not be brought. */
  failed: string;
  /** Brings every row found, on every page, and selects them; rejects when it cannot. */
  onSelectAll: () => Promise<void>;
}

/**
 * Once a whole page is ticked and the search found more: "select all N found", across pages.
 * The turma list and a turma's roster offer it alike; each brings its own rows.
 */
export function SelectAllFound({
  pageSelected,
  selectAll,
  allSelected,
  failed,
  onSelectAll,
}: SelectAllFoundProps) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed' | 'done'>('idle');

  if (state === 'done') {
    return (
      <Alert color="blue">
        <Text size="sm">{allSelected}</Text>
      </Alert>
    );
  }

  const select = async () => {
    setState('loading');
    try {
      await onSelectAll();
      setState('done');
    } catch {
      setState('failed');
    }
  };

  return (
    <Alert color="blue">
      <Group gap="sm" justify="space-between">
        <Text size="sm">{pageSelected}</Text>
        <Button
          variant="light"
          size="xs"
          loading={state === 'loading'}
          onClick={() => void select()}
        >
          {selectAll}
        </Button>
      </Group>
      {state === 'failed' && (
        <Text size="sm" c="red.9" mt="xs" role="alert">
          {failed}
        </Text>
      )}
    </Alert>
  );
}
