import { Button, EmptyState } from '@mantine/core';
import { searchWords } from '#contract';
import { useMessages } from '../../../i18n/i18n-context';
import { searchesWithOneWordLess } from './fewer-words';

interface NoMatchProps {
  /** The search that found nothing, as typed. */
  query: string;
  /** Searches again (a word fewer, or nothing). */
  onSearch: (query: string) => void;
}

/**
 * A search that found nothing. Every word must occur in a name, so a search of several words is
 * offered again with one word fewer each, one click away.
 */
export function NoMatch({ query, onSearch }: NoMatchProps) {
  const messages = useMessages().classes;
  const severalWords = searchWords(query).length > 1;
  return (
    // No title: the status line above already says "Nenhuma turma encontrada", once is enough.
    <EmptyState
      description={
        severalWords ? messages.noMatchWordsDescription(query) : messages.noMatchDescription(query)
      }
    >
      <EmptyState.Actions>
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
