import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';
import type { ApiClient } from '../api/client';
import { useExtension } from '../api/use-extension';
import { ROSTER_EXTENSION, STUDENTS_BY_EMAIL_EXTENSION } from '#contract';
import { closeStudentPage, useStudentParam } from '../lib/student-address';
import { CodeLoadFailed } from './lazy-outlet';
import { useLazyCode } from './use-lazy-code';

// The student's page and its search are for those who use them: their code loads once the
// server has said it offers them, never with the first screen.
const loadStudentPage = () => import('../features/student/student-page');
const loadStudentSearch = () => import('../features/student/student-search');
const StudentPage = lazy(async () => ({ default: (await loadStudentPage()).StudentPage }));
// A header button: if its code cannot come (offline), the header goes on without it.
type SearchProps = ComponentProps<Awaited<ReturnType<typeof loadStudentSearch>>['StudentSearch']>;
const StudentSearch = lazy<ComponentType<SearchProps>>(() =>
  loadStudentSearch().then(
    ({ StudentSearch }) => ({ default: StudentSearch }),
    () => ({ default: () => null }),
  ),
);

/** The header's student search, where the server finds students (the roster extension) and reads them. */
export function StudentSearchOutlet({ api }: { api: ApiClient }) {
  const finds = useExtension(api, ROSTER_EXTENSION);
  const reads = useExtension(api, STUDENTS_BY_EMAIL_EXTENSION);
  if (!finds || !reads) return null;
  return (
    <Suspense fallback={null}>
      <StudentSearch api={api} />
    </Suspense>
  );
}

/**
 * Where a student's page opens over the page while the address names one (`?aluno=…`) and the
 * server offers the read, as the roster's outlet (roster-outlet.tsx): a failed import is said
 * here, with a retry; kept mounted while it closes.
 */
export function StudentOutlet({
  api,
  enrol,
  readOnly,
}: {
  api: ApiClient;
  /** The page's enrol form, the student filled in (absent: not offered). */
  enrol: { open: (student: { name: string; email: string }) => void; want: () => void } | undefined;
  /** A `read` credential's: no writes offered (src/app/credential-access.ts). */
  readOnly: boolean;
}) {
  const available = useExtension(api, STUDENTS_BY_EMAIL_EXTENSION);
  const email = useStudentParam();
  const wanted = available && email !== null;

  // The student last shown stays in the panel while it fades out.
  const [shown, setShown] = useState<string | null>(null);
  if (wanted && email !== shown) setShown(email);

  const { code, load } = useLazyCode(wanted, loadStudentPage);

  if (wanted && code === 'failed')
    return <CodeLoadFailed onRetry={load} onDismiss={closeStudentPage} />;
  if (code !== 'ready' || shown === null) return null;
  return (
    <Suspense fallback={null}>
      <StudentPage
        // A new student is a new page: nothing ticked or typed carries over.
        key={shown}
        api={api}
        opened={wanted}
        email={shown}
        onClose={closeStudentPage}
        enrol={enrol}
        readOnly={readOnly}
      />
    </Suspense>
  );
}
