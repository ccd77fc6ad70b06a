import { useCallback, useMemo, useState } from 'react';

interface EnrolledStudent {
  name: string;
  email: string;
}

/**
 * The page's enrol form opened from a student's page, the student filled in: `enrolling` is
 * that student until the form closes (`enrolled`); other ways of opening it start empty.
 */
export function useStudentEnrol(
  open: (kind: 'enrol', turmas: []) => void,
  want: (kind: 'enrol') => void,
) {
  const [enrolling, setEnrolling] = useState<EnrolledStudent | undefined>();
  const studentEnrol = useMemo(
    () => ({
      open: (student: EnrolledStudent) => {
        setEnrolling(student);
        open('enrol', []);
      },
      want: () => want('enrol'),
    }),
    [open, want],
  );
  const enrolled = useCallback(() => setEnrolling(undefined), []);
  return { studentEnrol, enrolling, enrolled };
}
