import { useLayoutEffect, useRef } from 'react';

/**
 * The button that opens the form, given focus back once a cancelled form has gone: focused while
 * the form is still above it, the button would be scrolled to where it stood below the form.
 */
export function useExtendFormOpener(opened: boolean) {
  const opener = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  useLayoutEffect(() => {
    if (opened || !cancelled.current) return;
    cancelled.current = false;
    opener.current?.focus();
  }, [opened]);
  const noteCancel = () => {
    cancelled.current = true;
  };
  return { opener, noteCancel };
}
