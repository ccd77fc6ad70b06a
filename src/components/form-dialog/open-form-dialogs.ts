import { useSyncExternalStore } from 'react';

/**
 * How many form dialogs are open now. Notifications wait while one is: a toast over a dialog
 * covers its close button or its fields, and the dialog says its own outcome inside it.
 */
let openCount = 0;
const listeners = new Set<() => void>();

function notify() {
  listeners.forEach((listener) => listener());
}

/** Counts a dialog as open until the returned function is called (an effect's cleanup). */
export function markFormDialogOpen(): () => void {
  openCount += 1;
  notify();
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    openCount -= 1;
    notify();
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIsFormDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => openCount > 0,
    () => false,
  );
}
