import { defineMessages } from '../../i18n/define-messages';

const ptTurmas = (count: number, only: string | undefined): string =>
  count === 1 && only !== undefined ? only : `${count} turmas`;
const enTurmas = (count: number, only: string | undefined): string =>
  count === 1 && only !== undefined ? only : `${count} classes`;

/** History's words; they load with its code. */
export const useHistoryMessages = defineMessages({
  'pt-BR': {
    title: 'Histórico',
    close: 'Fechar histórico',
    open: 'Histórico',
    scope: 'Alterações',
    mine: 'Minhas',
    all: 'Todas',
    filters: 'Filtrar o histórico',
    email: 'E-mail do aluno',
    turma: 'Id da turma',
    credential: 'Credencial',
    run: 'Lote',
    apply: 'Filtrar',
    clear: 'Limpar filtros',
    invalidEmail: 'Digite um e-mail válido, ou deixe em branco.',
    listLabel: 'Últimas alterações, as mais recentes primeiro',
    loading: 'Carregando o histórico…',
    loadingMore: 'Carregando…',
    more: 'Carregar mais',
    empty: 'Nenhuma alteração encontrada',
    emptyDescription:
      'Matrículas, remoções e desfazimentos aparecem aqui assim que são feitos, os mais recentes no alto.',
    loadFailed: 'Não foi possível carregar o histórico',
    offline: 'Sem conexão com o servidor',
    sessionExpired: 'Sua sessão expirou: entre de novo e tente outra vez.',
    retry: 'Tentar de novo',
    enrolled: (email: string, count: number, only?: string): string =>
      `Matriculou ${email} em ${ptTurmas(count, only)}`,
    extended: (email: string, count: number, only?: string): string =>
      `Mudou a validade de ${email} em ${ptTurmas(count, only)}`,
    removed: (email: string, count: number, only?: string): string =>
      `Removeu ${email} de ${ptTurmas(count, only)}`,
    undid: (email: string, count: number, only?: string): string =>
      `Desfez uma alteração de ${email} em ${ptTurmas(count, only)}`,
    nothing: (email: string): string => `Nada mudou para ${email}`,
    byAt: (who: string, when: string): string => `${who} · ${when}`,
    notIn: 'fora da turma',
    noExpiry: 'sem validade',
    until: (date: string): string => `validade ${date}`,
    undone: 'Desfeita',
    undo: 'Desfazer',
    undoEntry: (what: string): string => `Desfazer: ${what}`,
    runOf: (count: number): string =>
      count === 1 ? 'Lote: 1 alteração nesta página' : `Lote: ${count} alterações nesta página`,
    undoRun: 'Desfazer o lote inteiro',
    onlyRun: 'Só este lote',
    answer: 'Resultado do desfazer',
  },
  en: {
    title: 'History',
    close: 'Close history',
    open: 'History',
    scope: 'Changes',
    mine: 'Mine',
    all: 'Everyone’s',
    filters: 'Filter the history',
    email: 'Student e-mail',
    turma: 'Class id',
    credential: 'Credential',
    run: 'Run',
    apply: 'Filter',
    clear: 'Clear filters',
    invalidEmail: 'Type a valid e-mail, or leave it blank.',
    listLabel: 'Latest changes, newest first',
    loading: 'Loading the history…',
    loadingMore: 'Loading…',
    more: 'Load more',
    empty: 'No changes found',
    emptyDescription:
      'Enrolments, removals and undos show here as soon as they are made, newest at the top.',
    loadFailed: 'Could not load the history',
    offline: 'No connection to the server',
    sessionExpired: 'Your session expired: sign in again and retry.',
    retry: 'Try again',
    enrolled: (email: string, count: number, only?: string): string =>
      `Enrolled ${email} in ${enTurmas(count, only)}`,
    extended: (email: string, count: number, only?: string): string =>
      `Changed ${email}’s expiry in ${enTurmas(count, only)}`,
    removed: (email: string, count: number, only?: string): string =>
      `Removed ${email} from ${enTurmas(count, only)}`,
    undid: (email: string, count: number, only?: string): string =>
      `Undid a change of ${email} in ${enTurmas(count, only)}`,
    nothing: (email: string): string => `Nothing changed for ${email}`,
    byAt: (who: string, when: string): string => `${who} · ${when}`,
    notIn: 'not in the class',
    noExpiry: 'no expiry',
    until: (date: string): string => `expires ${date}`,
    undone: 'Undone',
    undo: 'Undo',
    undoEntry: (what: string): string => `Undo: ${what}`,
    runOf: (count: number): string =>
      count === 1 ? 'Run: 1 change on this page' : `Run: ${count} changes on this page`,
    undoRun: 'Undo the whole run',
    onlyRun: 'Only this run',
    answer: 'What the undo did',
  },
});
export type HistoryMessages = ReturnType<typeof useHistoryMessages>;
