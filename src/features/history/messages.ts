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
    turma: 'Turma',
    credential: 'Credencial',
    run: 'Lote',
    // Whole days where the staff member is; the last one is included.
    fromDay: 'Do dia',
    toDay: 'Até o dia',
    dayHint: 'Como 14/11/2026',
    invalidDay: 'Digite uma data como 14/11/2026, ou deixe em branco.',
    endBeforeStart: 'Este dia vem antes de “Do dia”: escolha o mesmo dia ou um depois.',
    apply: 'Filtrar',
    clear: 'Limpar filtros',
    invalidEmail: 'Digite um e-mail válido, ou deixe em branco.',
    pickStudent: 'Escolha um aluno da lista, ou digite o e-mail dele.',
    listLabel: 'Últimas alterações, as mais recentes primeiro',
    loading: 'Carregando o histórico…',
    more: 'Carregar mais',
    stalledOffline: 'Sem conexão: o histórico se atualiza quando ela voltar.',
    empty: 'Nenhuma alteração encontrada',
    emptyDescription:
      'Matrículas, remoções e desfazimentos aparecem aqui assim que são feitos, os mais recentes no alto.',
    noMatchDescription: 'Nenhuma alteração corresponde aos filtros. “Limpar filtros” mostra todas.',
    loadFailed: 'Não foi possível carregar o histórico',
    waitingOffline: 'O histórico aparece assim que a conexão voltar.',
    moreFailed: 'Não foi possível carregar mais alterações',
    refreshFailed:
      'Não foi possível atualizar o histórico. As alterações abaixo podem estar desatualizadas.',
    enrolled: (email: string, count: number, only?: string): string =>
      `Matriculou ${email} em ${ptTurmas(count, only)}`,
    extended: (email: string, count: number, only?: string): string =>
      `Mudou a validade de ${email} em ${ptTurmas(count, only)}`,
    removed: (email: string, count: number, only?: string): string =>
      `Removeu ${email} de ${ptTurmas(count, only)}`,
    undid: (email: string, count: number, only?: string): string =>
      `Desfez uma alteração de ${email} em ${ptTurmas(count, only)}`,
    // A call that changed nothing: named by its turmas, and why nothing moved.
    nothing: (email: string, count: number, only: string | undefined, removal: boolean): string =>
      `Nada mudou para ${email} em ${ptTurmas(count, only)} (${removal ? 'já estava fora' : 'já estava como pedido'})`,
    byAt: (who: string, when: string): string => `${who} · ${when}`,
    notIn: 'fora da turma',
    noExpiry: 'sem validade',
    until: (date: string): string => `validade ${date}`,
    undone: 'Desfeita',
    undonePart: 'Desfeita em parte',
    // A turma of an entry undone in part: set back, or refused (the undo's answer says why).
    turmaUndone: 'desfeita',
    turmaNotUndone: 'não desfeita',
    undo: 'Desfazer',
    undoEntry: (what: string): string => `Desfazer: ${what}`,
    // Its alterations only: the calls that changed nothing are said apart (unchangedCalls).
    runOf: (count: number): string =>
      count === 0
        ? 'Lote: nenhuma alteração nesta página'
        : count === 1
          ? 'Lote: 1 alteração nesta página'
          : `Lote: ${count} alterações nesta página`,
    unchangedCalls: (count: number, besides: boolean): string =>
      `${besides ? 'e ' : ''}${count === 1 ? '1 chamada que não mudou nada' : `${count} chamadas que não mudaram nada`}: reenviadas, ou já estava como pedido`,
    showUnchanged: 'Mostrar',
    hideUnchanged: 'Ocultar',
    // Starts with what the button shows; names the run, as its other buttons do.
    unchangedToggleNamed: (toggle: string, run: string): string =>
      `${toggle} as chamadas que não mudaram nada: ${run}`,
    unchangedList: (run: string): string => `Chamadas que não mudaram nada: ${run}`,
    undoRun: 'Desfazer o lote inteiro',
    onlyRun: 'Só este lote',
    // A run by its first line on screen (and how many more), who and when: the buttons of
    // several runs are told apart by it, after what they show.
    runNamed: (first: string, more: number, byAt: string): string =>
      `${first}${more > 0 ? ` e mais ${more}` : ''} · ${byAt}`,
    undoRunNamed: (run: string): string => `Desfazer o lote inteiro: ${run}`,
    onlyRunNamed: (run: string): string => `Só este lote: ${run}`,
    // Shown short; the accessible name starts with what is shown and names the turma or student.
    onlyTurma: 'Só esta turma',
    onlyTurmaNamed: (turma: string): string => `Só esta turma: ${turma}`,
    onlyStudent: 'Só este aluno',
    onlyStudentNamed: (email: string): string => `Só este aluno: ${email}`,
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
    turma: 'Class',
    credential: 'Credential',
    run: 'Run',
    fromDay: 'From day',
    toDay: 'Through day',
    dayHint: 'Like 11/14/2026',
    invalidDay: 'Type a date like 11/14/2026, or leave it blank.',
    endBeforeStart: 'This day is before “From day”: pick the same day or a later one.',
    apply: 'Filter',
    clear: 'Clear filters',
    invalidEmail: 'Type a valid e-mail, or leave it blank.',
    pickStudent: 'Pick a student from the list, or type their e-mail.',
    listLabel: 'Latest changes, newest first',
    loading: 'Loading the history…',
    more: 'Load more',
    stalledOffline: 'No connection: the history updates once it is back.',
    empty: 'No changes found',
    emptyDescription:
      'Enrolments, removals and undos show here as soon as they are made, newest at the top.',
    noMatchDescription: 'No change matches the filters. “Clear filters” shows them all.',
    loadFailed: 'Could not load the history',
    waitingOffline: 'The history shows as soon as the connection is back.',
    moreFailed: 'Could not load more changes',
    refreshFailed: 'Could not refresh the history. The changes below may be out of date.',
    enrolled: (email: string, count: number, only?: string): string =>
      `Enrolled ${email} in ${enTurmas(count, only)}`,
    extended: (email: string, count: number, only?: string): string =>
      `Changed ${email}’s expiry in ${enTurmas(count, only)}`,
    removed: (email: string, count: number, only?: string): string =>
      `Removed ${email} from ${enTurmas(count, only)}`,
    undid: (email: string, count: number, only?: string): string =>
      `Undid a change for ${email} in ${enTurmas(count, only)}`,
    nothing: (email: string, count: number, only: string | undefined, removal: boolean): string =>
      `Nothing changed for ${email} in ${enTurmas(count, only)} (${removal ? 'already out' : 'already as asked'})`,
    byAt: (who: string, when: string): string => `${who} · ${when}`,
    notIn: 'not in the class',
    noExpiry: 'no expiry',
    until: (date: string): string => `expires ${date}`,
    undone: 'Undone',
    undonePart: 'Partly undone',
    turmaUndone: 'undone',
    turmaNotUndone: 'not undone',
    undo: 'Undo',
    undoEntry: (what: string): string => `Undo: ${what}`,
    runOf: (count: number): string =>
      count === 0
        ? 'Run: no changes on this page'
        : count === 1
          ? 'Run: 1 change on this page'
          : `Run: ${count} changes on this page`,
    unchangedCalls: (count: number, besides: boolean): string =>
      `${besides ? 'and ' : ''}${count === 1 ? '1 call that changed nothing' : `${count} calls that changed nothing`}: sent again, or already as asked`,
    showUnchanged: 'Show',
    hideUnchanged: 'Hide',
    unchangedToggleNamed: (toggle: string, run: string): string =>
      `${toggle} the calls that changed nothing: ${run}`,
    unchangedList: (run: string): string => `Calls that changed nothing: ${run}`,
    undoRun: 'Undo the whole run',
    onlyRun: 'Only this run',
    runNamed: (first: string, more: number, byAt: string): string =>
      `${first}${more > 0 ? ` and ${more} more` : ''} · ${byAt}`,
    undoRunNamed: (run: string): string => `Undo the whole run: ${run}`,
    onlyRunNamed: (run: string): string => `Only this run: ${run}`,
    onlyTurma: 'Only this class',
    onlyTurmaNamed: (turma: string): string => `Only this class: ${turma}`,
    onlyStudent: 'Only this student',
    onlyStudentNamed: (email: string): string => `Only this student: ${email}`,
    answer: 'What the undo did',
  },
});
export type HistoryMessages = ReturnType<typeof useHistoryMessages>;

/** History without the `audit` extension: what this browser sent (src/api/sent-log.ts). */
export const useSentLogMessages = defineMessages({
  'pt-BR': {
    about: 'Esta lista mostra o que este navegador enviou, não todas as alterações da plataforma.',
    keptForTab:
      'Fica guardada só nesta aba: some ao fechá-la ou ao sair. Não é possível desfazer daqui.',
    keptOnDevice: (days: number): string =>
      `Fica guardada neste dispositivo por até ${days} dias (você escolheu “Lembrar neste dispositivo”), e some ao sair. Não é possível desfazer daqui.`,
    student: 'Aluno (nome ou e-mail)',
    turma: 'Turma (nome ou id)',
    listLabel: 'Enviado por este navegador, o mais recente primeiro',
    empty: 'Nada enviado ainda',
    emptyDescription:
      'Matrículas e remoções feitas neste navegador aparecem aqui assim que o servidor responde.',
    noMatch: 'Nenhum envio corresponde aos filtros',
    enrolled: (who: string, count: number, only?: string): string =>
      `Matrícula de ${who} em ${ptTurmas(count, only)}`,
    removed: (who: string, count: number, only?: string): string =>
      `Remoção de ${who} de ${ptTurmas(count, only)}`,
    until: (date: string): string => `validade ${date}`,
    noExpiry: 'sem validade',
    turmaOf: (id: string): string => `turma ${id}`,
    done: 'feita',
    refused: (message: string): string => `recusada: ${message}`,
    notSent: 'não enviada',
    noAnswer: 'sem resposta: pode ou não ter sido feita',
    runOf: (count: number): string => (count === 1 ? 'Lote: 1 envio' : `Lote: ${count} envios`),
    more: 'Mostrar mais',
    clearLog: 'Limpar histórico',
    clearQuestion: 'Apagar tudo o que este navegador guardou do que enviou?',
    clearDescription: 'As matrículas e remoções não mudam: só esta lista é apagada.',
    confirmClear: 'Apagar histórico',
    cancel: 'Cancelar',
  },
  en: {
    about: 'This list shows what this browser sent, not every change made on the platform.',
    keptForTab:
      'It is kept in this tab only: it goes when the tab is closed or you sign out. Nothing can be undone from here.',
    keptOnDevice: (days: number): string =>
      `It is kept on this device for up to ${days} days (you chose “Remember on this device”), and goes when you sign out. Nothing can be undone from here.`,
    student: 'Student (name or e-mail)',
    turma: 'Class (name or id)',
    listLabel: 'Sent from this browser, newest first',
    empty: 'Nothing sent yet',
    emptyDescription:
      'Enrolments and removals made in this browser show here as soon as the server answers.',
    noMatch: 'Nothing sent matches the filters',
    enrolled: (who: string, count: number, only?: string): string =>
      `Enrolment of ${who} in ${enTurmas(count, only)}`,
    removed: (who: string, count: number, only?: string): string =>
      `Removal of ${who} from ${enTurmas(count, only)}`,
    until: (date: string): string => `expires ${date}`,
    noExpiry: 'no expiry',
    turmaOf: (id: string): string => `class ${id}`,
    done: 'done',
    refused: (message: string): string => `refused: ${message}`,
    notSent: 'not sent',
    noAnswer: 'no answer: it may or may not have happened',
    runOf: (count: number): string => (count === 1 ? 'Run: 1 write' : `Run: ${count} writes`),
    more: 'Show more',
    clearLog: 'Clear history',
    clearQuestion: 'Delete everything this browser kept of what it sent?',
    clearDescription: 'Enrolments and removals do not change: only this list is deleted.',
    confirmClear: 'Delete history',
    cancel: 'Cancel',
  },
});
export type SentLogMessages = ReturnType<typeof useSentLogMessages>;
