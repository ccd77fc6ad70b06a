import { useLayoutEffect, useRef } from 'react';

/**
 * Gives focus back to the element that had it when `opened` turned true (or, if none had it, to
 * `fallback()`) once it turns false (WAI-ARIA APG: a dialog returns focus to what opened it).
 * Mantine's Modal does this only when `opened` changes on a Modal already mounted; the
 * console's dialogs are loaded lazily, and a first open mounts one already open whenever its code
 * arrives after the click or key press that opened it (src/app/turmas-page.tsx, the
 * session-expired dialog). Use it with the Modal's `returnFocus={false}`. A layout effect, so the
 * element is noted before the dialog's focus trap moves focus into it.
 */
export function useReturnFocus(opened: boolean, fallback?: () => HTMLElement | null): void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpened = useRef(false);
  // The latest one, read when it closes.
  const fallbackRef = useRef(fallback);
  useLayoutEffect(() => {
    fallbackRef.current = fallback;
  });
  useLayoutEffect(() => {
    if (opened) {
      wasOpened.current = true;
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      return;
    }
    if (!wasOpened.current) return;
    wasOpened.current = false;
    // Opened with focus nowhere (from its address, or by a dialog that has just closed): the
    // caller's fallback, if it has one.
    const target = opener.current ?? fallbackRef.current?.() ?? null;
    opener.current = null;
    if (!target) return;
    // Still inside the dialog while Mantine fades it out: that does not count as the person
    // having moved on.
    const leftOn = document.activeElement;
    // After the dialog has unmounted its content and released its focus trap; not if the person
    // has already put focus somewhere else.
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if (
        target.isConnected &&
        (active === null || active === document.body || active === leftOn)
      ) {
        target.focus({ preventScroll: true });
      }
    }, 10);
    return () => clearTimeout(timer);
  }, [opened]);
}
