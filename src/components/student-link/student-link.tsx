import type { ReactNode } from 'react';
import { isPlainClick, openStudentPage, studentPageHref } from '../../lib/student-address';

/** A student's name that opens their page over this one; a new tab follows its `href`. */
export function StudentLink({ email, children }: { email: string; children: ReactNode }) {
  return (
    <a
      href={studentPageHref(email)}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        openStudentPage(email);
      }}
    >
      {children}
    </a>
  );
}
