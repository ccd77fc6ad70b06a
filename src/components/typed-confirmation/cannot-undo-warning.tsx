import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './typed-confirmation.module.css';

/**
 * The warning above a typed confirmation: what cannot be undone. `id` lets an alert dialog name
 * it as its description.
 */
export function CannotUndoWarning({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconAlertTriangle aria-hidden size={20} className={classes.warningIcon} />
      <Text id={id} size="sm" fw={500}>
        {children}
      </Text>
    </Group>
  );
}
