import { useLayoutEffect } from 'react';

/**
 * The prerendered first screen (public/shell.js) is inert until the app has hydrated it: from the
 * commit that attaches the app's handlers, it takes focus and clicks.
 */
export function ShellHydrated() {
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute('inert')) return;
    root.removeAttribute('inert');
    // The browser tried the page's `autofocus` while it was inert, and tries only once.
    root.querySelector<HTMLElement>('[autofocus]')?.focus();
  }, []);
  return null;
}
