import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import type { ApiClient } from '../../api/client';
import { normalizedEmail, studentQueries, studentWithEmail } from '../../api/student-queries';
import type { StudentMatch } from '#contract/extensions';
import type { Formats } from '../../i18n/formats';
import type { TurmaNote } from '../../components/turma-picker/turma-picker';
import type { EnrolFormControl } from './enrolment-schema';
import type { EnrolmentMessages } from './messages';

/** As the turma search (docs/decisions/003): one request once typing pauses. */
export const LOOKUP_DEBOUNCE_MS = 180;

/**
 * Who has the e-mail the field holds, as the roster extension finds them once typing pauses: the
 * student, null for nobody (a new student), undefined while it is not known (no extension, not a
 * whole e-mail, typing, no answer yet, or more matches than the answer holds). Only asked when
 * `enabled`.
 */
export function useStudentByEmail(
  api: Pick<ApiClient, 'request'>,
  control: EnrolFormControl,
  enabled: boolean,
): { email: string | undefined; student: StudentMatch | null | undefined } {
  const email = normalizedEmail(useWatch({ control, name: 'email' }));
  const [settled] = useDebouncedValue(email, LOOKUP_DEBOUNCE_MS);
  const lookup = useQuery({
    ...studentQueries.matching(api, settled ?? ''),
    enabled: enabled && settled !== undefined && settled === email,
  });
  const known = enabled && settled === email;
  return { email, student: known ? studentWithEmail(lookup.data, email) : undefined };
}

/** The student whose e-mail the field holds; null while nobody is known (see above). */
export function useExistingStudent(
  api: Pick<ApiClient, 'request'>,
  control: EnrolFormControl,
  enabled: boolean,
): StudentMatch | null {
  return useStudentByEmail(api, control, enabled).student ?? null;
}

/** Beside each turma of the form the student is already in: until when. */
export function existingTurmaNotes(
  student: StudentMatch | null,
  messages: EnrolmentMessages,
  formats: Formats,
): ReadonlyMap<string, TurmaNote> | undefined {
  if (!student) return undefined;
  return new Map(
    student.classes.map((turma) => [
      turma.id,
      {
        text: messages.existing.inTurma(
          turma.expirationDate === null
            ? messages.existing.noExpiry
            : messages.existing.until(
                formats.mediumDateTime.format(new Date(turma.expirationDate)),
              ),
        ),
        tone: 'neutral' as const,
      },
    ]),
  );
}
