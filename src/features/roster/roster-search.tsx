import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback, useMergedRef } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useRef, useState, type Ref } from 'react';
import { QUERY_MAX_LENGTH } from '#contract';
import { useRosterMessages } from './messages';

/** As the turmas search (features/classes/search/class-search.tsx): one request per burst of typing. */
const SEARCH_DEBOUNCE_MS = 180;

interface RosterSearchProps {
  /** The search the roster shows (from the URL). */
  value: string;
  /** Once per burst of typing, at once on Enter or clear; trimmed. */
  onSearch: (value: string, how: 'typing' | 'submit') => void;
  ref?: Ref<HTMLInputElement>;
}

/** Name or e-mail, word-wise, ignoring case and accents (the server's rule). */
export function RosterSearch({ value, onSearch, ref }: RosterSearchProps) {
  const messages = useRosterMessages();
  const inputRef = useRef<HTMLInputElement>(null);
  const mergedRef = useMergedRef(inputRef, ref);
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const commit = useDebouncedCallback((next: string) => onSearch(next.trim(), 'typing'), {
    delay: SEARCH_DEBOUNCE_MS,
  });

  // Changed elsewhere (Back, the no-match state's "clear"): show it, during render.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== text.trim()) setText(value);
  }

  function clear() {
    commit.cancel();
    setText('');
    onSearch('', 'submit');
    inputRef.current?.focus();
  }

  return (
    <TextInput
      ref={mergedRef}
      type="search"
      label={messages.searchLabel}
      placeholder={messages.searchPlaceholder}
      value={text}
      maxLength={QUERY_MAX_LENGTH}
      autoComplete="off"
      spellCheck={false}
      leftSection={<IconSearch aria-hidden size={16} />}
      rightSection={
        text !== '' ? <CloseButton aria-label={messages.clearSearch} onClick={clear} /> : null
      }
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          commit.cancel();
          onSearch(text.trim(), 'submit');
        } else if (event.key === 'Escape' && text !== '') {
          // Empties the field, as the browser's own search fields do; the panel stays open (it
          // closes on an Escape nobody took: defaultPrevented).
          event.preventDefault();
          clear();
        }
      }}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
