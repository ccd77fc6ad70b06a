import { defineMessages } from '../../i18n/define-messages';

/** The student's page and its search; they load with their code, not with the first screen. */
export const useStudentMessages = defineMessages({
  'pt-BR': {
    search: {
      open: 'Buscar aluno',
      shortcut: 'Ctrl+K',
      title: 'Buscar aluno',
      label: 'Nome ou e-mail do aluno',
      hint: 'Escolha um aluno para abrir a página dele.',
    },
    close: 'Fechar página do aluno',
    dismissNotice: 'Fechar aviso',
    loading: 'Carregando aluno…',
    notFoundTitle: 'Aluno não encontrado',
    notFound: (email: string): string =>
      `Nenhum aluno tem o e-mail “${email}”. Ele pode ter sido removido de todas as turmas, ou o link está incompleto.`,
    loadFailed: 'Não foi possível carregar o aluno',
    waitingOffline: 'O aluno aparece assim que a conexão voltar.',
    turmasHeading: 'Turmas',
    filterLabel: 'Filtrar turmas',
    filterPlaceholder: 'Nome da turma',
    noMatch: (query: string): string => `Nenhuma turma do aluno tem “${query}” no nome.`,
    noTurmas: 'O aluno não está em nenhuma turma.',
    columns: { name: 'Turma', expirationDate: 'Validade', enrolledAt: 'Matriculado em' },
    tableLabel: (name: string): string => `Turmas de ${name}`,
    selectRow: (turma: string): string => `Selecionar ${turma}`,
    selectAll: 'Selecionar todas as turmas mostradas',
    selected: (count: number, formatted: string): string =>
      count === 1 ? '1 turma selecionada' : `${formatted} turmas selecionadas`,
    actions: {
      enrol: 'Matricular em mais turmas',
      changeExpiry: 'Alterar validade',
      remove: 'Remover das turmas',
      move: 'Mover para outra turma',
      moveOne: (turma: string): string => `Mover de ${turma}`,
    },
    expiry: {
      title: 'Alterar validade',
      in: (turmas: string): string => `Em ${turmas}`,
      replaces:
        'A nova validade substitui a atual em cada turma listada, mesmo uma mais longa ou nenhuma.',
      submit: 'Alterar validade',
      sending: 'Alterando…',
      required: 'Escolha a nova validade, ou marque “Sem validade”.',
      invalid: 'Data inválida.',
      past: 'A validade precisa ser no futuro.',
      done: (turmas: string): string => `Validade alterada em ${turmas}.`,
    },
    remove: {
      title: 'Remover das turmas',
      from: (turmas: string): string => `De ${turmas}`,
      warning:
        'A remoção não pode ser desfeita: para voltar, o aluno precisa ser matriculado de novo.',
      // Where the server keeps an audit trail (decision 019): the typed confirmation stays.
      warningUndoable:
        'A remoção pode ser desfeita no Histórico, com a validade e a data de matrícula de antes, enquanto o servidor guardar o registro (o período de retenção).',
      confirm: 'Digite o e-mail do aluno para confirmar',
      hint: 'O botão fica disponível quando o e-mail digitado for o do aluno.',
      mismatch: 'Não é o e-mail do aluno.',
      match: 'E-mail confirmado.',
      submit: 'Remover',
      sending: 'Removendo…',
      done: (turmas: string): string => `Removido de ${turmas}.`,
    },
    move: {
      title: 'Mover para outra turma',
      from: (turma: string): string => `De ${turma}`,
      to: 'Para a turma',
      toRequired: 'Escolha a turma de destino.',
      keepExpiry: 'Manter a validade atual',
      fromHere: 'A turma de onde sai',
      warningsLabel: 'Avisos sobre a turma de destino',
      steps: 'O aluno é matriculado na nova turma primeiro, e só então removido da antiga.',
      submit: 'Mover',
      sending: 'Movendo…',
      done: (from: string, to: string): string => `Movido de ${from} para ${to}.`,
      enrolFailed: (from: string, to: string): string =>
        `Não foi possível matricular em ${to}. Nada mudou: o aluno continua em ${from}.`,
      enrolUnknown: (from: string, to: string): string =>
        `Não sabemos se o aluno foi matriculado em ${to}: a resposta do servidor não chegou. Ele continua em ${from}; a página do aluno mostra as turmas dele agora.`,
      halfTitle: 'A mudança ficou pela metade',
      half: (from: string, to: string): string =>
        `O aluno agora está em ${from} e em ${to}: foi matriculado em ${to}, mas não foi removido de ${from}.`,
      halfAlreadyIn: (from: string, to: string): string =>
        `O aluno continua em ${from} e em ${to}: a validade em ${to} foi alterada, mas ele não foi removido de ${from}.`,
      finish: (from: string): string => `Terminar: remover de ${from}`,
      undo: (to: string): string => `Desfazer: remover de ${to}`,
      undoExpiry: (to: string): string => `Desfazer: validade de antes em ${to}`,
      finishing: 'Enviando…',
      undone: (to: string): string =>
        `Desfeito: o aluno foi removido de ${to} e continua na turma de origem.`,
      undoneExpiry: (to: string): string =>
        `Desfeito: a validade em ${to} voltou a ser a de antes, e o aluno continua na turma de origem.`,
    },
    failed: 'Não foi possível concluir.',
  },
  en: {
    search: {
      open: 'Find student',
      shortcut: 'Ctrl+K',
      title: 'Find student',
      label: "Student's name or e-mail",
      hint: 'Pick a student to open their page.',
    },
    close: 'Close student page',
    dismissNotice: 'Dismiss',
    loading: 'Loading student…',
    notFoundTitle: 'Student not found',
    notFound: (email) =>
      `No student has the e-mail “${email}”. They may have been removed from every class, or the link is incomplete.`,
    loadFailed: 'The student could not be loaded',
    waitingOffline: 'The student shows as soon as the connection is back.',
    turmasHeading: 'Classes',
    filterLabel: 'Filter classes',
    filterPlaceholder: 'Class name',
    noMatch: (query) => `None of the student's classes has “${query}” in its name.`,
    noTurmas: 'The student is in no class.',
    columns: { name: 'Class', expirationDate: 'Expiry', enrolledAt: 'Enrolled' },
    tableLabel: (name) => `${name}'s classes`,
    selectRow: (turma) => `Select ${turma}`,
    selectAll: 'Select every class shown',
    selected: (count, formatted) =>
      count === 1 ? '1 class selected' : `${formatted} classes selected`,
    actions: {
      enrol: 'Enrol in more classes',
      changeExpiry: 'Change expiry',
      remove: 'Remove from classes',
      move: 'Move to another class',
      moveOne: (turma) => `Move from ${turma}`,
    },
    expiry: {
      title: 'Change expiry',
      in: (turmas) => `In ${turmas}`,
      replaces:
        'The new expiry replaces the current one in each listed class, even a longer one or none.',
      submit: 'Change expiry',
      sending: 'Changing…',
      required: 'Choose the new expiry, or tick “No expiry”.',
      invalid: 'Invalid date.',
      past: 'The expiry must be in the future.',
      done: (turmas) => `Expiry changed in ${turmas}.`,
    },
    remove: {
      title: 'Remove from classes',
      from: (turmas) => `From ${turmas}`,
      warning: 'Removing cannot be undone: to come back, the student has to be enrolled again.',
      warningUndoable:
        'The removal can be undone from History, with the expiry and enrolment date as they were, for as long as the server keeps its record (the retention period).',
      confirm: "Type the student's e-mail to confirm",
      hint: "The button becomes available once the e-mail typed is the student's.",
      mismatch: "That is not the student's e-mail.",
      match: 'E-mail confirmed.',
      submit: 'Remove',
      sending: 'Removing…',
      done: (turmas) => `Removed from ${turmas}.`,
    },
    move: {
      title: 'Move to another class',
      from: (turma) => `From ${turma}`,
      to: 'To class',
      toRequired: 'Choose the class to move to.',
      keepExpiry: 'Keep the current expiry',
      fromHere: 'The class they leave',
      warningsLabel: 'Warnings about the destination class',
      steps:
        'The student is enrolled in the new class first, and only then removed from the old one.',
      submit: 'Move',
      sending: 'Moving…',
      done: (from, to) => `Moved from ${from} to ${to}.`,
      enrolFailed: (from, to) =>
        `Could not enrol in ${to}. Nothing changed: the student is still in ${from}.`,
      enrolUnknown: (from, to) =>
        `We do not know whether the student was enrolled in ${to}: the server's answer did not arrive. They are still in ${from}; the student's page shows their classes now.`,
      halfTitle: 'The move is half done',
      half: (from, to) =>
        `The student is now in both ${from} and ${to}: they were enrolled in ${to}, but not removed from ${from}.`,
      halfAlreadyIn: (from, to) =>
        `The student is still in both ${from} and ${to}: the expiry in ${to} was changed, but they were not removed from ${from}.`,
      finish: (from) => `Finish: remove from ${from}`,
      undo: (to) => `Undo: remove from ${to}`,
      undoExpiry: (to) => `Undo: the earlier expiry in ${to}`,
      finishing: 'Sending…',
      undone: (to) =>
        `Undone: the student was removed from ${to} and is still in the class they came from.`,
      undoneExpiry: (to) =>
        `Undone: the expiry in ${to} is as it was, and the student is still in the class they came from.`,
    },
    failed: 'Could not complete.',
  },
});

export type StudentMessages = ReturnType<typeof useStudentMessages>;
