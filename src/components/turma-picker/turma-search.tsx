import { CheckIcon, Combobox, Loader, TextInput, useCombobox, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode, type Ref } from 'react';
import { classQueries, listSortBy, turmaSearchQuery } from '../../api/class-queries';
import type { ApiClient } from '../../api/client';
import { useExtension } from '../../api/use-extension';
import {
  PAGE_SIZE_DEFAULT,
  QUERY_MAX_LENGTH,
  RANK_EXTENSION,
  type ClassListQuery,
  type ClassListResponse,
  type ClassSummary,
} from '#contract';
import { describeApiError } from '../../i18n/describe-api-error';
import { useMessages } from '../../i18n/i18n-context';
import type { Messages } from '../../i18n/messages';
import { onComboboxKey, useFollowedHighlight } from '../combobox-keys/combobox-keys';
import { HighlightedText } from '../highlight/highlighted-text';
import { useTurmaPickerMessages } from './messages';
import classes from './turma-picker.module.css';

/** As the table's search (docs/decisions/003): one request per burst of typing. */
const SEARCH_DEBOUNCE_MS = 180;

/**
 * The table's first page of a search in its own order (no column chosen) has exactly this key, so
 * a search the table has just shown opens from the cache: best match first when the server ranks,
 * else by name. Twenty names also fit a dropdown without paging it.
 */
function resultsQuery(search: string, ranks: boolean): ClassListQuery {
  const query = turmaSearchQuery(search);
  return { query, page: 1, pageSize: PAGE_SIZE_DEFAULT, sortBy: listSortBy(query, null, ranks) };
}

type View =
  | { kind: 'searching' }
  | { kind: 'offline' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'no-match' }
  | { kind: 'results'; page: ClassListResponse };

interface TurmaSearchProps {
  api: Pick<ApiClient, 'getClasses' | 'extensions'>;
  /** Ids of the turmas already on the list: shown as chosen. */
  chosenIds: ReadonlySet<string>;
  /** Turmas shown but not to be picked, by id, each with why (said in its option). */
  unavailable?: ReadonlyMap<string, string> | undefined;
  /** A turma picked in the dropdown: the picker adds it, takes it off, or refuses. */
  onPick: (turma: ClassSummary) => void;
  /** Why the last pick was refused, shown and announced while it holds. */
  notice: string | null;
  error?: ReactNode;
  disabled: boolean;
  /** One turma at most: the list closes on a pick, and says it holds a single choice. */
  single: boolean;
  ref?: Ref<HTMLInputElement>;
  'data-autofocus'?: boolean | undefined;
}

/**
 * The field that adds turmas: a combobox whose options are the server's answer to what was
 * typed. Keyboard as in WAI-ARIA's combobox pattern (Mantine's Combobox): arrows move through the
 * options, Enter picks one, Escape closes the list.
 */
export function TurmaSearch({
  api,
  chosenIds,
  unavailable,
  onPick,
  notice,
  error,
  disabled,
  single,
  ref,
  'data-autofocus': autoFocus,
}: TurmaSearchProps) {
  const messages = useTurmaPickerMessages();
  const appMessages = useMessages();
  const idBase = useId();
  // A disabled field (the form is sending) shows no results, even if they were open.
  const [opened, setOpened] = useState(false);
  const combobox = useCombobox({ opened: opened && !disabled, onOpenedChange: setOpened });
  const { resetSelectedOption } = combobox;
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const commit = useDebouncedCallback((next: string) => setSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  // Between a key and the end of its burst the answer on screen is for older text.
  const typing = text.trim() !== search;

  const { results, foundBy, busy, view } = useTurmaResults(
    api,
    search,
    typing,
    combobox.dropdownOpened,
  );
  const shown = view.kind === 'results' ? view.page.data : [];

  // The value of each option in order: a turma's id, or '' for "try again".
  const optionValues = [...shown.map((turma) => turma.id), ...(view.kind === 'failed' ? [''] : [])];
  // By position: turma ids are the API's strings, which an HTML id could not always hold.
  const optionId = (index: number) => `${idBase}-option-${index}`;

  const optionSet = view.kind === 'results' ? view.page : view.kind;
  const [highlightedIndex, highlight] = useFollowedHighlight(combobox, optionSet, optionValues);

  const summary = summaryOf(view, messages, appMessages);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const turma = shown.find((candidate) => candidate.id === id);
        if (!turma || unavailable?.has(turma.id)) return;
        onPick({ id: turma.id, name: turma.name });
        // Picked, the choice is made: the list would otherwise stay open until focus leaves the
        // field, and close then under the pointer, taking what is below it up (a lost click).
        if (single) combobox.closeDropdown();
      }}
    >
      <Combobox.EventsTarget
        withExpandedAttribute
        // The keys are handled below, so the highlighted option is known here.
        withKeyboardNavigation={false}
        aria-activedescendant={
          combobox.dropdownOpened && highlightedIndex !== -1
            ? optionId(highlightedIndex)
            : undefined
        }
      >
        <TextInput
          ref={ref}
          data-autofocus={autoFocus}
          label={messages.searchLabel}
          placeholder={messages.searchPlaceholder}
          value={text}
          maxLength={QUERY_MAX_LENGTH}
          spellCheck={false}
          disabled={disabled}
          error={error}
          leftSection={<IconSearch aria-hidden size={16} />}
          rightSection={combobox.dropdownOpened && busy ? <Loader size="xs" aria-hidden /> : null}
          onChange={(event) => {
            setText(event.currentTarget.value);
            commit(event.currentTarget.value);
            resetSelectedOption();
            highlight(null);
            combobox.openDropdown();
          }}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) =>
            onComboboxKey(event, combobox, {
              moved: () => highlight(optionValues[combobox.getSelectedOptionIndex()] ?? null),
              enterSendsForm: false,
            })
          }
        />
      </Combobox.EventsTarget>

      {/* Both for screen readers: what the search found, and why a pick was refused. */}
      <VisuallyHidden role="status">
        {combobox.dropdownOpened ? (notice ?? summary) : ''}
      </VisuallyHidden>

      {/* In the page's flow, not a floating dropdown: a dialog's content scrolls and is
          transformed, which would clip a dropdown inside it, and one portalled outside the
          dialog is outside its aria-modal subtree, where screen readers do not read options
          (mantinedev/mantine#8626). A click inside keeps focus in the field, so it stays open. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- keeps focus, no action */}
      <div
        className={classes.results}
        hidden={!combobox.dropdownOpened}
        onMouseDown={(event) => event.preventDefault()}
      >
        {notice && <Combobox.Header className={classes.notice}>{notice}</Combobox.Header>}
        {view.kind !== 'results' && <Combobox.Empty>{summary}</Combobox.Empty>}
        <Combobox.Options
          className={classes.options}
          aria-label={messages.resultsLabel}
          aria-multiselectable={!single}
          aria-busy={busy}
        >
          {shown.map((turma, index) => (
            <TurmaOption
              key={turma.id}
              turma={turma}
              id={optionId(index)}
              studentsId={`${idBase}-students-${index}`}
              chosen={chosenIds.has(turma.id)}
              unavailable={unavailable?.get(turma.id)}
              foundBy={foundBy}
            />
          ))}
          {view.kind === 'failed' && (
            // An option rather than a button, reached like the turmas with the field's arrows
            // and Enter: Tab leaves the field, and that closes the list.
            <Combobox.Option
              id={optionId(shown.length)}
              value=""
              aria-selected={false}
              onClick={() => void results.refetch()}
              className={classes.retry}
            >
              {messages.retry}
            </Combobox.Option>
          )}
        </Combobox.Options>
        {view.kind === 'results' && view.page.totalRecords > view.page.data.length && (
          <Combobox.Footer className={classes.footer}>{summary}</Combobox.Footer>
        )}
      </div>
    </Combobox>
  );
}

/** What the dropdown shows for the search's query. */
function viewOf(
  results: { fetchStatus: string; isError: boolean; error: unknown },
  busy: boolean,
  page: ClassListResponse | undefined,
): View {
  if (results.fetchStatus === 'paused') return { kind: 'offline' };
  if (results.isError && !busy) return { kind: 'failed', error: results.error };
  if (page === undefined || (page.data.length === 0 && busy)) return { kind: 'searching' };
  return page.data.length === 0 ? { kind: 'no-match' } : { kind: 'results', page };
}

/** The view in words: the dropdown's empty state or footer, and what the status announces. */
function summaryOf(
  view: View,
  messages: ReturnType<typeof useTurmaPickerMessages>,
  appMessages: Messages,
): string {
  switch (view.kind) {
    case 'searching':
      return messages.searching;
    case 'offline':
      return messages.offline;
    case 'failed':
      return `${messages.searchFailed} ${describeApiError(view.error, appMessages)}`;
    case 'no-match':
      return messages.noMatch;
    case 'results':
      return view.page.totalRecords > view.page.data.length
        ? messages.showingFirst(view.page.data.length, view.page.totalRecords)
        : messages.found(view.page.totalRecords);
  }
}

/** One turma found: ticked when on the list, the search's words marked, its size described. */
function TurmaOption({
  turma,
  id,
  studentsId,
  chosen,
  unavailable,
  foundBy,
}: {
  turma: ClassSummary & { countStudents: number };
  id: string;
  studentsId: string;
  chosen: boolean;
  /** Why it cannot be picked, said instead of its count; still reached by the arrows. */
  unavailable: string | undefined;
  foundBy: string;
}) {
  const messages = useTurmaPickerMessages();
  return (
    <Combobox.Option
      id={id}
      value={turma.id}
      aria-label={turma.name}
      aria-describedby={studentsId}
      aria-selected={chosen}
      aria-disabled={unavailable !== undefined || undefined}
      className={classes.option}
    >
      <CheckIcon
        size={12}
        aria-hidden
        className={classes.check}
        data-chosen={chosen || undefined}
      />
      <span className={classes.optionName}>
        <HighlightedText text={turma.name} query={foundBy} />
      </span>
      <span id={studentsId} className={classes.optionStudents}>
        {unavailable ?? messages.students(turma.countStudents)}
      </span>
    </Combobox.Option>
  );
}

/** The turmas found for `search` once the dropdown is open, and what it shows meanwhile. */
function useTurmaResults(
  api: Pick<ApiClient, 'getClasses' | 'extensions'>,
  search: string,
  typing: boolean,
  opened: boolean,
) {
  const ranks = useExtension(api, RANK_EXTENSION);
  const results = useQuery({
    ...classQueries.list(api, resultsQuery(search, ranks)),
    // Nothing is asked until the list opens, and not mid-burst: opening the list by typing
    // must not first fetch the unfiltered page.
    enabled: opened && !typing,
    placeholderData: keepPreviousData,
  });
  const page = results.isError ? undefined : results.data;
  // The words marked in the options are those of the search that found them: while the answer
  // for newer text is on its way, the last one stays, and so do its marks.
  const [foundBy, setFoundBy] = useState('');
  if (results.data !== undefined && !results.isPlaceholderData && foundBy !== search) {
    setFoundBy(search);
  }

  // Until the answer for what is typed arrives, the last answer stays (dimmed, the listbox
  // marked busy): options do not flicker away on every burst of typing.
  const busy = typing || results.isFetching;
  const view = viewOf(results, busy, page);
  return { results, foundBy, busy, view };
}
