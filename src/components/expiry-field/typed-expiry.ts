/**
 * An expiry as people type it, in a field or a list's cell: one reading for both, so the same
 * text means the same moment wherever it is typed.
 */
import { expirationDateSchema } from '#contract';
import type { Locale } from '../../i18n/messages';

/** Which number comes first in a slashed date: 15/03/2027 or 3/15/2027. */
export type DayOrder = 'day-first' | 'month-first';

/** How each language writes a day and its month: what its staff mean by 03/04. */
export const DAY_ORDER: Record<Locale, DayOrder> = { 'pt-BR': 'day-first', en: 'month-first' };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ ,]+(.+))?$/;
const SLASHED_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ ,]+(.+))?$/;
// 18:00, 18:00:30, 18h, 18h30, 6:00 PM, 6 pm.
const TIME = /^(\d{1,2})(?:(:)(\d{2})(?::(\d{2}))?|(h)(\d{2})?)?\s*(?:([ap])\.?\s?m\.?)?$/i;

/**
 * The instant typed text means, or null when it is not one. A date alone is the end of that day
 * where the browser is (23:59, as the presets: access lasts through the last day); a date with a
 * time is that time there; an ISO 8601 date-time says its own offset. Dates are a day of the
 * calendar (no 31/02), in years the API takes.
 */
export function readTypedExpiry(text: string, order: DayOrder): Date | null {
  const typed = text.trim().replace(/\s+/g, ' ');
  const iso = ISO_DATE.exec(typed);
  const slashed = iso ? null : SLASHED_DATE.exec(typed);
  let instant: Date | null = null;
  if (iso) {
    instant = onDay(Number(iso[1]), Number(iso[2]), Number(iso[3]), iso[4]);
  } else if (slashed) {
    const [first, second] = [Number(slashed[1]), Number(slashed[2])];
    const [day, month] = order === 'day-first' ? [first, second] : [second, first];
    instant = onDay(Number(slashed[3]), month, day, slashed[4]);
  } else if (expirationDateSchema.safeParse(typed).success) {
    instant = new Date(typed);
  }
  // Year 10000 has no ISO 8601 form the API takes, and 31 December 9999 at 23:59 west of UTC is
  // already there. (An invalid Date's year is NaN, which fails too.)
  return instant !== null && instant.getUTCFullYear() <= 9999 ? instant : null;
}

/**
 * Whether text is a slashed date that names two different days read day first and month first
 * (03/04/2027): a list's reader should say which it took.
 */
export function readsBothWays(text: string): boolean {
  return slashedReading(text) === 'both';
}

/**
 * How a slashed date can be read: `both` when day first and month first name two different days
 * (03/04/2027), the one order that reads it when only one does (31/12/2027, 12/31/2027), null
 * for anything else (no slashed date, a date in neither order, or one day either way: 05/05/2027).
 * What a list's dates say of the order it was written in.
 */
export function slashedReading(text: string): DayOrder | 'both' | null {
  // Most cells of a long list are ISO dates or empty: no second reading for them.
  if (!text.includes('/')) return null;
  const dayFirst = readTypedExpiry(text, 'day-first');
  const monthFirst = readTypedExpiry(text, 'month-first');
  if (dayFirst === null) return monthFirst === null ? null : 'month-first';
  if (monthFirst === null) return 'day-first';
  return dayFirst.getTime() === monthFirst.getTime() ? null : 'both';
}

/** `time` (or the day's last minute) on a day, in the browser's time zone. */
function onDay(year: number, month: number, day: number, time: string | undefined): Date | null {
  const clock = time === undefined ? { hour: 23, minute: 59, second: 0 } : readTime(time);
  if (clock === null) return null;
  const instant = new Date(year, month - 1, day, clock.hour, clock.minute, clock.second);
  // Date rolls 31/02 over into March and reads years 0–99 as 1900–1999: neither is what was typed.
  const typed =
    instant.getFullYear() === year && instant.getMonth() === month - 1 && instant.getDate() === day;
  return typed ? instant : null;
}

function readTime(text: string): { hour: number; minute: number; second: number } | null {
  const time = TIME.exec(text);
  if (!time) return null;
  const [, hours, colon, minutes, seconds, h, minutesAfterH, half] = time;
  // A bare number ("18") is more likely a slip than an hour; "6 pm" and "18h" are hours.
  if (colon === undefined && h === undefined && half === undefined) return null;
  let hour = Number(hours);
  const minute = Number(minutes ?? minutesAfterH ?? 0);
  const second = Number(seconds ?? 0);
  if (half !== undefined) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half.toLowerCase() === 'p' ? 12 : 0);
  }
  return hour <= 23 && minute <= 59 && second <= 59 ? { hour, minute, second } : null;
}
