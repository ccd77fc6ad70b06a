/**
 * Runs `callback` in the browser's next idle moment (at the latest after `timeoutMs`) and returns
 * what cancels it. Safari has no requestIdleCallback: a timer does the same job there.
 */
export function whenIdle(callback: () => void, timeoutMs = 5000): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = setTimeout(callback, Math.min(timeoutMs, 1000));
    return () => clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(handle);
}
