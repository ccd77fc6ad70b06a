import { Button, Group, Paper, Pill, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CLASSES_PER_REQUEST_MAX } from '#contract';
import { useMessages } from '../../i18n/i18n-context';
import { useFormats } from '../../i18n/formats';
import { selectionStore, useSelection } from './selection-store';
import classes from './selection-tray.module.css';

interface SelectionTrayProps {
  /** What can be done with the selected turmas (enrol, remove), supplied by the page. */
  actions?: ReactNode;
}

/**
 * The turmas picked so far, whatever page or search they were picked on, pinned to the bottom of
 * the page so it never pushes the table around. Shown only while something is selected.
 */
export function SelectionTray({ actions }: SelectionTrayProps) {
  const messages = useMessages();
  const formats = useFormats();
  const selection = useSelection();
  if (selection.length === 0) return null;

  const tooMany = selection.length > CLASSES_PER_REQUEST_MAX;
  return (
    <Paper
      component="section"
      aria-label={messages.selection.label}
      withBorder
      shadow="md"
      p="sm"
      className={classes.tray}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="sm">
          <Text fw={600} role="status">
            {messages.selection.count(selection.length, formats.number.format(selection.length))}
          </Text>
          <Group gap="xs">
            {actions}
            <Button variant="subtle" onClick={selectionStore.clear}>
              {messages.selection.clear}
            </Button>
          </Group>
        </Group>
        {tooMany && (
          <Text size="sm" c="red.9">
            {messages.selection.tooMany(formats.number.format(CLASSES_PER_REQUEST_MAX))}
          </Text>
        )}
        <Pill.Group className={classes.pills}>
          {selection.map((turma) => (
            <Pill
              key={turma.id}
              withRemoveButton
              onRemove={() => selectionStore.remove([turma.id])}
              // Mantine hides the remove button from the keyboard and assistive technology (it
              // is made for inputs, where Backspace removes); here it is the only way to drop
              // one turma, so it is a real, named button.
              removeButtonProps={{
                'aria-label': messages.selection.remove(turma.name),
                'aria-hidden': false,
                tabIndex: 0,
              }}
            >
              {turma.name}
            </Pill>
          ))}
        </Pill.Group>
      </Stack>
    </Paper>
  );
}
