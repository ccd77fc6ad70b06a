/**
 * What the turmas list shows (search, page, page size, sort) as it lives in the address bar:
 * `?q=matem&page=2&pageSize=50&sort=-countStudents`. Each parameter is read on its own with
 * the contract's rules, so a hand-edited or outdated link loses only the part that is wrong
 * (it falls back to the default) instead of the whole view. No `sort` is no column chosen (by
 * name, or best match while searching a server that ranks); `sort=name` is by name, always.
 */
import { z } from 'zod/mini';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, QUERY_MAX_LENGTH, SORT_VALUES, type SortBy } from '#contract';

/** The choices offered; the API accepts any size up to 100, a link may carry one of these only. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export interface ListParams {
  /** The search as sent: trimmed, '' for none. */
  q: string;
  page: number;
  pageSize: PageSize;
  /** The column chosen to sort by; null for none (the server's order: `listSortBy`). */
  sort: SortBy | null;
}

export const DEFAULT_LIST_PARAMS: ListParams = {
  q: '',
  page: 1,
  pageSize: PAGE_SIZE_DEFAULT,
  sort: null,
};

const paramSchemas = {
  // An over-long search would get a 400: cut it to what the API takes rather than fail.
  q: z.string().check(
    z.trim(),
    z.overwrite((value) => value.slice(0, QUERY_MAX_LENGTH)),
  ),
  page: z.coerce.number().check(z.int(), z.gte(1), z.lte(PAGE_MAX)),
  pageSize: z.coerce
    .number()
    .check(z.refine((value) => (PAGE_SIZES as readonly number[]).includes(value))),
  sort: z.enum(SORT_VALUES),
} satisfies { [K in keyof ListParams]: z.ZodMiniType };

const PARAM_ORDER = ['q', 'page', 'pageSize', 'sort'] as const satisfies (keyof ListParams)[];

export function parseListParams(search: string): ListParams {
  const query = new URLSearchParams(search);
  const read = <K extends keyof ListParams>(name: K): ListParams[K] => {
    const raw = query.get(name);
    if (raw === null) return DEFAULT_LIST_PARAMS[name];
    const parsed = paramSchemas[name].safeParse(raw);
    return parsed.success ? (parsed.data as ListParams[K]) : DEFAULT_LIST_PARAMS[name];
  };
  return { q: read('q'), page: read('page'), pageSize: read('pageSize'), sort: read('sort') };
}

/**
 * The list's parameters written into `search` (other parameters kept), defaults left out so the
 * plain address stays plain and a shared link carries only what differs.
 */
export function writeListParams(search: string, params: ListParams): string {
  const query = new URLSearchParams(search);
  for (const name of PARAM_ORDER) {
    const value = params[name];
    if (value === DEFAULT_LIST_PARAMS[name]) query.delete(name);
    else query.set(name, String(value));
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}
