/**
 * An enrolment's expiry as the person sees it (a wall-clock date and time where they are) and as
 * the API gets it (an instant, ISO 8601 in UTC). Mantine's date pickers carry wall-clock values as
 * 'YYYY-MM-DD HH:mm:ss' strings with no time zone; this file is the one place that turns them into
 * instants, always in the browser's time zone.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { readConfig, type MonthDay } from '../../config';

/** A wall-clock date and time as Mantine's pickers hold it: 'YYYY-MM-DD HH:mm:ss'. */
export type LocalDateTime = string;

const LOCAL_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** What the expiry field holds: a wall-clock moment, or none at all (`at` is then ignored). */
export interface ExpiryValue {
  noExpiry: boolean;
  /**
   * Null when nothing is picked or typed; the text as typed when it is no moment. Kept while
   * `noExpiry` is ticked, so unticking brings it back.
   */
  at: LocalDateTime | null;
}

export const EXPIRY_PRESETS = [
  'in30Days',
  'in6Months',
  'in1Year',
  'endOfTerm',
  'endOfSchoolYear',
] as const;
export type ExpiryPreset = (typeof EXPIRY_PRESETS)[number];

/** The school's year as the deployment sets it (config.js): its last day, and its first term's. */
export interface SchoolCalendar {
  schoolYearEnd: MonthDay;
  firstTermEnd?: MonthDay;
}

/** The deployment's calendar, read from config.js (already checked when the app started). */
export function schoolCalendar(): SchoolCalendar {
  const { schoolYearEnd, firstTermEnd } = readConfig();
  return firstTermEnd ? { schoolYearEnd, firstTermEnd } : { schoolYearEnd };
}

/** The presets this calendar offers: "end of the semester" only where the school has terms. */
export function presetsOf(calendar: SchoolCalendar): ExpiryPreset[] {
  return EXPIRY_PRESETS.filter((preset) => preset !== 'endOfTerm' || calendar.firstTermEnd);
}

/**
 * An end closer than this is the wrong default: an enrolment made in November for "the school
 * year" means the next one, not access that runs out in a few weeks.
 */
export const MIN_DAYS_TO_AN_END = 60;

/**
 * Presets end at 23:59 of their day: access lasts through the whole last day, and the same
 * preset chosen at 9:00 or at 17:00 gives the same expiry. The school year's and the term's
 * ends come from the deployment's calendar: the first one at least 60 days away.
 */
export function presetExpiry(
  preset: ExpiryPreset,
  now: Date,
  calendar: SchoolCalendar = schoolCalendar(),
): LocalDateTime {
  const today = dayjs(now);
  const day =
    preset === 'in30Days'
      ? today.add(30, 'day')
      : preset === 'in6Months'
        ? today.add(6, 'month')
        : preset === 'in1Year'
          ? today.add(1, 'year')
          : nextEnd(
              today,
              preset === 'endOfTerm' && calendar.firstTermEnd
                ? [calendar.firstTermEnd, calendar.schoolYearEnd]
                : [calendar.schoolYearEnd],
            );
  return day.hour(23).minute(59).second(0).format(LOCAL_FORMAT);
}

/** The earliest of `ends` (days of any year) at least MIN_DAYS_TO_AN_END days after `today`. */
function nextEnd(today: Dayjs, ends: readonly MonthDay[]): Dayjs {
  const candidates = [0, 1, 2].flatMap((years) =>
    ends.map((end) => onDay(today.year() + years, end)),
  );
  const start = today.startOf('day');
  const found = candidates
    .filter((day) => day.diff(start, 'day') >= MIN_DAYS_TO_AN_END)
    .sort((a, b) => a.valueOf() - b.valueOf())[0];
  // Two years ahead always holds one; the fallback only satisfies the type.
  return found ?? onDay(today.year() + 1, ends[0] ?? { month: 12, day: 31 });
}

/** `end` in `year`; 29 February is the 28th in a year without it. */
function onDay(year: number, { month, day }: MonthDay): Dayjs {
  const first = dayjs(new Date(year, month - 1, 1));
  return first.date(Math.min(day, first.daysInMonth()));
}

const LOCAL_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The instant a wall-clock value means in the browser's time zone; null if it is not one, such
 * as text typed in the field that is no moment (dayjs alone would read "3/4/2027" its own way).
 */
export function toInstant(value: LocalDateTime): Date | null {
  if (!LOCAL_PATTERN.test(value)) return null;
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
export function defaultExpiry(now: Date, calendar: SchoolCalendar = schoolCalendar()): ExpiryValue {
  return { noExpiry: false, at: presetExpiry('endOfSchoolYear', now, calendar) };
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
