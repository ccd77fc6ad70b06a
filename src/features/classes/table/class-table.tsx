import { useCallback, useMemo, type CSSProperties, type Ref } from 'react';
import type { Class, ClassSummary, SortField } from '#contract';
import { useFormats } from '../../../i18n/formats';
import { useMessages } from '../../../i18n/i18n-context';
import type { ColumnSort } from '../../../components/sort-cycle/sort-cycle';
import { useHydrated } from '../../../lib/use-hydrated';
import { rowActionsWidth } from './class-table-columns';
import { TableHead, type BestMatch } from './class-table-head';
import { ClassRow } from './class-table-row';
import classes from './class-table.module.css';
import { LoadingRows } from './loading-rows';
import { useClassListMessages } from '../list/messages';
import { PageSelectionContext, type PageSelection } from '../selection/page-selection';
import { runRowAction, type RowAction } from './row-actions';

export type { RowAction };

interface ClassTableProps {
  /** The page to show; undefined while the first page loads (skeleton rows). */
  rows: Class[] | undefined;
  /** How many skeleton rows hold the place of a page still loading. */
  skeletonRows: number;
  /** A newer page is on its way: the rows shown are the previous ones. */
  stale: boolean;
  /** The search that found the rows shown (not one still on its way), marked in their names. */
  query: string;
  /**
   * The order in use: a column's, or best match (a search on a server that ranks, no column
   * chosen), which `bestMatch` then says.
   */
  sort: { id: SortField; desc: boolean } | 'best-match';
  /** Best match can be chosen: a search is typed and the server ranks. */
  bestMatchOffered: boolean;
  /** `undefined`: no column, the server's own order (best match while searching, if it ranks). */
  onSortChange: (sort: { id: SortField; desc: boolean } | undefined) => void;
  selection: readonly ClassSummary[];
  onSelect: (turmas: ClassSummary[]) => void;
  onDeselect: (ids: string[]) => void;
  rowActions: readonly RowAction[];
  /** The room the loading rows keep for actions (ClassBrowser's prop of the same name). */
  rowActionsWhileLoading: number;
  /** The table itself, focused (tabIndex -1) after a page change. */
  ref?: Ref<HTMLTableElement>;
}

/**
 * The page of turmas. Selection is the selection store's (ids with names, across pages): the
 * header checkbox reads it by context, each row is told whether it is ticked.
 */
export function ClassTable({
  rows,
  skeletonRows,
  stale,
  query,
  sort,
  bestMatchOffered,
  onSortChange,
  selection,
  onSelect,
  onDeselect,
  rowActions,
  rowActionsWhileLoading,
  ref,
}: ClassTableProps) {
  const messages = useMessages();
  const formats = useFormats();
  const data = rows ?? NO_ROWS;
  const actionCount =
    rows === undefined ? Math.max(rowActions.length, rowActionsWhileLoading) : rowActions.length;
  // The sort's values, not the object: the page passes a new one on every render, and a new
  // object would re-render the whole (memoised) header on each page turn.
  const [sortId, sortDesc] = sort === 'best-match' ? [undefined, false] : [sort.id, sort.desc];
  const bestMatch: BestMatch =
    sort === 'best-match' ? 'in-use' : bestMatchOffered ? 'offered' : undefined;
  const chooseBestMatch = useCallback(() => onSortChange(undefined), [onSortChange]);
  const sortBy = useCallback(
    (next: ColumnSort<SortField> | undefined) =>
      onSortChange(next && { id: next.field, desc: next.desc }),
    [onSortChange],
  );
  const selectedIds = useMemo(() => new Set(selection.map((turma) => turma.id)), [selection]);
  const pageSelection = useMemo<PageSelection>(
    () => ({ selectedIds, pageRows: data, onSelect, onDeselect }),
    [selectedIds, data, onSelect, onDeselect],
  );
  const toggleRow = useCallback(
    ({ id, name }: ClassSummary, checked: boolean) =>
      checked ? onSelect([{ id, name }]) : onDeselect([id]),
    [onSelect, onDeselect],
  );

  return (
    // Plain elements, not Mantine's Table, whose static parts bring a positioning engine to the
    // first screen (docs/decisions/005-first-screen-weight.md). Below 62em each row is a card
    // (class-table.module.css), so nothing scrolls sideways on a phone.
    <div className={classes.scroll}>
      <PageSelectionContext value={pageSelection}>
        <table
          ref={ref}
          // Focused from code after a page change, so the next Tab starts at the new rows.
          tabIndex={-1}
          aria-label={messages.classes.tableLabel}
          aria-busy={rows === undefined || stale}
          className={classes.table}
          style={
            {
              '--row-actions-width': `${rowActionsWidth(actionCount)}px`,
            } as CSSProperties
          }
        >
          <DatesZoneCaption />
          <TableHead
            sortId={sortId}
            sortDesc={sortDesc}
            bestMatch={bestMatch}
            onBestMatch={chooseBestMatch}
            onSort={sortBy}
          />
          {rows === undefined && (
            // Where public/shell.js paints the first page's rows when their answer comes before
            // the app renders them (decision 005): React neither checks nor rewrites what is
            // inside, and drops the whole body when its own rows render. Never a control.
            <tbody
              data-first-rows=""
              inert
              dangerouslySetInnerHTML={NOTHING}
              suppressHydrationWarning
            />
          )}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated clicks of the rows' buttons (keyboard too); the body is no control */}
          <tbody
            data-stale={stale || undefined}
            data-loading={rows === undefined || undefined}
            onClick={(event) => runRowAction(event, rowActions, data)}
          >
            {rows === undefined ? (
              <LoadingRows count={skeletonRows} />
            ) : (
              rows.map((turma, index) => (
                <ClassRow
                  // By position, not by id: a page turn updates the rows' text in place instead
                  // of replacing them; rows hold no state, so nothing carries over wrongly.
                  key={index}
                  turma={turma}
                  query={query}
                  selected={selectedIds.has(turma.id)}
                  onToggle={toggleRow}
                  formats={formats}
                  actions={rowActions}
                />
              ))
            )}
          </tbody>
        </table>
      </PageSelectionContext>
    </div>
  );
}

const NO_ROWS: Class[] = [];
const NOTHING = { __html: '' };

/**
 * In sight of everyone, keyboard users too: the zone the short dates are in, the one part of a
 * full date (in each date's `title`) that matters (issue 20). The prerendered first screen
 * cannot know the browser's zone: it keeps the line's place, and the zone fills it once hydrated.
 */
function DatesZoneCaption() {
  const listMessages = useClassListMessages();
  const formats = useFormats();
  const hydrated = useHydrated();
  return (
    <caption className={classes.caption}>
      {hydrated ? listMessages.datesZone(formats.timeZone) : '\u00a0'}
    </caption>
  );
}
