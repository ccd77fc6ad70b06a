import { lazy, Suspense, type ComponentType } from 'react';
import type { ApiClient } from '../api/client';
import { useExtension } from '../api/use-extension';
import { AUDIT_EXTENSION } from '#contract';

// History's button and view come once the server has said it keeps an audit trail, so none of
// their code weighs on the first screen; if it cannot come, the page goes on without them.
type PartProps = { api: ApiClient; part: 'button' | 'outlet' };
const Part = lazy<ComponentType<PartProps>>(() =>
  import('./history-parts').then(
    ({ HistoryPart }) => ({ default: HistoryPart }),
    () => ({ default: () => null }),
  ),
);

/** "Histórico" (`part="button"`) and the view it opens (`?historico`), where `audit` is offered. */
export function AuditHistory({ api, part }: PartProps) {
  if (!useExtension(api, AUDIT_EXTENSION)) return null;
  return (
    <Suspense fallback={null}>
      <Part api={api} part={part} />
    </Suspense>
  );
}
