import { Modal } from '@mantine/core';
import type { ApiClient } from '../../api/client';
import type { ClassSummary } from '../../api/contract';

export interface RemovalDialogProps {
  api: ApiClient;
  opened: boolean;
  /** The turmas to start with: the row's one, or the selection. Read each time it opens. */
  turmas: readonly ClassSummary[];
  onClose: () => void;
}

/** TODO(removal): the dialog. */
export function RemovalDialog({ opened, onClose }: RemovalDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Remover aluno">
      …
    </Modal>
  );
}
