/**
 * An enrolment's expiry as the person sees it (a wall-clock date and time where they are) and as
 * the API gets it (an instant, ISO 8601 in UTC). Mantine's date pickers carry wall-clock values as
 * 'YYYY-MM-DD HH:mm:ss' strings with no time zone; this file is the one place that turns them into
 * instants, always in the browser's time zone.
 */
import dayjs from 'dayjs';

/** A wall-clock date and time as Mantine's pickers hold it: 'YYYY-MM-DD HH:mm:ss'. */
export type LocalDateTime = string;

const LOCAL_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** What the expiry field holds: a wall-clock moment, or none at all (`at` is then ignored). */
export interface ExpiryValue {
  noExpiry: boolean;
  /** Null when nothing is picked; kept while `noExpiry` is ticked, so unticking brings it back. */
  at: LocalDateTime | null;
}

export const EXPIRY_PRESETS = ['in30Days', 'in6Months', 'in1Year', 'endOfSchoolYear'] as const;
export type ExpiryPreset = (typeof EXPIRY_PRESETS)[number];

/**
 * Presets end at 23:59 of their day: access lasts through the whole last day, and the same
 * preset chosen at 9:00 or at 17:00 gives the same expiry. The school year ends on
 * 31 December (Brazilian schools follow the calendar year).
 */
export function presetExpiry(preset: ExpiryPreset, now: Date): LocalDateTime {
  const today = dayjs(now);
  const day =
    preset === 'in30Days'
      ? today.add(30, 'day')
      : preset === 'in6Months'
        ? today.add(6, 'month')
        : preset === 'in1Year'
          ? today.add(1, 'year')
          : today.month(11).date(31);
  return day.hour(23).minute(59).second(0).format(LOCAL_FORMAT);
}

/** The instant a wall-clock value means in the browser's time zone; null if it is not one. */
export function toInstant(value: LocalDateTime): Date | null {
  const instant = dayjs(value);
  return instant.isValid() ? instant.toDate() : null;
}

/** The wall-clock value of an instant in the browser's time zone (the pickers' minimum). */
export function toLocalDateTime(instant: Date): LocalDateTime {
  return dayjs(instant).format(LOCAL_FORMAT);
}

/**
 * Calendar days from today to the expiry's day, in the browser's time zone: what "expires in 30
 * days" means to a person (0 is today, 1 tomorrow), whatever the hour of either.
 */
export function calendarDaysUntil(expiry: Date, now: Date): number {
  return dayjs(expiry).startOf('day').diff(dayjs(now).startOf('day'), 'day');
}

/** Where a form starts: the end of the school year, the usual length of an enrolment. */
export function defaultExpiry(now: Date): ExpiryValue {
  return { noExpiry: false, at: presetExpiry('endOfSchoolYear', now) };
}

/** Why an expiry cannot be sent; each form words it its own way. */
export type ExpiryProblem = 'required' | 'invalid' | 'past';

/** `expirationDate` is ISO 8601 in UTC, or undefined for no expiry (the field left out). */
export type CheckedExpiry =
  { problem: null; expirationDate: string | undefined } | { problem: ExpiryProblem };

/**
 * The expiry as the API gets it, or why it cannot go. Past moments are refused although the API
 * takes them: an enrolment that is over before it starts is always a slip. The API's own upper
 * bound (before the year 10000) is the contract's schema to check, not this.
 */
export function checkExpiry(value: ExpiryValue, now: Date): CheckedExpiry {
  if (value.noExpiry) return { problem: null, expirationDate: undefined };
  if (value.at === null) return { problem: 'required' };
  const instant = toInstant(value.at);
  if (instant === null) return { problem: 'invalid' };
  if (instant.getTime() <= now.getTime()) return { problem: 'past' };
  return { problem: null, expirationDate: instant.toISOString() };
}

/** `checkExpiry` for callers that need no reason: null when the expiry cannot be sent. */
export function expiryToSend(
  value: ExpiryValue,
  now: Date = new Date(),
): string | undefined | null {
  const checked = checkExpiry(value, now);
  return checked.problem === null ? checked.expirationDate : null;
}
