import { lazy, Suspense, type ComponentType } from 'react';
import type { ApiClient } from '../api/client';
import { useExtension } from '../api/use-extension';
import { ME_EXTENSION } from '#contract';

// As the expiring outlet's: the parts come once the server offers the read, off the first screen;
// if their code cannot come, the page goes on without them (the server's 403 still guards).
const loadView = () => import('./credential-view');
const nothing = { default: () => null };
const Name = lazy(() =>
  loadView().then(
    ({ CredentialName }) => ({ default: CredentialName }),
    () => nothing,
  ),
);
const Notice = lazy<ComponentType>(() =>
  loadView().then(
    ({ ReadOnlyNotice }) => ({ default: ReadOnlyNotice }),
    () => nothing,
  ),
);

/**
 * The header's "secretaria-sede · consulta", once the server has said (the `me` extension). It
 * comes first among the controls, which are anchored to the header's end, so it moves nothing.
 */
export function CredentialName({ api }: { api: ApiClient }) {
  if (!useExtension(api, ME_EXTENSION)) return null;
  return (
    <Suspense fallback={null}>
      <Name api={api} />
    </Suspense>
  );
}

/** Said once, where the write controls it replaces would be: why there are none. */
export function ReadOnlyNotice() {
  return (
    <Suspense fallback={null}>
      <Notice />
    </Suspense>
  );
}
