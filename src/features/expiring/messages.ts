import { defineMessages } from '../../i18n/define-messages';

/** The expiring-soon view's words; they load with its code. */
export const useExpiringMessages = defineMessages({
  'pt-BR': {
    title: 'Expirando em breve',
    close: 'Fechar expirando em breve',
    windowLabel: 'Expira em',
    days: (days: number): string => `${days} dias`,
    aDate: 'Até uma data',
    dateLabel: 'Até o dia',
    dateProblem: {
      required: 'Escolha o dia.',
      invalid: 'Data incompleta ou inválida.',
      past: 'Esse dia já passou: escolha hoje ou um dia depois.',
      tooLate: (last: string): string => `Escolha um dia até ${last}.`,
    },
    onlySelected: (count: number): string =>
      count === 1 ? 'Só a turma selecionada' : `Só as ${count} turmas selecionadas`,
    tableLabel: 'Matrículas que expiram em breve',
    columns: { student: 'Aluno', turma: 'Turma', expirationDate: 'Validade' },
    selectRow: (name: string, turma: string): string => `Selecionar ${name} em ${turma}`,
    selectPage: 'Selecionar todas as matrículas desta página',
    total: (count: number, formatted: string): string =>
      count === 1 ? '1 matrícula' : `${formatted} matrículas`,
    selected: (count: number): string => (count === 1 ? '1 selecionada' : `${count} selecionadas`),
    loading: 'Carregando matrículas…',
    empty: (choice: { days: number } | { until: string }, date: string): string =>
      'days' in choice
        ? `Nenhuma matrícula expira nos próximos ${choice.days} dias`
        : `Nenhuma matrícula expira até ${date}`,
    emptyDescription: 'Quando houver, elas aparecem aqui, as que expiram primeiro no alto.',
    loadFailed: 'Não foi possível carregar as matrículas',
    waitingOffline: 'As matrículas aparecem assim que a conexão voltar.',
    pages: 'Páginas de matrículas',
    extend: 'Estender validade',
    extendTitle: (count: number): string =>
      count === 1 ? 'Nova validade para 1 matrícula' : `Nova validade para ${count} matrículas`,
    extendReplaces:
      'Substitui a validade de cada matrícula escolhida pela nova, mesmo que seja mais longa.',
    apply: 'Aplicar nova validade',
    cancel: 'Cancelar',
    expiryProblem: {
      required: 'Escolha a nova validade.',
      invalid: 'Data ou hora inválida.',
      past: 'A nova validade já passou.',
    },
    extended: (count: number): string =>
      count === 1 ? '1 matrícula estendida.' : `${count} matrículas estendidas.`,
    notExtended: (count: number): string =>
      count === 1
        ? '1 não pôde ser estendida; segue selecionada para tentar de novo:'
        : `${count} não puderam ser estendidas; seguem selecionadas para tentar de novo:`,
    notExtendedLine: (name: string, turma: string): string => `${name} em ${turma}`,
    notSent: 'não enviada.',
    moreNotExtended: (count: string): string => `e mais ${count}.`,
    export: 'Exportar CSV',
    exporting: 'Exportando…',
    exportFailed: 'Não foi possível exportar a lista',
    csvHeader: ['Nome', 'E-mail', 'Turma', 'Id da turma', 'Validade', 'Validade (ISO)'],
    fileName: (date: string): string => `expirando-${date}.csv`,
  },
  en: {
    title: 'Expiring soon',
    close: 'Close expiring soon',
    windowLabel: 'Expires within',
    days: (days: number): string => `${days} days`,
    aDate: 'Until a date',
    dateLabel: 'Until',
    dateProblem: {
      required: 'Choose the day.',
      invalid: 'Incomplete or invalid date.',
      past: 'That day has passed: choose today or a later day.',
      tooLate: (last: string): string => `Choose a day up to ${last}.`,
    },
    onlySelected: (count: number): string =>
      count === 1 ? 'Only the selected class' : `Only the ${count} selected classes`,
    tableLabel: 'Enrolments expiring soon',
    columns: { student: 'Student', turma: 'Class', expirationDate: 'Expiry' },
    selectRow: (name: string, turma: string): string => `Select ${name} in ${turma}`,
    selectPage: 'Select every enrolment on this page',
    total: (count: number, formatted: string): string =>
      count === 1 ? '1 enrolment' : `${formatted} enrolments`,
    selected: (count: number): string => `${count} selected`,
    loading: 'Loading enrolments…',
    empty: (choice: { days: number } | { until: string }, date: string): string =>
      'days' in choice
        ? `No enrolment expires in the next ${choice.days} days`
        : `No enrolment expires by ${date}`,
    emptyDescription: 'When some do, they show here, the soonest first.',
    loadFailed: 'The enrolments could not be loaded',
    waitingOffline: 'The enrolments show as soon as the connection is back.',
    pages: 'Pages of enrolments',
    extend: 'Extend expiry',
    extendTitle: (count: number): string =>
      count === 1 ? 'New expiry for 1 enrolment' : `New expiry for ${count} enrolments`,
    extendReplaces: "Replaces each chosen enrolment's expiry with the new one, even a longer one.",
    apply: 'Apply new expiry',
    cancel: 'Cancel',
    expiryProblem: {
      required: 'Choose the new expiry.',
      invalid: 'Invalid date or time.',
      past: 'The new expiry has already passed.',
    },
    extended: (count: number): string =>
      count === 1 ? '1 enrolment extended.' : `${count} enrolments extended.`,
    notExtended: (count: number): string =>
      count === 1
        ? '1 could not be extended; it stays selected to try again:'
        : `${count} could not be extended; they stay selected to try again:`,
    notExtendedLine: (name: string, turma: string): string => `${name} in ${turma}`,
    notSent: 'not sent.',
    moreNotExtended: (count: string): string => `and ${count} more.`,
    export: 'Export CSV',
    exporting: 'Exporting…',
    exportFailed: 'The list could not be exported',
    csvHeader: ['Name', 'E-mail', 'Class', 'Class id', 'Expiry', 'Expiry (ISO)'],
    fileName: (date: string): string => `expiring-${date}.csv`,
  },
});

export type ExpiringMessages = ReturnType<typeof useExpiringMessages>;
