/**
 * Which student's page is open, as it lives in the address bar beside the other parameters:
 * `?aluno=ana@escola.example` (the roster's `?turma=` is the model, features/roster). Here, not in
 * a feature, because the header search, a roster's names and the page itself all open it. The
 * page opens over whatever the address shows, so Back goes back to it.
 */
import { useSyncExternalStore } from 'react';
import { EMAIL_MAX_LENGTH } from '#contract';
import { announceUrlChange, currentSearch, prerenderedSearch, subscribeToUrl } from './url-change';

export const STUDENT_PARAM = 'aluno';

interface StudentHistoryState {
  /** Opened from this tab: Close goes back one entry, to where it was opened from. */
  studentOpenedHere?: true;
}

/** The e-mail the address names, trimmed; null when it names none (or one no e-mail can be). */
export function parseStudentParam(search: string): string | null {
  const raw = new URLSearchParams(search).get(STUDENT_PARAM)?.trim();
  return raw && raw.length <= EMAIL_MAX_LENGTH ? raw : null;
}

/** `search` with the student's page open (`email`) or closed (null), every other parameter kept. */
export function writeStudentParam(search: string, email: string | null): string {
  const query = new URLSearchParams(search);
  if (email === null) query.delete(STUDENT_PARAM);
  else query.set(STUDENT_PARAM, email);
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** The address of a student's page, from where the page is now: a link's `href`. */
export function studentPageHref(email: string): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${writeStudentParam(search, email)}${hash}`;
}

/** Opens a student's page: a new history entry, so Back closes it. */
export function openStudentPage(email: string): void {
  const state: StudentHistoryState = { studentOpenedHere: true };
  window.history.pushState(state, '', studentPageHref(email));
  announceUrlChange();
}

/** Closes the student's page: back where it was opened from, or (opened from a link) without it. */
export function closeStudentPage(): void {
  if ((window.history.state as StudentHistoryState | null)?.studentOpenedHere) {
    window.history.back();
    return;
  }
  const { pathname, search, hash } = window.location;
  window.history.pushState(null, '', `${pathname}${writeStudentParam(search, null)}${hash}`);
  announceUrlChange();
}

/**
 * A link's click that the page handles itself (a plain left click, no modifier): anything else
 * (a new tab, a new window) is left to the browser, which follows the `href`.
 */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** The e-mail of the student's page the address names (null: none), re-read as it changes. */
export function useStudentParam(): string | null {
  const search = useSyncExternalStore(subscribeToUrl, currentSearch, prerenderedSearch);
  return parseStudentParam(search);
}
