import { useLayoutEffect } from 'react';

/**
 * The first screen prerendered into index.html (public/shell.js shows it) gives way in the app's
 * first commit, before that commit paints: no frame shows both, or neither.
 */
export function ReplaceShell() {
  useLayoutEffect(() => document.getElementById('shell')?.remove(), []);
  return null;
}
