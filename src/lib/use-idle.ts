import { useEffect, useState } from 'react';

/**
 * True once the browser has had an idle moment after the first render: the time to load what
 * the first screen does not need but a click soon might (dialogs), without delaying its paint.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // Safari has no requestIdleCallback: a timer after the first paint does the same job there.
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 1000);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle;
}
