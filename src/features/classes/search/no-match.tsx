import { Button, EmptyState } from '@mantine/core';
import { searchWords } from '#contract';
import { useMessages } from '../../../i18n/i18n-context';
import { searchesWithOneWordLess } from './fewer-words';
import { searchWithWordsApart } from './words-apart';

interface NoMatchProps {
  /** The search that found nothing, as typed. */
  query: string;
  /** Searches again (a word fewer, or nothing). */
  onSearch: (query: string) => void;
}

/**
 * A search that found nothing. Every word must occur in a name, so a search of several words is
 * offered again with one word fewer each, one click away; one with a number and a letter typed
 * together ("8A") first with them apart, as names write them ("8º ano A").
 */
export function NoMatch({ query, onSearch }: NoMatchProps) {
  const messages = useMessages().classes;
  const severalWords = searchWords(query).length > 1;
  const apart = searchWithWordsApart(query);
  return (
    // No title: the status line above already says "Nenhuma turma encontrada", once is enough.
    <EmptyState
      description={
        severalWords ? messages.noMatchWordsDescription(query) : messages.noMatchDescription(query)
      }
    >
      <EmptyState.Actions>
        {apart !== null && (
          <Button variant="light" onClick={() => onSearch(apart)}>
            {messages.searchApart(apart)}
          </Button>
        )}
        {severalWords &&
          searchesWithOneWordLess(query).map((fewer) => (
            <Button key={fewer.query} variant="light" onClick={() => onSearch(fewer.query)}>
              {messages.searchWithout(fewer.word)}
            </Button>
          ))}
        <Button variant="default" onClick={() => onSearch('')}>
          {messages.clearSearch}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
