import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, type ApiClient } from '../../api/client';
import { rosterQueries } from '../../api/roster-queries';
import type { RosterEntry } from '#contract/extensions';
import { pageCountOf } from '../../components/pager/page-items';
import { useFormats } from '../../i18n/formats';
import { useRosterMessages } from './messages';
import { readWholeRoster } from './roster-export';
import { ROSTER_PAGE_SIZE, toRosterQuery, type RosterParams } from './roster-params';
import type { RosterChangeOptions } from './use-roster-params';

type RosterApi = Pick<ApiClient, 'request'>;

/**
 * The page of a turma's roster the address asks for: `page`, the rows shown (the previous
 * page's, dimmed, until it comes), `answered`, the same once it is the answer to what is asked,
 * the count said of it, and every student the search found.
 */
export function useRosterPage(
  api: RosterApi,
  turmaId: string,
  params: RosterParams,
  onChange: (change: Partial<Omit<RosterParams, 'turma'>>, options?: RosterChangeOptions) => void,
) {
  const roster = useQuery({
    ...rosterQueries.page(api, turmaId, toRosterQuery(params)),
    // The rows shown stay (dimmed) until the next page or search answers; never another turma's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === turmaId ? previous : undefined,
  });
  const page = roster.data;
  const answered = roster.isPlaceholderData ? undefined : page;
  const gone = roster.error instanceof ApiError && roster.error.isNotFound;

  // Past the end (its last students removed, or an old link): the last page instead of nothing.
  const lastPage = page ? pageCountOf(page.totalRecords, ROSTER_PAGE_SIZE) : 1;
  useEffect(() => {
    if (answered?.data.length === 0 && answered.totalRecords > 0 && params.page > lastPage) {
      onChange({ page: lastPage }, { history: 'replace' });
    }
  }, [answered, params.page, lastPage, onChange]);

  const summary = useRosterSummary(
    page?.totalRecords,
    answered?.totalRecords,
    roster.isError,
    params.q,
  );
  const selectAllFound = useSelectAllFound(api, turmaId, params);
  return { roster, page, answered, gone, summary, selectAllFound };
}

/** The status line: the count said belongs to the rows on screen, and to the search that found them. */
function useRosterSummary(
  shown: number | undefined,
  answered: number | undefined,
  failed: boolean,
  q: string,
): string {
  const messages = useRosterMessages();
  const { number } = useFormats();
  const [announced, setAnnounced] = useState<{ total: number; q: string } | null>(null);
  if (answered !== undefined && (announced?.total !== answered || announced.q !== q)) {
    setAnnounced({ total: answered, q });
  }
  if (shown === undefined) return failed ? '' : messages.loading;
  if (announced === null) return messages.loading;
  return announced.q === ''
    ? messages.total(announced.total, number.format(announced.total))
    : messages.found(announced.total, number.format(announced.total));
}

/** Every student the search found, a page of 100 at a time (readWholeRoster). */
function useSelectAllFound(api: RosterApi, turmaId: string, params: RosterParams) {
  const queryClient = useQueryClient();
  return (): Promise<RosterEntry[]> => {
    const { query, sortBy } = toRosterQuery(params);
    return readWholeRoster(queryClient, api, turmaId, { query, sortBy });
  };
}
