import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The button that opens the form: each press opens it or, already open, sends focus back to it
 * (`openings`, for the form to take focus on its heading each time). Focus is given back to the
 * button once a cancelled form has gone: focused while the form is still above it, the button
 * would be scrolled to where it stood below the form.
 */
export function useExtendFormOpener(opened: boolean, setOpened: (opened: boolean) => void) {
  const opener = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  const [openings, setOpenings] = useState(0);
  useLayoutEffect(() => {
    if (opened || !cancelled.current) return;
    cancelled.current = false;
    opener.current?.focus();
  }, [opened]);
  const open = () => {
    setOpened(true);
    setOpenings((before) => before + 1);
  };
  const noteCancel = () => {
    cancelled.current = true;
  };
  return { opener, open, openings, noteCancel };
}
