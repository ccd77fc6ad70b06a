import { useIsMutating } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import type { ClassSummary } from '#contract';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { EnrolmentForm, type PrefilledStudent } from './enrolment-form';
import { useEnrolmentMessages } from './messages';
import { ENROL_STUDENT_MUTATION_KEY } from './use-enrol-student';

export interface EnrolmentDialogProps {
  api: ApiClient;
  opened: boolean;
  /** The turmas to start with: the row's one, or the selection. Read each time it opens. */
  turmas: readonly ClassSummary[];
  /** The student to enrol, filled in (a student's page): their turmas are chosen here. */
  student?: PrefilledStudent | undefined;
  onClose: () => void;
}

/**
 * Enrol one student into the turmas it opens with (a row's, or the selection), which can be
 * changed inside. The page keeps it mounted once used so focus can go back to the button that
 * opened it; its form mounts on each opening and starts afresh.
 */
export function EnrolmentDialog({ api, opened, turmas, student, onClose }: EnrolmentDialogProps) {
  const messages = useEnrolmentMessages();
  const busy = useIsMutating({ mutationKey: ENROL_STUDENT_MUTATION_KEY }) > 0;
  return (
    <FormDialog opened={opened} title={messages.title} onClose={onClose} busy={busy}>
      <EnrolmentForm api={api} turmas={turmas} student={student} />
    </FormDialog>
  );
}
