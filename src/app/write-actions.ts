import type { ClassSummary } from '#contract';
import type { RowAction } from '../features/classes/table/class-table';
import type { Messages } from '../i18n/messages';

/** Each row's "Matricular" and "Remover". */
export function writeActions(
  messages: Messages,
  open: (kind: 'enrol' | 'remove', turmas: ClassSummary[]) => void,
  want: (kind: 'enrol' | 'remove') => void,
  labelled: (turmas: readonly ClassSummary[]) => ClassSummary[],
): RowAction[] {
  return [
    {
      label: messages.classes.enrolAction,
      name: (turma) => messages.classes.enrolActionName(turma.name),
      write: true,
      onClick: (turma) => open('enrol', labelled([turma])),
      onIntent: () => want('enrol'),
    },
    {
      label: messages.classes.removeAction,
      name: (turma) => messages.classes.removeActionName(turma.name),
      destructive: true,
      write: true,
      onClick: (turma) => open('remove', labelled([turma])),
      onIntent: () => want('remove'),
    },
  ];
}
