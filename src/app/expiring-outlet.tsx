import { lazy, Suspense, type ComponentProps } from 'react';
import type { ApiClient } from '../api/client';
import { useExtension } from '../api/use-extension';
import { EXPIRING_EXTENSION } from '#contract';

// The button and the outlet come after the server has said it offers the extension, so none of
// their code weighs on the first screen; if it cannot come, the page goes on without them.
const loadParts = () => import('./expiring-parts');
const nothing = { default: () => null };
const Button = lazy(() =>
  loadParts().then(
    ({ ExpiringButton }) => ({ default: ExpiringButton }),
    () => nothing,
  ),
);
const Outlet = lazy(() =>
  loadParts().then(
    ({ ExpiringOutlet }) => ({ default: ExpiringOutlet }),
    () => nothing,
  ),
);

/** "Expirando em breve", where the server lists enrolments by expiry (the expiring extension). */
export function ExpiringButton({ api }: { api: ApiClient }) {
  if (!useExtension(api, EXPIRING_EXTENSION)) return null;
  return (
    <Suspense fallback={null}>
      <Button api={api} />
    </Suspense>
  );
}

/** Where the expiring-soon view opens while the address names a window (`?expirando=30`). */
export function ExpiringOutlet(props: ComponentProps<typeof Outlet>) {
  if (!useExtension(props.api, EXPIRING_EXTENSION)) return null;
  return (
    <Suspense fallback={null}>
      <Outlet {...props} />
    </Suspense>
  );
}
