import { defineMessages } from '../../i18n/define-messages';

// The picker shows at most a page of counts at a time: one formatter per language is plenty.
const ptNumber = new Intl.NumberFormat('pt-BR');
const enNumber = new Intl.NumberFormat('en');

export const useTurmaPickerMessages = defineMessages({
  'pt-BR': {
    count: (count: number): string =>
      count === 0 ? 'Nenhuma turma' : count === 1 ? '1 turma' : `${ptNumber.format(count)} turmas`,
    remove: (name: string): string => `Tirar ${name} da lista`,
    searchLabel: 'Adicionar turma',
    searchPlaceholder: 'Busque pelo nome da turma',
    resultsLabel: 'Turmas encontradas',
    students: (count: number): string =>
      count === 1 ? '1 aluno' : `${ptNumber.format(count)} alunos`,
    searching: 'Buscando turmas…',
    noMatch: 'Nenhuma turma encontrada',
    found: (count: number): string =>
      count === 1 ? '1 turma encontrada' : `${ptNumber.format(count)} turmas encontradas`,
    showingFirst: (shown: number, total: number): string =>
      `Mostrando ${ptNumber.format(shown)} de ${ptNumber.format(total)}. Digite mais do nome para refinar a busca.`,
    searchFailed: 'Não foi possível buscar as turmas.',
    retry: 'Tentar novamente',
    offline: 'Sem conexão com a internet. A busca continua assim que a conexão voltar.',
    tooMany: (max: number): string =>
      `Cada operação aceita no máximo ${ptNumber.format(max)} turmas. Tire uma da lista para adicionar outra.`,
  },
  en: {
    count: (count) =>
      count === 0 ? 'No classes' : count === 1 ? '1 class' : `${enNumber.format(count)} classes`,
    remove: (name) => `Take ${name} off the list`,
    searchLabel: 'Add a class',
    searchPlaceholder: 'Search by class name',
    resultsLabel: 'Matching classes',
    students: (count) => (count === 1 ? '1 student' : `${enNumber.format(count)} students`),
    searching: 'Searching classes…',
    noMatch: 'No classes found',
    found: (count) => (count === 1 ? '1 class found' : `${enNumber.format(count)} classes found`),
    showingFirst: (shown, total) =>
      `Showing ${enNumber.format(shown)} of ${enNumber.format(total)}. Type more of the name to narrow the search.`,
    searchFailed: 'Could not search the classes.',
    retry: 'Try again',
    offline: 'No internet connection. The search resumes as soon as the connection is back.',
    tooMany: (max) =>
      `Each action takes at most ${enNumber.format(max)} classes. Take one off the list to add another.`,
  },
});
