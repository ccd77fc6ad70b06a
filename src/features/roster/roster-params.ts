/**
 * Which turma's roster is open, and what it shows, as it lives in the address bar beside the
 * turmas list's own parameters: `?q=matem&turma=t-42&rosterQ=ana&rosterPage=2&rosterSort=-enrolledAt`.
 * As in the list (features/classes/list/list-params.ts), each parameter is read on its own with the
 * contract's rules: a hand-edited link loses only the part that is wrong.
 */
import { z } from 'zod/mini';
import {
  CLASS_ID_MAX_LENGTH,
  PAGE_MAX,
  QUERY_MAX_LENGTH,
  ROSTER_SORT_BY_DEFAULT,
  ROSTER_SORT_VALUES,
  type RosterSortBy,
  type RosterSortField,
} from '#contract';
import type { RosterQuery } from '#contract/extensions';
import { formatSortBy, nextSort, parseSortBy } from '../../components/sort-cycle/sort-cycle';

/**
 * One size, no chooser: most turmas fit on one page of 50, and a roster is read, not browsed
 * (docs/decisions/015-roster-extension.md, the console's section).
 */
export const ROSTER_PAGE_SIZE = 50;

export interface RosterParams {
  /** The turma whose roster is open; null when none is. */
  turma: string | null;
  /** The search as sent: trimmed, '' for none. */
  q: string;
  page: number;
  sort: RosterSortBy;
}

export const CLOSED_ROSTER: RosterParams = {
  turma: null,
  q: '',
  page: 1,
  sort: ROSTER_SORT_BY_DEFAULT,
};

/** The parameter names in the address bar, in the order they are written. */
const NAMES = {
  turma: 'turma',
  q: 'rosterQ',
  page: 'rosterPage',
  sort: 'rosterSort',
} as const satisfies Record<keyof RosterParams, string>;

const paramSchemas = {
  turma: z.string().check(z.minLength(1), z.maxLength(CLASS_ID_MAX_LENGTH)),
  q: z.string().check(
    z.trim(),
    z.overwrite((value) => value.slice(0, QUERY_MAX_LENGTH)),
  ),
  page: z.coerce.number().check(z.int(), z.gte(1), z.lte(PAGE_MAX)),
  sort: z.enum(ROSTER_SORT_VALUES),
} satisfies { [K in keyof RosterParams]: z.ZodMiniType };

export function parseRosterParams(search: string): RosterParams {
  const query = new URLSearchParams(search);
  const read = <K extends keyof RosterParams>(name: K): RosterParams[K] => {
    const raw = query.get(NAMES[name]);
    if (raw === null) return CLOSED_ROSTER[name];
    const parsed = paramSchemas[name].safeParse(raw);
    return parsed.success ? (parsed.data as RosterParams[K]) : CLOSED_ROSTER[name];
  };
  const turma = read('turma');
  // Without a turma the rest means nothing: a closed roster leaves no trace in the address.
  if (turma === null) return CLOSED_ROSTER;
  return { turma, q: read('q'), page: read('page'), sort: read('sort') };
}

/**
 * The roster's parameters written into `search`, every other parameter kept (the list's), the
 * defaults left out; a closed roster removes all of its own.
 */
export function writeRosterParams(search: string, params: RosterParams): string {
  const query = new URLSearchParams(search);
  for (const name of Object.keys(NAMES) as (keyof RosterParams)[]) {
    const value = params[name];
    if (params.turma === null || value === CLOSED_ROSTER[name]) query.delete(NAMES[name]);
    else query.set(NAMES[name], String(value));
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** What the API is asked for. */
export function toRosterQuery({ q, page, sort }: RosterParams): RosterQuery {
  return { query: q === '' ? undefined : q, page, pageSize: ROSTER_PAGE_SIZE, sortBy: sort };
}

/**
 * Which way a column sorts first: names and e-mails A–Z; expiries soonest first (who to extend);
 * enrolment newest first (who just arrived).
 */
const DESCENDING_FIRST: ReadonlySet<RosterSortField> = new Set(['enrolledAt']);

/** The order a click on `field`'s header leads to, through the console's one sort cycle. */
export function sortAfterClick(current: RosterSortBy, field: RosterSortField): RosterSortBy {
  const next = nextSort(parseSortBy(current), field, DESCENDING_FIRST.has(field));
  return next ? formatSortBy(next) : ROSTER_SORT_BY_DEFAULT;
}
