/**
 * Which window the expiring-soon view shows, as it lives in the address beside the other
 * parameters: `?expirando=30` (the next 30 days), `?expirando=7`, or `?expirando=2026-12-31`
 * (until the end of that day). The roster's `?turma=` is the model: the view opens over the
 * page, so Back closes it.
 */
import { useSyncExternalStore } from 'react';
import {
  announceUrlChange,
  currentSearch,
  prerenderedSearch,
  subscribeToUrl,
} from '../../lib/url-change';
import { localDate } from '../../lib/local-date';

export const EXPIRING_PARAM = 'expirando';
export const EXPIRING_DAYS = [7, 30] as const;

export type ExpiringChoice = { days: (typeof EXPIRING_DAYS)[number] } | { until: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The last day a window can end with: a window ends as the next day starts, and the API takes no
 * instant after 9999 (the end of 31 December 9999 is already in 10000 in UTC, west of it).
 */
export const EXPIRING_LAST_DAY = '9999-12-30';

/** Midnight starting a day where the browser is; years 0–99 as written (`new Date` reads 19xx). */
function startOfDay(year: number, month: number, day: number): Date {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  return date;
}

/** The day `text` names (YYYY-MM-DD), when it is a real one; null otherwise. */
function realDate(text: string): string | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = startOfDay(year, month, day);
  const real =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return real ? text : null;
}

/** Why a date given for the window cannot end it. */
export type UntilProblem = 'required' | 'invalid' | 'past' | 'tooLate';

/**
 * Why `text` (as a date field gives it, YYYY-MM-DD) cannot end the window, or null when it can:
 * a real day from today (`now`'s) to EXPIRING_LAST_DAY. A browser gives a year of more than four
 * digits as typed (`20261-12-30`): too late, not invalid.
 */
export function untilProblem(text: string, now: Date): UntilProblem | null {
  if (text === '') return 'required';
  if (/^\d{5,}-\d{2}-\d{2}$/.test(text)) return 'tooLate';
  if (realDate(text) === null) return 'invalid';
  if (text < dayAfter(now, 0)) return 'past';
  return text > EXPIRING_LAST_DAY ? 'tooLate' : null;
}

/** The window the address names; null when it names none (or nothing this view knows). */
export function parseExpiringParam(search: string): ExpiringChoice | null {
  const raw = new URLSearchParams(search).get(EXPIRING_PARAM)?.trim();
  if (!raw) return null;
  const days = EXPIRING_DAYS.find((each) => String(each) === raw);
  if (days !== undefined) return { days };
  const until = realDate(raw);
  return until === null ? null : { until };
}

export const choiceText = (choice: ExpiringChoice): string =>
  'days' in choice ? String(choice.days) : choice.until;

/** `search` with the view on `choice` or closed (null), every other parameter kept. */
export function writeExpiringParam(search: string, choice: ExpiringChoice | null): string {
  const query = new URLSearchParams(search);
  if (choice === null) query.delete(EXPIRING_PARAM);
  else query.set(EXPIRING_PARAM, choiceText(choice));
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

interface ExpiringHistoryState {
  /** Opened from this tab: Close goes back one entry. */
  expiringOpenedHere?: true;
}

const addressWith = (choice: ExpiringChoice | null) => {
  const { pathname, search, hash } = window.location;
  return `${pathname}${writeExpiringParam(search, choice)}${hash}`;
};

/** Opens the view: a new history entry, so Back closes it. */
export function openExpiring(choice: ExpiringChoice = { days: 30 }): void {
  const state: ExpiringHistoryState = { expiringOpenedHere: true };
  window.history.pushState(state, '', addressWith(choice));
  announceUrlChange();
}

/** Another window in the open view: the same history entry. */
export function changeExpiring(choice: ExpiringChoice): void {
  window.history.replaceState(window.history.state, '', addressWith(choice));
  announceUrlChange();
}

/** Closes the view: back where it was opened from, or (opened from a link) without it. */
export function closeExpiring(): void {
  if ((window.history.state as ExpiringHistoryState | null)?.expiringOpenedHere) {
    window.history.back();
    return;
  }
  window.history.pushState(null, '', addressWith(null));
  announceUrlChange();
}

/** The window the address names (null: the view is closed), re-read as it changes. */
export function useExpiringParam(): ExpiringChoice | null {
  const search = useSyncExternalStore(subscribeToUrl, currentSearch, prerenderedSearch);
  return parseExpiringParam(search);
}

/** `now`'s day plus `days`, as YYYY-MM-DD in this browser's time zone. */
export function dayAfter(now: Date, days: number): string {
  return localDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days));
}

/**
 * The instants asked of the server: from now until the end of the chosen day in this browser's
 * time zone (the start of the next day, which the window leaves out). "30 dias" ends with day 30,
 * as "Expira em 30 dias" and the 30-day preset (23:59 of that day) count, not 30×24 h from now.
 */
export function windowOf(choice: ExpiringChoice, now: Date): { after: string; before: string } {
  const until = 'days' in choice ? dayAfter(now, choice.days) : choice.until;
  const [year, month, day] = until.split('-').map(Number) as [number, number, number];
  const end = startOfDay(year, month, day + 1);
  return { after: now.toISOString(), before: (end < now ? now : end).toISOString() };
}
