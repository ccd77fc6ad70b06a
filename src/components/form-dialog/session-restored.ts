/**
 * The sign-in over the page (features/auth) says here when a new token has been accepted by the
 * API; forms whose alert said "your session expired" then drop it, as it is no longer true.
 */
const listeners = new Set<() => void>();

export function announceSessionRestored(): void {
  listeners.forEach((listener) => listener());
}

/** Calls `listener` each time the session is restored, until the returned function is called. */
export function onSessionRestored(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
