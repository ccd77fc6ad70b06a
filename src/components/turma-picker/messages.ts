import { defineMessages } from '../../i18n/define-messages';
import { formatsFor } from '../../i18n/formats';

const pt = formatsFor('pt-BR');
const en = formatsFor('en');

export const useTurmaPickerMessages = defineMessages({
  'pt-BR': {
    count: (count: number): string =>
      count === 0 ? 'Nenhuma turma' : count === 1 ? '1 turma' : `${pt.number.format(count)} turmas`,
    remove: (name: string): string => `Tirar ${name} da lista`,
    searchLabel: 'Adicionar turma',
    searchPlaceholder: 'Busque pelo nome da turma',
    resultsLabel: 'Turmas encontradas',
    students: (count: number): string =>
      count === 1 ? '1 aluno' : `${pt.number.format(count)} alunos`,
    searching: 'Buscando turmas…',
    noMatch: 'Nenhuma turma encontrada',
    found: (count: number): string =>
      count === 1 ? '1 turma encontrada' : `${pt.number.format(count)} turmas encontradas`,
    showingFirst: (shown: number, total: number): string =>
      `Mostrando ${pt.number.format(shown)} de ${pt.number.format(total)}. Digite mais do nome para refinar a busca.`,
    searchFailed: 'Não foi possível buscar as turmas.',
    retry: 'Tentar novamente',
    offline: 'Sem conexão com a internet. A busca continua assim que a conexão voltar.',
    tooMany: (max: number): string =>
      `Cada operação aceita no máximo ${pt.number.format(max)} turmas. Tire uma da lista para adicionar outra.`,
  },
  en: {
    count: (count) =>
      count === 0 ? 'No classes' : count === 1 ? '1 class' : `${en.number.format(count)} classes`,
    remove: (name) => `Take ${name} off the list`,
    searchLabel: 'Add a class',
    searchPlaceholder: 'Search by class name',
    resultsLabel: 'Matching classes',
    students: (count) => (count === 1 ? '1 student' : `${en.number.format(count)} students`),
    searching: 'Searching classes…',
    noMatch: 'No classes found',
    found: (count) => (count === 1 ? '1 class found' : `${en.number.format(count)} classes found`),
    showingFirst: (shown, total) =>
      `Showing ${en.number.format(shown)} of ${en.number.format(total)}. Type more of the name to narrow the search.`,
    searchFailed: 'Could not search the classes.',
    retry: 'Try again',
    offline: 'No internet connection. The search resumes as soon as the connection is back.',
    tooMany: (max) =>
      `Each action takes at most ${en.number.format(max)} classes. Take one off the list to add another.`,
  },
});
