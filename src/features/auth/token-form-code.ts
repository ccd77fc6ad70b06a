/**
 * The sign-in form's code (Mantine's PasswordInput and Checkbox, their inputs' parts, a mutation)
 * is code no signed-in page needs, so it is not on the first screen
 * (docs/decisions/005-first-screen-weight.md). Signed out, it is asked for as the app's module
 * runs, and the app hydrates once it is in (`whenGateReady`), so that hydration adopts the
 * prerendered form with the rest of the page. Signed in, the session-expired dialog, which
 * shares it, brings it in the first idle moment.
 */
import type * as TokenFormCode from './token-form';
import { tokenStore } from './token-store';

type TokenFormModule = typeof TokenFormCode;

let loaded: TokenFormModule | undefined;
let loading: Promise<TokenFormModule> | undefined;

export function loadTokenForm(): Promise<TokenFormModule> {
  loading ??= import('./token-form').then((module) => (loaded = module));
  return loading;
}

/** The form's code if it is in already. */
export function loadedTokenForm(): TokenFormModule | undefined {
  return loaded;
}

function showsGate(): boolean {
  return typeof window !== 'undefined' && tokenStore.get() === null;
}

if (showsGate()) {
  // A failure shows when the gate renders the form, under the app's error boundary.
  loadTokenForm().catch(() => undefined);
}

/**
 * Runs `start` (the app's hydration) at once, or, when the page shows the sign-in gate, once its
 * form's code is in: a prerendered form left for later would be thrown away and rendered again
 * by the first update that reached it before its code, with what the browser had put in it.
 */
export function whenGateReady(start: () => void): void {
  if (loaded || !showsGate()) {
    start();
    return;
  }
  loadTokenForm().then(start, start);
}
