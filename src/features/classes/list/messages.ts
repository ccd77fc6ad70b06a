import { defineMessages } from '../../../i18n/define-messages';

/**
 * Words of the turmas list added with the daily-use issue (20); the older ones live in
 * src/i18n (`messages.classes`, `messages.selection`).
 */
export const useClassListMessages = defineMessages({
  'pt-BR': {
    /** A turma whose name came back empty: something to read, and to name its controls by. */
    noName: '(sem nome)',
    showSelected: (count: string): string => `Mostrar turmas (${count})`,
    hideSelected: 'Ocultar turmas',
    pageSelected: (count: string): string => `As ${count} turmas desta página estão selecionadas.`,
    selectAllFound: (total: string): string => `Selecionar todas as ${total} turmas encontradas`,
    pageSelectedTooMany: (count: string, total: string, max: string): string =>
      `As ${count} turmas desta página estão selecionadas. A busca encontrou ${total}, mais do ` +
      `que as ${max} que uma operação aceita: refine a busca para selecionar todas.`,
    selectAllFailed: 'Não foi possível buscar todas as turmas. Tente novamente.',
    allFoundSelected: (total: string): string =>
      `As ${total} turmas encontradas estão selecionadas.`,
    /**
     * Under the table, in sight of everyone: what a short date leaves out that matters (the full
     * date is also in each date's `title`, which only a pointer shows).
     */
    datesZone: (zone: string): string => `Datas e horas no fuso ${zone}.`,
    emptyPageTitle: 'Esta página veio vazia',
    /** `count`: "45 turmas", as the status line says it. */
    emptyPageDescription: (count: string): string =>
      `O servidor informa ${count}, mas esta página veio sem nenhuma: a lista pode ter mudado ` +
      `neste instante.`,
    reload: 'Recarregar a lista',
    toFirstPage: 'Ir para a primeira página',
    newPageFailed: (page: string): string => `Não foi possível carregar a página ${page}`,
    newListFailed: 'Não foi possível carregar a lista pedida',
    previousRowsKept: 'As turmas abaixo são as que já estavam na tela.',
    /** The rows kept are another search's (issue 32): say which. */
    previousResultsKept: (query: string): string =>
      `As turmas abaixo são os resultados de “${query}”, que já estavam na tela.`,
    previousListKept: 'As turmas abaixo são as da lista sem busca, que já estava na tela.',
    offlineOtherSearch: (query: string): string =>
      `Sem conexão — mostrando os resultados de “${query}”, a última busca carregada. A nova ` +
      `busca será feita assim que a conexão voltar.`,
    offlineWithoutSearch:
      'Sem conexão — mostrando a lista sem busca, a última carregada. A busca será feita ' +
      'assim que a conexão voltar.',
    /** The status line over another search's rows, while the one typed cannot come. */
    foundFor: (count: number, formattedCount: string, query: string): string =>
      count === 0
        ? `Nenhuma turma encontrada para “${query}”`
        : count === 1
          ? `1 turma encontrada para “${query}”`
          : `${formattedCount} turmas encontradas para “${query}”`,
    /** Best match first: the order of a search on a server that ranks (RANK_EXTENSION). */
    bestMatch: 'Melhor correspondência',
    bestMatchInUse: 'Em ordem de melhor correspondência com a busca',
    sortByBestMatch: 'Ordenar por melhor correspondência',
  },
  en: {
    noName: '(no name)',
    showSelected: (count) => `Show classes (${count})`,
    hideSelected: 'Hide classes',
    pageSelected: (count) => `All ${count} classes on this page are selected.`,
    selectAllFound: (total) => `Select all ${total} classes found`,
    pageSelectedTooMany: (count, total, max) =>
      `All ${count} classes on this page are selected. The search found ${total}, more than ` +
      `the ${max} one operation accepts: narrow the search to select them all.`,
    selectAllFailed: 'Could not fetch all the classes. Try again.',
    allFoundSelected: (total) => `All ${total} classes found are selected.`,
    datesZone: (zone) => `Dates and times in ${zone}.`,
    emptyPageTitle: 'This page came back empty',
    emptyPageDescription: (count) =>
      `The server reports ${count}, but this page came back without any: the list may have ` +
      `just changed.`,
    reload: 'Reload the list',
    toFirstPage: 'Go to the first page',
    newPageFailed: (page) => `Page ${page} could not be loaded`,
    newListFailed: 'The list asked for could not be loaded',
    previousRowsKept: 'The classes below are the ones already on screen.',
    previousResultsKept: (query) =>
      `The classes below are the results for “${query}”, already on screen.`,
    previousListKept: 'The classes below are the list without a search, already on screen.',
    offlineOtherSearch: (query) =>
      `No connection — showing the results for “${query}”, the last search loaded. The new ` +
      `search runs as soon as the connection is back.`,
    offlineWithoutSearch:
      'No connection — showing the list without a search, the last one loaded. The search ' +
      'runs as soon as the connection is back.',
    foundFor: (count, formattedCount, query) =>
      count === 0
        ? `No classes found for “${query}”`
        : count === 1
          ? `1 class found for “${query}”`
          : `${formattedCount} classes found for “${query}”`,
    bestMatch: 'Best match',
    bestMatchInUse: 'In order of best match with the search',
    sortByBestMatch: 'Sort by best match',
  },
});

export type ClassListMessages = ReturnType<typeof useClassListMessages>;

/**
 * What to call a turma on screen: its name, or "(sem nome)" when the API sent an empty one, so
 * no chip, button or title is left without words. Exported for the page (and dialogs, through
 * the page) to name turmas the same way.
 */
export function turmaLabel(name: string, messages: Pick<ClassListMessages, 'noName'>): string {
  return name.trim() === '' ? messages.noName : name;
}
