import { Box, CloseButton, Input, Kbd } from '@mantine/core';
import { useHotkeys, useMergedRef } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { memo, useId, useRef, useState, type Ref } from 'react';
import { QUERY_MAX_LENGTH } from '#contract';
import { useMessages } from '../../../i18n/i18n-context';
import { isForThePage } from '../../../lib/page-shortcut';
import classes from './class-search.module.css';
import { useTypingPause } from './typing-pause';

interface ClassSearchProps {
  /** The search the list shows (from the URL). */
  value: string;
  /** Called once per burst of typing, at once on Enter or clear; the value is trimmed. */
  onSearch: (value: string, how: 'typing' | 'submit') => void;
  ref?: Ref<HTMLInputElement>;
}

/** Memoised: paging and sorting re-render the list, not the search field. */
export const ClassSearch = memo(function ClassSearch({ value, onSearch, ref }: ClassSearchProps) {
  const messages = useMessages();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const mergedRef = useMergedRef(inputRef, ref);
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // Once per burst of typing, after a pause that is long for this typist.
  const typing = useTypingPause();

  // The search changed elsewhere (Back, Forward, "clear search" in the empty state): show it.
  // Adjusted during render, not in an effect, so the field never shows the old text for a frame.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== text.trim()) setText(value);
  }

  // "/" jumps to the search from the page itself; in a field, dialog or menu it is left alone.
  useHotkeys([
    [
      '/',
      (event) => {
        if (!isForThePage(event)) return;
        event.preventDefault();
        inputRef.current?.focus();
      },
      { preventDefault: false },
    ],
  ]);

  function clear() {
    typing.cancel();
    setText('');
    onSearch('', 'submit');
    inputRef.current?.focus();
  }

  // Mantine's TextInput drawn from its parts: its label wrapper replaces its id in a layout
  // effect, a second render that made the first screen's commit one long task (decision 005).
  return (
    <Box w={{ base: '100%', sm: 360 }}>
      <Input.Label htmlFor={id}>{messages.classes.searchLabel}</Input.Label>
      <Input
        id={id}
        ref={mergedRef}
        type="search"
        classNames={{ input: classes.input }}
        placeholder={messages.classes.searchPlaceholder}
        aria-keyshortcuts="/"
        value={text}
        maxLength={QUERY_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        leftSection={<IconSearch aria-hidden size={16} />}
        // The clear button takes clicks; Mantine's Input passes them through to the field.
        rightSectionPointerEvents="auto"
        rightSection={
          text !== '' ? (
            <CloseButton aria-label={messages.classes.clearSearch} onClick={clear} />
          ) : (
            // A hint for sighted keyboard users (none on touch screens, class-search.module.css);
            // aria-keyshortcuts tells assistive technology.
            <Kbd size="xs" aria-hidden className={classes.shortcutHint}>
              /
            </Kbd>
          )
        }
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          typing.key(() => onSearch(next.trim(), 'typing'));
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            typing.cancel();
            onSearch(text.trim(), 'submit');
          } else if (event.key === 'Escape' && text !== '') {
            // Escape empties the field, as in the browser's own search fields.
            event.preventDefault();
            clear();
          }
        }}
      />
    </Box>
  );
});
