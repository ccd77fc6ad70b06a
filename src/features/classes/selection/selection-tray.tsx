import { Button, Group, Paper, Pill, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState, type ReactNode } from 'react';
import { CLASSES_PER_REQUEST_MAX } from '#contract';
import { useMessages } from '../../../i18n/i18n-context';
import { useFormats } from '../../../i18n/formats';
import { turmaLabel, useClassListMessages } from '../list/messages';
import type { RowAction } from '../table/row-actions';
import { selectionStore, useSelection } from '../../../lib/selection-store';
import classes from './selection-tray.module.css';

/** Spread on an action the limit disables: it is described by the sentence that says why. */
export interface SelectionLimit {
  'aria-describedby': string | undefined;
}

interface SelectionTrayProps {
  /** What can be done with the selected turmas (enrol, remove), supplied by the page. */
  actions?: (limit: SelectionLimit) => ReactNode;
  /** What a chip's name does when pressed (open the turma's roster); plain text without it. */
  chipAction?: RowAction | undefined;
  /** The id of the sentence that says why the limit disables an action, for actions elsewhere. */
  limitId?: string;
}

/**
 * The turmas picked so far, whatever page or search they were picked on, pinned to the bottom of
 * the page so it never pushes the table around. Shown only while something is selected.
 */
export function SelectionTray({ actions, chipAction, limitId: givenLimitId }: SelectionTrayProps) {
  const messages = useMessages();
  const formats = useFormats();
  const listMessages = useClassListMessages();
  const selection = useSelection();
  const chipsId = useId();
  const ownLimitId = useId();
  const limitId = givenLimitId ?? ownLimitId;
  // On a phone the chips would take a third of the screen: there the tray starts as the count
  // and the buttons, and the chips come on demand; a wide screen shows them until hidden.
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [chipsOpen, setChipsOpen] = useState<boolean | null>(null);
  if (selection.length === 0) return null;
  const showChips = chipsOpen ?? !narrow;

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
            {actions?.({ 'aria-describedby': tooMany ? limitId : undefined })}
            <Button
              variant="subtle"
              aria-expanded={showChips}
              aria-controls={chipsId}
              onClick={() => setChipsOpen(!showChips)}
            >
              {showChips
                ? listMessages.hideSelected
                : listMessages.showSelected(formats.number.format(selection.length))}
            </Button>
            <Button variant="subtle" onClick={selectionStore.clear}>
              {messages.selection.clear}
            </Button>
          </Group>
        </Group>
        {tooMany && (
          <Text id={limitId} size="sm" c="red.9">
            {messages.selection.tooMany(formats.number.format(CLASSES_PER_REQUEST_MAX))}
          </Text>
        )}
        {showChips && (
          <Pill.Group id={chipsId} className={classes.pills}>
            {selection.map((turma) => (
              <Pill
                key={turma.id}
                withRemoveButton
                onRemove={() => selectionStore.remove([turma.id])}
                // Mantine hides the remove button from the keyboard and assistive technology (it
                // is made for inputs, where Backspace removes); here it is the only way to drop
                // one turma, so it is a real, named button.
                removeButtonProps={{
                  'aria-label': messages.selection.remove(turmaLabel(turma.name, listMessages)),
                  'aria-hidden': false,
                  tabIndex: 0,
                }}
              >
                {chipAction ? (
                  <UnstyledButton
                    className={classes.chipAction}
                    aria-label={chipAction.name({
                      id: turma.id,
                      name: turmaLabel(turma.name, listMessages),
                    })}
                    onPointerEnter={chipAction.onIntent}
                    onFocus={chipAction.onIntent}
                    onClick={() => chipAction.onClick(turma)}
                  >
                    {turmaLabel(turma.name, listMessages)}
                  </UnstyledButton>
                ) : (
                  turmaLabel(turma.name, listMessages)
                )}
              </Pill>
            ))}
          </Pill.Group>
        )}
      </Stack>
    </Paper>
  );
}
