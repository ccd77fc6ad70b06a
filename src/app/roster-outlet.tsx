import { lazy, Suspense, useState } from 'react';
import type { ApiClient } from '../api/client';
import { useExtension } from '../api/use-extension';
import { ROSTER_EXTENSION, type ClassSummary } from '#contract';
import { tokenStore } from '../features/auth/token-store';
import { turmaLabel, useClassListMessages } from '../features/classes/list/messages';
import { useSelection } from '../lib/selection-store';
import type { RosterParams } from '../features/roster/roster-params';
import { useRosterParams } from '../features/roster/use-roster-params';
import { CodeLoadFailed } from './lazy-outlet';
import { useLazyCode } from './use-lazy-code';
import { loadRosterPanel } from './use-roster-action';

const RosterPanel = lazy(async () => ({ default: (await loadRosterPanel()).RosterPanel }));

/**
 * Where the roster opens over the page while the address names a turma (`?turma=…`) and the
 * server offers the extension. Mounted once its code is in (a failed import must not take the
 * page down: it is said here, with a retry), and kept mounted while it closes.
 */
export function RosterOutlet({
  api,
  enrol,
  readOnly,
}: {
  api: ApiClient;
  /** The page's enrol form for one turma, which an empty roster offers (absent: not offered). */
  enrol: { open: (turma: ClassSummary) => void; want: () => void } | undefined;
  /** A `read` credential's: no writes offered (src/app/credential-access.ts). */
  readOnly: boolean;
}) {
  const listMessages = useClassListMessages();
  const available = useExtension(api, ROSTER_EXTENSION);
  const { params, turmaName, change, close } = useRosterParams();
  const selection = useSelection();
  const wanted = available && params.turma !== null;

  // The roster last shown stays in the panel while it fades out.
  const [shown, setShown] = useState<RosterParams | null>(null);
  if (wanted && params !== shown) setShown(params);

  const { code, load } = useLazyCode(wanted, loadRosterPanel);

  // A shared link names the turma by id only: the tray may know its name.
  const fromSelection = selection.find(({ id }) => id === shown?.turma)?.name;
  const name =
    turmaName ??
    (fromSelection === undefined ? undefined : turmaLabel(fromSelection, listMessages));

  if (wanted && code === 'failed') return <CodeLoadFailed onRetry={load} onDismiss={close} />;
  if (code !== 'ready' || shown?.turma == null) return null;
  return (
    <Suspense fallback={null}>
      <RosterPanel
        api={api}
        opened={wanted}
        params={{ ...shown, turma: shown.turma }}
        turmaName={name}
        onChange={change}
        onClose={close}
        enrol={enrol}
        readOnly={readOnly}
        onUnauthorized={tokenStore.expire}
      />
    </Suspense>
  );
}
