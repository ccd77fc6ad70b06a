/**
 * The header's student search button: where a student's page opened from the search (or from
 * its address) gives focus back when it closes.
 */
export const STUDENT_SEARCH_ID = 'student-search';

export const studentSearchButton = (): HTMLElement | null =>
  document.getElementById(STUDENT_SEARCH_ID);
