import type { UseFormRegisterReturn } from 'react-hook-form';
import type { ApiClient } from '../../api/client';
import type { StudentMatch } from '#contract/extensions';
import {
  StudentSuggestField,
  type StudentFieldInputProps,
} from '../../components/student-suggestions/student-suggest-field';
import { useFormats } from '../../i18n/formats';
import { membershipOf } from '../../api/removal-membership';
import { useRemovalMessages } from './messages';

interface StudentEmailFieldProps {
  api: Pick<ApiClient, 'request'>;
  /** The roster extension is there: suggest students. Without it, the plain e-mail field. */
  suggest: boolean;
  /** What the field holds now (the form watches it). */
  text: string;
  /** The form's own wiring of the field (`register('email')`). */
  registration: UseFormRegisterReturn<'email'>;
  /** Ids of the turmas chosen in the form: each suggestion says how many of them it is in. */
  chosenIds: readonly string[];
  onPick: (student: StudentMatch) => void;
  inputProps: StudentFieldInputProps;
}

/**
 * The removal form's e-mail field. With the roster extension it suggests students (the shared
 * StudentSuggestField, as an e-mail field): typing a name or an e-mail lists them, each with how
 * many of the chosen turmas they are in, and picking one fills their e-mail. Without the
 * extension it is the plain e-mail field it always was.
 */
export function StudentEmailField({ chosenIds, ...props }: StudentEmailFieldProps) {
  const messages = useRemovalMessages();
  const formats = useFormats();
  return (
    <StudentSuggestField
      {...props}
      emailField
      details={(student) => {
        if (chosenIds.length === 0) return null;
        const kinds = chosenIds.map((id) => membershipOf(student, id).kind);
        // Past the 100 turmas listed, "in none" could be untrue: then nothing is said.
        if (kinds.includes('unknown')) return null;
        const inCount = kinds.filter((kind) => kind === 'in').length;
        return messages.suggestions.inChosen(
          inCount,
          chosenIds.length,
          formats.number.format(inCount),
        );
      }}
    />
  );
}
