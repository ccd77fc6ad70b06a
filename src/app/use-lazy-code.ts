import { startTransition, useCallback, useEffect, useState } from 'react';

/**
 * The code of a view that opens over the page, loaded once it is `wanted`: 'ready' when it came
 * (in a transition, as the dialogs': no empty fallback committed first), 'failed' when the import
 * failed, with `load` to try again.
 */
export function useLazyCode(wanted: boolean, importer: () => Promise<unknown>) {
  const [code, setCode] = useState<'none' | 'ready' | 'failed'>('none');
  const load = useCallback(() => {
    importer().then(
      () => startTransition(() => setCode('ready')),
      () => setCode('failed'),
    );
  }, [importer]);
  useEffect(() => {
    if (wanted) load();
  }, [wanted, load]);
  return { code, load };
}
