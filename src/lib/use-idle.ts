import { useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/**
 * True once the browser has had an idle moment after the first render: the time to load what
 * the first screen does not need but a click soon might (dialogs), without delaying its paint.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
