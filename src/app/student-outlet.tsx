import { lazy, Suspense, type ComponentProps } from 'react';
import type { ApiClient } from '../api/client';
import { useExtension } from '../api/use-extension';
import { STUDENTS_BY_EMAIL_EXTENSION } from '#contract';

// As the expiring outlet's: the parts come once the server offers the read, off the first screen;
// if their code cannot come, the page goes on without them.
const loadParts = () => import('./student-parts');
const nothing = { default: () => null };
const Search = lazy(() =>
  loadParts().then(
    ({ StudentSearchOutlet }) => ({ default: StudentSearchOutlet }),
    () => nothing,
  ),
);
const Outlet = lazy(() =>
  loadParts().then(
    ({ StudentOutlet }) => ({ default: StudentOutlet }),
    () => nothing,
  ),
);

/** The header's student search, where the server finds and reads students. */
export function StudentSearchOutlet({ api }: { api: ApiClient }) {
  if (!useExtension(api, STUDENTS_BY_EMAIL_EXTENSION)) return null;
  return (
    <Suspense fallback={null}>
      <Search api={api} />
    </Suspense>
  );
}

/** Where a student's page opens while the address names one (`?aluno=…`). */
export function StudentOutlet(props: ComponentProps<typeof Outlet>) {
  if (!useExtension(props.api, STUDENTS_BY_EMAIL_EXTENSION)) return null;
  return (
    <Suspense fallback={null}>
      <Outlet {...props} />
    </Suspense>
  );
}
