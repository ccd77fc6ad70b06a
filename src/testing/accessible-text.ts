/**
 * The text of `element` that assistive technology gets: its text, leaving out what is inside
 * `aria-hidden` (a name with marked words is drawn twice, the marked copy hidden; see
 * src/components/highlight/highlighted-text.tsx). Cheaper than the accessible-name algorithm,
 * for a table's rows read over and over in `waitFor`.
 */
export function accessibleText(element: Element): string {
  const walker = document.createTreeWalker(
    element,
    NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
    (node) =>
      node instanceof Element && node.getAttribute('aria-hidden') === 'true'
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  );
  let text = '';
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (node instanceof Text) text += node.data;
  }
  return text;
}
