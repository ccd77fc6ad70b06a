import { useIsMutating } from '@tanstack/react-query';
import { useId } from 'react';
import type { ApiClient } from '../../api/client';
import type { ClassSummary } from '#contract';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { useRemovalMessages } from './messages';
import { RemovalForm } from './removal-form';
import { REMOVE_STUDENT_MUTATION_KEY } from './use-remove-student';

export interface RemovalDialogProps {
  api: ApiClient;
  opened: boolean;
  /** The turmas to start with: the row's one, or the selection. Read each time it opens. */
  turmas: readonly ClassSummary[];
  onClose: () => void;
}

/**
 * Removes one student from several turmas, which the API cannot undo: an alert dialog described
 * by its warning. Closed like the enrol dialog (✕, Cancel or Escape), through the discard
 * question once something is typed.
 */
export function RemovalDialog({ api, opened, turmas, onClose }: RemovalDialogProps) {
  const messages = useRemovalMessages();
  const busy = useIsMutating({ mutationKey: REMOVE_STUDENT_MUTATION_KEY }) > 0;
  const warningId = useId();
  return (
    <FormDialog
      opened={opened}
      title={messages.title}
      onClose={onClose}
      busy={busy}
      alertDescribedBy={warningId}
    >
      <RemovalForm api={api} turmas={turmas} warningId={warningId} />
    </FormDialog>
  );
}
