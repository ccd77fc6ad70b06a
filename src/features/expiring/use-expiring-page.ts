import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiClient } from '../../api/client';
import { classQueries } from '../../api/class-queries';
import { getExpiringEnrolments } from '../../api/extension-calls';
import { choiceText, windowOf, type ExpiringChoice } from './expiring-address';

export const PAGE_SIZE = 50;

/**
 * One page of the chosen window (in `classIds`' turmas, or all), and what the rows on screen are
 * of. The last answer stays while the next comes (keepPreviousData): another page's of the same
 * window keeps its count, another window's does not (`otherWindow`). `waitsOffline`: the request
 * waits for the connection (TanStack's paused fetch) with no answer of its own, so nothing on
 * screen may be said to be this one's.
 */
export function useExpiringPage(
  api: ApiClient,
  choice: ExpiringChoice,
  classIds: string[] | undefined,
  page: number,
) {
  // The window is fixed when the choice is made: paging must not slide it.
  const choiceKey = choiceText(choice);
  const [now, setNow] = useState(() => ({ key: choiceKey, at: new Date() }));
  if (now.key !== choiceKey) setNow({ key: choiceKey, at: new Date() });
  // Keys are compared by value: a window made again on each render is the same query.
  const window = { ...windowOf(choice, now.at), classIds };
  const query = useQuery({
    queryKey: [...classQueries.all(), 'expiring', window, page] as const,
    queryFn: ({ signal }) =>
      getExpiringEnrolments(api, { ...window, page, pageSize: PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const windowKey = JSON.stringify(window);
  const [answered, setAnswered] = useState<string>();
  if (query.data && !query.isPlaceholderData && answered !== windowKey) setAnswered(windowKey);
  const otherWindow = query.isPlaceholderData && answered !== windowKey;
  const waitsOffline =
    query.fetchStatus === 'paused' && (query.isPending || query.isPlaceholderData);
  return { query, window, now: now.at, otherWindow, waitsOffline };
}
