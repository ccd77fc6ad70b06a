import { Combobox, Loader, TextInput, useCombobox, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState, type ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { ApiClient } from '../../api/client';
import { studentQueries, studentSearchText } from '../../api/student-queries';
import type { StudentMatch, StudentSearchResponse } from '#contract/extensions';
import { onComboboxKey, useFollowedHighlight } from '../combobox-keys/combobox-keys';
import { HighlightedText } from '../highlight/highlighted-text';
import { visibleName } from '../visible-name/visible-name';
import { describeApiError } from '../../i18n/describe-api-error';
import { useFormats, type Formats } from '../../i18n/formats';
import { useMessages } from '../../i18n/i18n-context';
import type { Messages } from '../../i18n/messages';
import { useStudentSuggestionMessages } from './messages';
import classes from './student-suggestions.module.css';

/** As the turma search (docs/decisions/003): one request per burst of typing. */
export const SUGGEST_DEBOUNCE_MS = 180;

type View =
  | { kind: 'searching' }
  | { kind: 'offline' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'no-match' }
  | { kind: 'results'; page: StudentSearchResponse };

type TextInputProps = ComponentProps<typeof TextInput>;

export type StudentFieldInputProps = Omit<
  TextInputProps,
  'ref' | 'onChange' | 'onBlur' | 'name'
> & {
  /** FormDialog focuses the field that carries it when the dialog opens. */
  'data-autofocus'?: boolean;
};

interface StudentSuggestFieldProps<Name extends string> {
  api: Pick<ApiClient, 'request'>;
  /** The roster extension is there: suggest students. Without it, the plain field. */
  suggest: boolean;
  /** What the field holds now (the form watches it). */
  text: string;
  /** The form's own wiring of the field (`register('email')`). */
  registration: UseFormRegisterReturn<Name>;
  onPick: (student: StudentMatch) => void;
  inputProps: StudentFieldInputProps;
  /**
   * An e-mail field (the removal form's, History's): names are typed there too while it
   * suggests, so it is then a text field that brings up the e-mail keyboard (ARIA in HTML allows
   * no combobox role on type=email), with a hint saying so.
   */
  emailField?: boolean;
  /** A line under a suggested student (the removal form: how many chosen turmas they are in). */
  details?: (student: StudentMatch) => string | null;
}

/**
 * A form's field that suggests students, with the roster extension: a combobox (WAI-ARIA's
 * pattern, through Mantine's Combobox as the turma search does). Typing a name or an e-mail lists
 * the students it finds (`GET /v1/students`, one request per pause), arrows move through them,
 * Enter or a click picks one (`onPick`: the form fills what it needs), Escape closes the list.
 * Arrows never write into the field: what was typed stays until a student is picked. The list is
 * a panel in the form's flow for the reasons in turma-search.tsx (decision 006). Without the
 * extension it is the plain field: no combobox attributes, no request.
 */
export function StudentSuggestField<Name extends string>({
  api,
  suggest,
  text,
  registration,
  onPick,
  inputProps,
  emailField = false,
  details,
}: StudentSuggestFieldProps<Name>) {
  const words = useStudentSuggestionMessages();
  const appMessages = useMessages();
  const formats = useFormats();
  const idBase = useId();
  const readOnly = inputProps.readOnly === true;
  const [opened, setOpened] = useState(false);
  const combobox = useCombobox({
    opened: opened && suggest && !readOnly,
    onOpenedChange: setOpened,
  });
  const { resetSelectedOption } = combobox;

  const search = studentSearchText(text);
  const [debounced] = useDebouncedValue(search, SUGGEST_DEBOUNCE_MS);
  // Between a key and the end of its burst the answer on screen is for older text.
  const typing = search !== debounced;
  const results = useQuery({
    ...studentQueries.matching(api, debounced),
    enabled: suggest && combobox.dropdownOpened && debounced !== '' && !typing,
    // The last answer stays (dimmed, the list marked busy) until the next one comes.
    placeholderData: keepPreviousData,
  });
  const page = results.isError ? undefined : results.data;
  // Marks in the options are those of the search that found them.
  const [foundBy, setFoundBy] = useState('');
  if (results.data !== undefined && !results.isPlaceholderData && foundBy !== debounced) {
    setFoundBy(debounced);
  }

  const busy = typing || results.isFetching;
  const view: View =
    results.fetchStatus === 'paused'
      ? { kind: 'offline' }
      : results.isError && !busy
        ? { kind: 'failed', error: results.error }
        : page === undefined || (page.data.length === 0 && busy)
          ? { kind: 'searching' }
          : page.data.length === 0
            ? { kind: 'no-match' }
            : { kind: 'results', page };
  const shown = view.kind === 'results' ? view.page.data : [];
  const optionValues = shown.map((student) => student.email);

  // The highlighted option follows a student, not a position, as in the turma search: when a
  // newer answer replaces the one on screen, Enter never picks whoever now sits in its place.
  const optionSet = view.kind === 'results' ? view.page : view.kind;
  const [highlightedIndex, highlight] = useFollowedHighlight(combobox, optionSet, optionValues);

  const summary = summaryOf(view, words, appMessages, formats);
  // Nothing to search yet (or only separators typed): no list to show.
  const listShown = combobox.dropdownOpened && search !== '';

  const field = (
    <TextInput
      {...inputProps}
      {...registration}
      {...(suggest
        ? {
            ...(emailField && {
              type: 'text',
              inputMode: 'email',
              description: words.emailHint,
              inputWrapperOrder: ['label', 'description', 'input', 'error'],
            }),
            rightSection: listShown && busy ? <Loader size="xs" aria-hidden /> : null,
          }
        : {})}
      onChange={(event) => {
        void registration.onChange(event);
        if (!suggest) return;
        highlight(null);
        resetSelectedOption();
        combobox.openDropdown();
      }}
      onBlur={(event) => {
        void registration.onBlur(event);
        combobox.closeDropdown();
      }}
      onKeyDown={(event) => {
        if (!suggest) return;
        onComboboxKey(event, combobox, {
          moved: () => highlight(optionValues[combobox.getSelectedOptionIndex()] ?? null),
          enterSendsForm: true,
        });
      }}
    />
  );

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(email) => {
        const student = shown.find((candidate) => candidate.email === email);
        if (!student) return;
        onPick(student);
        combobox.closeDropdown();
      }}
    >
      <Combobox.EventsTarget
        withAriaAttributes={suggest}
        withExpandedAttribute
        withKeyboardNavigation={false}
        aria-activedescendant={
          listShown && highlightedIndex !== -1 ? optionId(idBase, highlightedIndex) : undefined
        }
        // Names and e-mails are typed by hand, and compared: nothing suggested by the browser.
        autoComplete="off"
      >
        {field}
      </Combobox.EventsTarget>
      {suggest && (
        <>
          <VisuallyHidden role="status">{listShown ? summary : ''}</VisuallyHidden>
          {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- keeps focus, no action */}
          <div
            className={classes.suggestions}
            hidden={!listShown}
            onMouseDown={(event) => event.preventDefault()}
          >
            {view.kind !== 'results' && <Combobox.Empty>{summary}</Combobox.Empty>}
            <StudentOptions
              students={shown}
              idBase={idBase}
              highlightedIndex={highlightedIndex}
              foundBy={foundBy}
              busy={busy}
              details={details}
            />
            {view.kind === 'results' && view.page.totalRecords > view.page.data.length && (
              <Combobox.Footer className={classes.suggestionFooter}>{summary}</Combobox.Footer>
            )}
          </div>
        </>
      )}
    </Combobox>
  );
}

/** What the list says of itself: read out, and shown when it has no options or more were found. */
function summaryOf(
  view: View,
  words: ReturnType<typeof useStudentSuggestionMessages>,
  appMessages: Messages,
  formats: Formats,
): string {
  switch (view.kind) {
    case 'searching':
      return words.searching;
    case 'offline':
      return words.offline;
    case 'failed':
      return `${words.failed} ${describeApiError(view.error, appMessages)}`;
    case 'no-match':
      return words.noMatch;
    case 'results':
      return view.page.totalRecords > view.page.data.length
        ? words.showingFirst(
            formats.number.format(view.page.data.length),
            formats.number.format(view.page.totalRecords),
          )
        : words.found(view.page.totalRecords, formats.number.format(view.page.totalRecords));
  }
}

/** The students found, each with the search's words marked and the form's line about them. */
function StudentOptions({
  students,
  idBase,
  highlightedIndex,
  foundBy,
  busy,
  details,
}: {
  students: StudentMatch[];
  idBase: string;
  highlightedIndex: number;
  foundBy: string;
  busy: boolean;
  details: ((student: StudentMatch) => string | null) | undefined;
}) {
  const words = useStudentSuggestionMessages();
  return (
    <Combobox.Options
      className={classes.suggestionOptions}
      aria-label={words.label}
      aria-busy={busy}
    >
      {students.map((student, index) => {
        const detailsId = `${idBase}-details-${index}`;
        return (
          <Combobox.Option
            key={student.email}
            id={optionId(idBase, index)}
            value={student.email}
            aria-label={`${visibleName(student.name)}, ${student.email}`}
            aria-describedby={detailsId}
            aria-selected={index === highlightedIndex}
            className={classes.suggestion}
          >
            <span className={classes.suggestionName}>
              <HighlightedText text={visibleName(student.name)} query={foundBy} />
            </span>
            <span className={classes.suggestionEmail}>
              <HighlightedText text={student.email} query={foundBy} />
            </span>
            <span id={detailsId} className={classes.suggestionDetails}>
              {details?.(student) ?? null}
            </span>
          </Combobox.Option>
        );
      })}
    </Combobox.Options>
  );
}

const optionId = (idBase: string, index: number) => `${idBase}-option-${index}`;
