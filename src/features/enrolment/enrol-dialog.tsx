import { Modal } from '@mantine/core';
import type { ApiClient } from '../../api/client';
import type { ClassSummary } from '../../api/contract';

export interface EnrolDialogProps {
  api: ApiClient;
  opened: boolean;
  /** The turmas to start with: the row's one, or the selection. Read each time it opens. */
  turmas: readonly ClassSummary[];
  onClose: () => void;
}

/** TODO(enrolment): the form. */
export function EnrolDialog({ opened, onClose }: EnrolDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Matricular aluno">
      …
    </Modal>
  );
}
