import { calendarDaysUntil } from '../expiry-field/expiry';

/**
 * How long an enrolment has left, as the roster and the student page show it:
 * - `none`: it never expires;
 * - `expired`: its moment has passed (access is over, the enrolment is still there);
 * - `soon`: it ends within SOON_DAYS calendar days ("expira hoje", "amanhã", "em 12 dias");
 * - `later`: further away, shown as its date alone: "expira em 400 dias" says less than a date.
 */
export type ExpiryStatus =
  | { kind: 'none' }
  | { kind: 'expired'; at: Date }
  | { kind: 'soon'; at: Date; days: number }
  | { kind: 'later'; at: Date };

/** A month ahead: how far staff plan who to extend before a term ends. */
export const SOON_DAYS = 30;

export function expiryStatus(expirationDate: string | null, now: Date): ExpiryStatus {
  if (expirationDate === null) return { kind: 'none' };
  const at = new Date(expirationDate);
  if (at.getTime() <= now.getTime()) return { kind: 'expired', at };
  const days = calendarDaysUntil(at, now);
  return days <= SOON_DAYS ? { kind: 'soon', at, days } : { kind: 'later', at };
}
