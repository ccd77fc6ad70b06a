import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whole seconds from now until `at` (epoch ms), rounded up and never below 0, kept current: the
 * component renders again when the number changes, at that moment. Null while `at` is.
 */
export function useSecondsUntil(at: number | null): number | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (at === null) return () => {};
      let timer: ReturnType<typeof setTimeout> | undefined;
      const next = () => {
        const rest = at - Date.now();
        if (rest <= 0) return;
        // 1 ms past the moment the rounded-up count drops by one.
        timer = setTimeout(
          () => {
            onChange();
            next();
          },
          (rest % 1000 || 1000) + 1,
        );
      };
      next();
      return () => clearTimeout(timer);
    },
    [at],
  );
  return useSyncExternalStore(subscribe, () => (at === null ? null : secondsLeft(at)));
}

function secondsLeft(at: number): number {
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
