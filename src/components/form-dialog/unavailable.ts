/** The convention for a button that cannot act now but keeps its place in the focus order. */
export function unavailable(when: boolean) {
  return { 'data-disabled': when || undefined, 'aria-disabled': when || undefined };
}
