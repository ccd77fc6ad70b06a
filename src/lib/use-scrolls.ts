import { useCallback, useState } from 'react';

/**
 * Whether the element given to the returned ref callback has more content than it shows (it
 * scrolls), kept up to date as it or its content resizes. A box that scrolls and holds nothing
 * focusable must take the focus itself, or the keyboard cannot scroll it (WCAG 2.1.1).
 */
export function useScrolls(): [(node: HTMLElement | null) => (() => void) | undefined, boolean] {
  const [scrolls, setScrolls] = useState(false);
  const ref = useCallback((node: HTMLElement | null) => {
    if (node === null) return undefined;
    const measure = () =>
      setScrolls(node.scrollHeight > node.clientHeight || node.scrollWidth > node.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    for (const child of node.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls];
}
