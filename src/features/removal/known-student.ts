import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiClient } from '../../api/client';
import { membershipOf } from '../../api/removal-membership';
import { normalizedEmail, studentQueries, studentWithEmail } from '../../api/student-queries';
import type { ClassSummary } from '#contract';
import type { StudentMatch } from '#contract/extensions';
import { SUGGEST_DEBOUNCE_MS } from '../../components/student-suggestions/student-suggest-field';
import type { TurmaNote } from '../../components/turma-picker/turma-picker';
import type { Formats } from '../../i18n/formats';
import type { RemovalMessages } from './messages';

/**
 * The student the removal is for, as the form shows them: null when nobody has the e-mail,
 * undefined when not known. A student just picked (the setter) is known at once; the lookup of
 * their e-mail then keeps them current.
 */
export function useShownStudent(
  api: ApiClient,
  suggest: boolean,
  email: string,
): [StudentMatch | null | undefined, (picked: StudentMatch) => void] {
  const student = useKnownStudent(api, suggest, email);
  const [picked, setPicked] = useState<StudentMatch | null>(null);
  const shown =
    student === undefined && picked !== null && picked.email === normalizedEmail(email)
      ? picked
      : student;
  return [shown, setPicked];
}

/**
 * The student whose e-mail the field holds, as the roster extension finds them once typing
 * pauses: null when nobody has it, undefined when not known (no extension, not a whole e-mail,
 * no answer yet).
 */
function useKnownStudent(
  api: ApiClient,
  suggest: boolean,
  text: string,
): StudentMatch | null | undefined {
  const email = normalizedEmail(text);
  const [settled] = useDebouncedValue(email, SUGGEST_DEBOUNCE_MS);
  const lookup = useQuery({
    ...studentQueries.matching(api, settled ?? ''),
    enabled: suggest && settled !== undefined && settled === email,
  });
  return suggest && settled === email ? studentWithEmail(lookup.data, email) : undefined;
}

/** Beside each chosen turma: whether the student is in it (and until when), when that is known. */
export function turmaNotes(
  student: StudentMatch | null | undefined,
  turmas: readonly ClassSummary[],
  messages: RemovalMessages,
  formats: Formats,
): ReadonlyMap<string, TurmaNote> | undefined {
  if (!student) return undefined;
  const notes = new Map<string, TurmaNote>();
  for (const { id } of turmas) {
    const membership = membershipOf(student, id);
    if (membership.kind === 'in') {
      const text =
        membership.expirationDate === null
          ? messages.membership.inTurma
          : messages.membership.inTurmaUntil(
              formats.mediumDateTime.format(new Date(membership.expirationDate)),
            );
      notes.set(id, { text, tone: 'neutral' });
    } else if (membership.kind === 'out') {
      notes.set(id, { text: messages.membership.notInTurma, tone: 'warning' });
    }
  }
  return notes;
}
