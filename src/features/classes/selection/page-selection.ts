import { createContext, use } from 'react';
import type { Class, ClassSummary } from '#contract';

/** What the header's "whole page" checkbox needs; TanStack renders it, so it comes by context. */
export interface PageSelection {
  selectedIds: ReadonlySet<string>;
  /** The turmas of the page on screen. */
  pageRows: readonly Class[];
  onSelect: (turmas: ClassSummary[]) => void;
  onDeselect: (ids: string[]) => void;
}

export const PageSelectionContext = createContext<PageSelection | null>(null);

export function usePageSelection(): PageSelection {
  const selection = use(PageSelectionContext);
  if (!selection) throw new Error('the page checkbox must be rendered inside <ClassTable>');
  return selection;
}
