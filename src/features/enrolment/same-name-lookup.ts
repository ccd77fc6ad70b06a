import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import type { ApiClient } from '../../api/client';
import { comparableName } from '../../api/enrolment-changes';
import {
  normalizedEmail,
  studentQueries,
  studentSearchText,
  studentWithEmail,
} from '../../api/student-queries';
import type { StudentMatch, StudentSearchResponse } from '#contract/extensions';
import type { EnrolFormControl } from './enrolment-schema';
import { LOOKUP_DEBOUNCE_MS, useStudentByEmail } from './existing-student-lookup';

/**
 * "É este aluno?" (issue 32): an e-mail no student has, typed with the name of students already
 * there, is most often one of them with a typo in the address. With the roster extension the
 * form asks before sending. The name is looked up with the student search the name field's
 * suggestions use (`studentQueries.matching`, the same key): one request for a name, whichever
 * asks first.
 */

/** What one answer of staff is about: this name and this e-mail, compared as the form sends them. */
export function sameNameKey(name: string, email: string): string {
  return `${comparableName(name)}\n${normalizedEmail(email) ?? email}`;
}

/** The students of `page` with the name `name` (case, accents and spacing folded) and another e-mail. */
export function sameNameStudents(
  page: StudentSearchResponse | undefined,
  name: string,
  email: string,
): StudentMatch[] {
  const wanted = comparableName(name);
  if (page === undefined || wanted === '') return [];
  return page.data.filter(
    (student) => student.email !== email && comparableName(student.name) === wanted,
  );
}

/**
 * The students to ask about while the form is filled in, once typing pauses: [] while the e-mail
 * is not known to be new (a student's, not whole, not answered yet), for a name nobody has, and
 * without the extension (then nothing is asked).
 */
export function useSameNameStudents(
  api: Pick<ApiClient, 'request'>,
  control: EnrolFormControl,
  enabled: boolean,
): { candidates: StudentMatch[]; isNew: boolean; key: string } {
  const name = useWatch({ control, name: 'name' });
  const { email, student } = useStudentByEmail(api, control, enabled);
  const search = studentSearchText(name);
  const [settled] = useDebouncedValue(search, LOOKUP_DEBOUNCE_MS);
  const isNew = enabled && email !== undefined && student === null;
  const lookup = useQuery({
    ...studentQueries.matching(api, settled),
    enabled: isNew && settled !== '' && settled === search,
  });
  const candidates = isNew && settled === search ? sameNameStudents(lookup.data, name, email) : [];
  return { candidates, isNew, key: sameNameKey(name, email ?? '') };
}

/**
 * At sending: the students to ask about first, looked up now if typing has not paused yet (from
 * the cache when it has: no request more). A lookup that fails asks nothing: it never keeps a
 * student from being enrolled.
 */
export async function findSameNameStudents(
  queryClient: QueryClient,
  api: Pick<ApiClient, 'request'>,
  name: string,
  emailText: string,
): Promise<StudentMatch[]> {
  const email = normalizedEmail(emailText);
  if (email === undefined || studentSearchText(name) === '') return [];
  try {
    const byEmail = await queryClient.query(studentQueries.matching(api, email));
    if (studentWithEmail(byEmail, email) !== null) return [];
    const byName = await queryClient.query(studentQueries.matching(api, name));
    return sameNameStudents(byName, name, email);
  } catch {
    return [];
  }
}
