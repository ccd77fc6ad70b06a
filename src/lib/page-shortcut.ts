/** Where a key is text, not a command. */
const FIELD =
  'input, textarea, select, [contenteditable]:not([contenteditable="false"]), ' +
  '[role="textbox"], [role="searchbox"], [role="combobox"], [role="spinbutton"]';

/** What covers the page and owns the keyboard while it is open. */
const OVER_THE_PAGE = '[role="dialog"], [role="alertdialog"], [aria-modal="true"], [role="menu"]';

/**
 * Whether a page-wide shortcut key is meant for the page: not while a dialog, drawer or menu is
 * open (acting would move focus behind it, and the keys after it would type there), and not in
 * a field, where the key is text ("15/03/2027").
 */
export function isForThePage(event: KeyboardEvent): boolean {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(FIELD)) return false;
  return document.querySelector(OVER_THE_PAGE) === null;
}
