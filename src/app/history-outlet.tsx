import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import type { ApiClient } from '../api/client';

// History's button and view come once the server has said which extensions it has (its trail
// with `audit`, else what this browser sent), so none of their code weighs on the first screen;
// if it cannot come, the page goes on without them.
type PartProps = { api: ApiClient; part: 'button' | 'outlet' };
const Part = lazy<ComponentType<PartProps>>(() =>
  import('./history-parts').then(
    ({ HistoryPart }) => ({ default: HistoryPart }),
    () => ({ default: () => null }),
  ),
);

/** "Histórico" (`part="button"`) and the view it opens (`?historico`), once the server answered. */
export function AuditHistory({ api, part }: PartProps) {
  const { subscribe, known } = api.extensions;
  if (!useSyncExternalStore(subscribe, known, prerendered)) return null;
  return (
    <Suspense fallback={null}>
      <Part api={api} part={part} />
    </Suspense>
  );
}

/** What the prerendered first screen was rendered with: no answer yet. */
const prerendered = () => false;
