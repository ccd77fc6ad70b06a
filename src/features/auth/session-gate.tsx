import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIdle } from '../../lib/use-idle';
import { useReturnFocus } from '../../lib/use-return-focus';
import { TokenGate } from './token-gate';
import { useSession } from './token-store';
import type { TokenFormProps } from './token-form';

interface SessionGateProps extends Pick<TokenFormProps, 'api'> {
  /** Called after signing in through the full-page gate, e.g. to move focus to the page. */
  onSignedIn?: () => void;
  /** What a signed-in person sees. */
  children: ReactNode;
}

/**
 * Nobody signed in (first visit, after signing out): the full-page gate. Signed in: the page.
 * The session expired: still the page, untouched, with the gate in a dialog over it.
 */
export function SessionGate({ api, onSignedIn, children }: SessionGateProps) {
  const { token, expired, remember } = useSession();
  const dialogLoaded = useDialogPreloaded() || expired;
  if (token === null && !expired) return <TokenGate api={api} onSignedIn={onSignedIn} />;
  return (
    <>
      {/* First child: effects run child by child in order, so its Escape listener is added
          before any of the page's dialogs add theirs. Not in the lazy dialog: it must be there
          from the start of the session. */}
      <ExpiryGuards expired={expired} />
      {/* Nothing to show until it has loaded; by then it is mounted closed, ready to open. */}
      {dialogLoaded && (
        <Suspense fallback={null}>
          <SessionExpiredDialog api={api} opened={expired} remember={remember} />
        </Suspense>
      )}
      {children}
    </>
  );
}

/**
 * Most sessions never expire: the dialog (Mantine's Modal with its focus trap, scroll lock and
 * transitions, and its styles; docs/decisions/005-first-screen-weight.md) loads once the page is
 * up and the browser is
 * idle, not with the first screen, whose paint it would delay. A session that expires earlier
 * loads it then, already open.
 */
const loadSessionExpiredDialog = () => import('./session-expired-dialog');
const SessionExpiredDialog = lazy(async () => ({
  default: (await loadSessionExpiredDialog()).SessionExpiredDialog,
}));

/**
 * True once the dialog's code has loaded at idle. Mounted only then: a lazy component whose
 * import failed (a network blip in the page's first seconds) would throw to the app's error
 * boundary and take the console down. If it failed, an expiry tries again, and only then may
 * fail for real.
 */
function useDialogPreloaded(): boolean {
  const idle = useIdle();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!idle) return;
    let current = true;
    loadSessionExpiredDialog().then(
      () => current && setLoaded(true),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [idle]);
  return loaded;
}

/**
 * Mantine dialogs close on Escape through their own capture listener on window, each on its
 * own: a form dialog beneath this one would close and lose what was typed. Window listeners
 * run in the order they were added, and Mantine adds a dialog's when it mounts; this one is
 * added when the session begins (before the page's dialogs, which render after it), so it can
 * stop Escape from reaching them while this dialog is open.
 */
function ExpiryGuards({ expired }: { expired: boolean }) {
  useSwallowEscapeWhile(expired);
  // Back to where the person was once the dialog closes (it may mount already open).
  useReturnFocus(expired);
  return null;
}

function useSwallowEscapeWhile(active: boolean): void {
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);
  useEffect(() => {
    const swallowEscape = (event: KeyboardEvent) => {
      if (activeRef.current && event.key === 'Escape') event.stopImmediatePropagation();
    };
    window.addEventListener('keydown', swallowEscape, { capture: true });
    return () => window.removeEventListener('keydown', swallowEscape, { capture: true });
  }, []);
}
