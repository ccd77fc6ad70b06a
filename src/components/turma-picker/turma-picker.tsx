import { Input, Pill, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ApiClient } from '../../api/client';
import type { ClassSummary } from '../../api/contract';
import { useTurmaPickerMessages } from './messages';

export interface TurmaPickerProps {
  /** The picker searches turmas on the server, as the table does. */
  api: Pick<ApiClient, 'getClasses'>;
  /** The turmas the form will act on, in the order they were added. */
  value: readonly ClassSummary[];
  onChange: (value: ClassSummary[]) => void;
  /** The field's label, e.g. "Turmas". */
  label: string;
  /** A validation or API message about the turmas. */
  error?: ReactNode;
  disabled?: boolean;
}

/**
 * The turmas a form acts on, listed by name, each removable; and a search of all turmas on the
 * server to add one without leaving the form. Controlled: the form owns the value.
 *
 * TODO(picker): the server-side search to add turmas.
 */
export function TurmaPicker({ value, onChange, label, error, disabled }: TurmaPickerProps) {
  const messages = useTurmaPickerMessages();
  return (
    <Input.Wrapper label={label} error={error}>
      <Stack gap="xs">
        <Pill.Group>
          {value.map((turma) => (
            <Pill
              key={turma.id}
              withRemoveButton={!disabled}
              onRemove={() => onChange(value.filter((other) => other.id !== turma.id))}
              removeButtonProps={{
                'aria-label': messages.remove(turma.name),
                'aria-hidden': false,
                tabIndex: 0,
              }}
            >
              {turma.name}
            </Pill>
          ))}
        </Pill.Group>
      </Stack>
    </Input.Wrapper>
  );
}
