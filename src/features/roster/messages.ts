import { defineMessages } from '../../i18n/define-messages';

/**
 * The roster's words; they load with its code. What opens it (the row's "Alunos", a chip) is on
 * the first screen, so those words are in src/i18n (`roster`).
 */
export const useRosterMessages = defineMessages({
  'pt-BR': {
    title: (turma: string): string => `Alunos de ${turma}`,
    /** A shared link, before the list has found the turma's name. */
    turmaById: (id: string): string => `turma ${id}`,
    close: 'Fechar lista de alunos',
    tableLabel: (turma: string): string => `Alunos de ${turma}`,
    columns: {
      name: 'Nome',
      email: 'E-mail',
      expirationDate: 'Validade',
      enrolledAt: 'Matriculado em',
    },
    selectRow: (name: string, email: string): string => `Selecionar ${name} (${email})`,
    selectPage: 'Selecionar todos os alunos desta página',
    searchLabel: 'Buscar alunos',
    searchPlaceholder: 'Nome ou e-mail',
    clearSearch: 'Limpar busca',
    loading: 'Carregando alunos…',
    total: (count: number, formatted: string): string =>
      count === 1 ? '1 aluno' : `${formatted} alunos`,
    found: (count: number, formatted: string): string =>
      count === 0
        ? 'Nenhum aluno encontrado'
        : count === 1
          ? '1 aluno encontrado'
          : `${formatted} alunos encontrados`,
    emptyTitle: 'Nenhum aluno nesta turma',
    emptyDescription: 'Quem for matriculado aparece aqui.',
    noMatchDescription: (query: string): string =>
      `Nenhum aluno desta turma tem “${query}” no nome ou no e-mail.`,
    loadFailed: 'Não foi possível carregar os alunos',
    refreshFailed:
      'Não foi possível atualizar a lista. Os alunos abaixo podem estar desatualizados.',
    /** The title when the server has no turma of the address's id. */
    notFound: 'Turma não encontrada',
    turmaMissing: (id: string): string =>
      `O servidor não tem nenhuma turma com o código “${id}”: ela pode ter sido excluída, ou o ` +
      `link está incompleto.`,
    retry: 'Tentar novamente',
    dialogLoadFailed:
      'Não foi possível abrir o formulário. Verifique a conexão e clique no botão de novo. Nada foi enviado.',
    pagination: 'Páginas da lista de alunos',
    export: {
      label: 'Levar a lista',
      csv: 'Exportar CSV',
      // The file's name starts with it: "alunos-8º-ano-A-2026-11-29.csv".
      filePrefix: 'alunos',
      // Each name starts with the words on the button (WCAG 2.5.3): they are what is said to it.
      csvName: (turma: string): string => `Exportar CSV: alunos de ${turma}`,
      print: 'Imprimir',
      printName: (turma: string): string => `Imprimir: lista de alunos de ${turma}`,
      reading: (read: string, total: string): string => `Lendo alunos… ${read} de ${total}`,
      saved: (count: number, formatted: string): string =>
        count === 1 ? 'Arquivo com 1 aluno salvo.' : `Arquivo com ${formatted} alunos salvo.`,
      failed: (kind: 'csv' | 'print', offline: boolean): string =>
        (offline
          ? 'Sem conexão com o servidor: não foi possível ler os alunos.'
          : 'Não foi possível ler todos os alunos.') +
        (kind === 'csv' ? ' Nada foi salvo.' : ' Nada foi impresso.'),
      retry: (kind: 'csv' | 'print'): string =>
        kind === 'csv' ? 'Tentar exportar de novo' : 'Tentar imprimir de novo',
      /** The columns around the two expiry ones, whose words are expiry-cells.ts's. */
      csvHeader: {
        before: ['Nome', 'E-mail'],
        after: ['Matriculado em', 'Turma', 'Código da turma'],
      },
      printTitle: (turma: string): string => `Alunos de ${turma}`,
      printDate: (date: string, count: string): string => `Impresso em ${date} · ${count}`,
      /** At the foot of each printed page; `page` and `pages` are the printer's counters. */
      printPage: (page: string, pages: string): string => `Página ${page} de ${pages}`,
    },
    travel: {
      copyAction: 'Matricular estes alunos em…',
      moveAction: 'Mover para outra turma…',
      /** `count`: the students the run will send (those left out are not); none, no number. */
      title: (kind: 'copy' | 'move', count: number, formatted: string): string =>
        kind === 'copy'
          ? count === 0
            ? 'Matricular alunos em outra turma'
            : count === 1
              ? 'Matricular 1 aluno em outra turma'
              : `Matricular ${formatted} alunos em outra turma`
          : count === 0
            ? 'Mover alunos para outra turma'
            : count === 1
              ? 'Mover 1 aluno para outra turma'
              : `Mover ${formatted} alunos para outra turma`,
      from: (turma: string): string => `Alunos de ${turma}.`,
      target: 'Turma de destino',
      thisTurma: 'A turma destes alunos',
      targetRequired: 'Escolha a turma de destino.',
      expiryLabel: 'Validade na turma de destino',
      keepExpiry: 'Manter a validade atual de cada aluno',
      newExpiry: 'Uma nova validade para todos',
      moveNote: (turma: string): string =>
        `Cada aluno é matriculado na turma de destino e depois removido de ${turma}.`,
      submit: (kind: 'copy' | 'move', count: number, formatted: string): string =>
        kind === 'copy'
          ? count === 1
            ? 'Matricular 1 aluno'
            : `Matricular ${formatted} alunos`
          : count === 1
            ? 'Mover 1 aluno'
            : `Mover ${formatted} alunos`,
      sending: 'Enviando…',
      // Counts as labels: "1 feitos" was wrong, and the numbers vary.
      finished: (done: string, failed: string): string =>
        `Concluído — feitos: ${done}; não feitos: ${failed}.`,
      pending: 'Aguardando',
      notSent: 'Não enviado',
      done: (kind: 'copy' | 'move', turma: string): string =>
        kind === 'copy' ? `Matriculado em ${turma}` : `Movido para ${turma}`,
      stillInBoth: (target: string, source: string): string =>
        `Matriculado em ${target}, ainda em ${source}`,
      /** The panel's notice: both turmas, as the student page's move says (`from`: this one). */
      summary: (
        kind: 'copy' | 'move',
        count: number,
        formatted: string,
        { from, to }: { from: string; to: string },
      ): string =>
        kind === 'copy'
          ? count === 1
            ? `1 aluno de ${from} foi matriculado em ${to}.`
            : `${formatted} alunos de ${from} foram matriculados em ${to}.`
          : count === 1
            ? `1 aluno foi movido de ${from} para ${to}.`
            : `${formatted} alunos foram movidos de ${from} para ${to}.`,
      saveOutcomes: 'Baixar resultados (CSV)',
      csvHeader: ['Nome', 'E-mail', 'Resultado'],
      fileName: (kind: 'copy' | 'move', date: string): string =>
        `resultado-${kind === 'move' ? 'mover' : 'copiar'}-${date}.csv`,
      // The bulk review's lookup and warnings, before anything is sent.
      lookup: {
        running: 'Verificando quais destes alunos já estão na turma de destino…',
        failed:
          'Não foi possível verificar quais destes alunos já estão na turma de destino, então faltam os avisos de validade encurtada ou retirada. Tente de novo, ou envie assim mesmo.',
        retry: 'Verificar de novo',
        startWhenDone: 'O envio começa assim que a verificação terminar.',
        unavailable:
          'Se algum destes alunos já estiver na turma de destino, a validade dele lá passa a ser a enviada (mesmo mais curta, ou nenhuma).',
      },
      warnedTitle: 'Alunos com aviso',
      warnedHint: 'Alunos com aviso são enviados como estão, a menos que você os deixe de fora.',
      leaveOut: (name: string): string => `Deixar ${name} de fora`,
      leaveOutWarned: 'Deixar de fora todos com aviso',
      includeWarned: 'Incluir de volta os deixados de fora',
      noneToSend: 'Nenhum aluno para enviar',
    },
    selection: {
      label: 'Alunos selecionados',
      count: (count: number, formatted: string): string =>
        count === 1 ? '1 aluno selecionado' : `${formatted} alunos selecionados`,
      clear: 'Limpar seleção',
      remove: 'Remover da turma',
      changeExpiry: 'Alterar validade',
      pageSelected: (count: number, formatted: string): string =>
        count === 1
          ? 'O aluno desta página está selecionado.'
          : `Os ${formatted} alunos desta página estão selecionados.`,
      selectAllFound: (total: string): string => `Selecionar todos os ${total} alunos encontrados`,
      allFoundSelected: (total: string): string =>
        `Os ${total} alunos encontrados estão selecionados.`,
      selectAllFailed: 'Não foi possível buscar todos os alunos. Tente novamente.',
    },
    remove: {
      title: (count: number, formatted: string): string =>
        count === 1 ? 'Remover 1 aluno da turma' : `Remover ${formatted} alunos da turma`,
      from: (turma: string): string => `Da turma ${turma}:`,
      warning:
        'Não é possível desfazer esta remoção. Para voltar à turma, cada aluno precisará ser matriculado de novo.',
      // Where the server keeps an audit trail (decision 019): the typed confirmation stays.
      warningUndoable:
        'A remoção pode ser desfeita no Histórico, com a validade e a data de matrícula de antes, enquanto o servidor guardar o registro (o período de retenção).',
      confirmCount: (count: string): string =>
        `Para confirmar, digite quantos alunos serão removidos: ${count}`,
      confirmEmail: 'Para confirmar, digite o e-mail do aluno',
      /** The list before anything is sent; once a run has results, `outcome.listLabel`. */
      listLabel: 'Alunos a remover',
      hintCount: 'O botão Remover é liberado quando o número digitado for o de alunos.',
      hintEmail: 'O botão Remover é liberado quando o e-mail digitado for o do aluno.',
      mismatchCount: 'O número digitado não é o de alunos que serão removidos.',
      mismatchEmail: 'O que foi digitado não é o e-mail do aluno.',
      match: 'Confirmado.',
      submit: (count: number, formatted: string): string =>
        count === 1 ? 'Remover 1 aluno' : `Remover ${formatted} alunos`,
      sending: 'Removendo…',
    },
    expiryChange: {
      title: (count: number, formatted: string): string =>
        count === 1 ? 'Alterar a validade de 1 aluno' : `Alterar a validade de ${formatted} alunos`,
      in: (turma: string): string => `Na turma ${turma}:`,
      replaces:
        'A nova validade substitui a atual de cada aluno listado, mesmo que a atual seja mais longa ou não tenha fim.',
      current: 'Validade atual:',
      /** The list before anything is sent; once a run has results, `outcome.listLabel`. */
      listLabel: 'Validade atual de cada aluno',
      required: 'Escolha a nova validade ou marque “Sem validade”.',
      invalid: 'Esta data não é válida.',
      past: 'Esta data já passou: escolha uma data futura.',
      submit: 'Alterar validade',
      sending: 'Alterando…',
    },
    outcome: {
      removed: 'Removido da turma',
      changed: 'Validade alterada',
      waiting: 'Aguardando',
      sending: 'Enviando…',
      failed: 'Não foi feito',
      unknown: 'Não sabemos se foi feito',
      /** The list of outcomes of one run, read by screen readers as it fills. */
      listLabel: 'Resultado por aluno',
      summaryRemoved: (done: number, formatted: string, turma: string): string =>
        done === 1
          ? `1 aluno não está mais em ${turma}.`
          : `${formatted} alunos não estão mais em ${turma}.`,
      summaryChanged: (done: number, formatted: string): string =>
        done === 1
          ? 'A validade de 1 aluno foi alterada.'
          : `A validade de ${formatted} alunos foi alterada.`,
      someFailed: (failed: number, formatted: string): string =>
        failed === 1
          ? '1 aluno ficou como estava. Veja o motivo ao lado dele.'
          : `${formatted} alunos ficaram como estavam. Veja o motivo ao lado de cada um.`,
      retryFailed: (count: number, formatted: string): string =>
        count === 1 ? 'Tentar de novo com 1 aluno' : `Tentar de novo com ${formatted} alunos`,
      studentGone: 'O aluno não existe mais no servidor; ele não está nesta turma.',
      turmaGone: 'A turma não existe mais no servidor.',
      sessionExpired: 'Sua sessão expirou. Entre novamente e tente de novo: nada foi perdido.',
      unknownOutcome:
        'Sem resposta do servidor: a alteração pode ter sido feita ou não. Tentar de novo é seguro.',
      done: 'Concluir',
      dismiss: 'Fechar aviso',
    },
  },
  en: {
    title: (turma) => `Students of ${turma}`,
    turmaById: (id) => `class ${id}`,
    close: 'Close the student list',
    tableLabel: (turma) => `Students of ${turma}`,
    columns: {
      name: 'Name',
      email: 'E-mail',
      expirationDate: 'Expiry',
      enrolledAt: 'Enrolled on',
    },
    selectRow: (name, email) => `Select ${name} (${email})`,
    selectPage: 'Select every student on this page',
    searchLabel: 'Search students',
    searchPlaceholder: 'Name or e-mail',
    clearSearch: 'Clear search',
    loading: 'Loading students…',
    total: (count, formatted) => (count === 1 ? '1 student' : `${formatted} students`),
    found: (count, formatted) =>
      count === 0
        ? 'No students found'
        : count === 1
          ? '1 student found'
          : `${formatted} students found`,
    emptyTitle: 'No students in this class',
    emptyDescription: 'Whoever is enrolled shows here.',
    noMatchDescription: (query) =>
      `No student of this class has “${query}” in their name or e-mail.`,
    loadFailed: 'The students could not be loaded',
    refreshFailed: 'The list could not be refreshed. The students below may be out of date.',
    notFound: 'Class not found',
    turmaMissing: (id) =>
      `The server has no class with the code “${id}”: it may have been deleted, or the link is ` +
      `incomplete.`,
    retry: 'Try again',
    dialogLoadFailed:
      'The form could not be opened. Check the connection and press the button again. Nothing was sent.',
    pagination: 'Pages of the student list',
    export: {
      label: 'Take the list along',
      csv: 'Export CSV',
      filePrefix: 'students',
      csvName: (turma) => `Export CSV: students of ${turma}`,
      print: 'Print',
      printName: (turma) => `Print: student list of ${turma}`,
      reading: (read, total) => `Reading students… ${read} of ${total}`,
      saved: (count, formatted) =>
        count === 1 ? 'File with 1 student saved.' : `File with ${formatted} students saved.`,
      failed: (kind, offline) =>
        (offline
          ? 'No connection to the server: the students could not be read.'
          : 'Could not read every student.') +
        (kind === 'csv' ? ' Nothing was saved.' : ' Nothing was printed.'),
      retry: (kind) => (kind === 'csv' ? 'Try exporting again' : 'Try printing again'),
      csvHeader: {
        before: ['Name', 'E-mail'],
        after: ['Enrolled on', 'Class', 'Class code'],
      },
      printTitle: (turma) => `Students of ${turma}`,
      printDate: (date, count) => `Printed on ${date} · ${count}`,
      printPage: (page, pages) => `Page ${page} of ${pages}`,
    },
    travel: {
      copyAction: 'Enrol these students in…',
      moveAction: 'Move to another class…',
      title: (kind, count, formatted) =>
        kind === 'copy'
          ? count === 0
            ? 'Enrol students in another class'
            : count === 1
              ? 'Enrol 1 student in another class'
              : `Enrol ${formatted} students in another class`
          : count === 0
            ? 'Move students to another class'
            : count === 1
              ? 'Move 1 student to another class'
              : `Move ${formatted} students to another class`,
      from: (turma) => `Students of ${turma}.`,
      target: 'Destination class',
      thisTurma: 'Their class now',
      targetRequired: 'Choose the destination class.',
      expiryLabel: 'Expiry in the destination class',
      keepExpiry: "Keep each student's current expiry",
      newExpiry: 'One new expiry for all',
      moveNote: (turma) =>
        `Each student is enrolled in the destination class, then removed from ${turma}.`,
      submit: (kind, count, formatted) =>
        kind === 'copy'
          ? count === 1
            ? 'Enrol 1 student'
            : `Enrol ${formatted} students`
          : count === 1
            ? 'Move 1 student'
            : `Move ${formatted} students`,
      sending: 'Sending…',
      finished: (done, failed) => `Finished — done: ${done}; not done: ${failed}.`,
      pending: 'Waiting',
      notSent: 'Not sent',
      done: (kind, turma) => (kind === 'copy' ? `Enrolled in ${turma}` : `Moved to ${turma}`),
      stillInBoth: (target, source) => `Enrolled in ${target}, still in ${source}`,
      summary: (kind, count, formatted, { from, to }) =>
        kind === 'copy'
          ? count === 1
            ? `1 student of ${from} was enrolled in ${to}.`
            : `${formatted} students of ${from} were enrolled in ${to}.`
          : count === 1
            ? `1 student was moved from ${from} to ${to}.`
            : `${formatted} students were moved from ${from} to ${to}.`,
      saveOutcomes: 'Download results (CSV)',
      csvHeader: ['Name', 'E-mail', 'Outcome'],
      fileName: (kind: 'copy' | 'move', date: string): string => `results-${kind}-${date}.csv`,
      lookup: {
        running: 'Checking which of these students are already in the destination class…',
        failed:
          'Could not check which of these students are already in the destination class, so the warnings about shortened or removed expiries are missing. Try again, or send anyway.',
        retry: 'Check again',
        startWhenDone: 'Sending starts as soon as the check is over.',
        unavailable:
          'If any of these students is already in the destination class, their expiry there becomes the one sent (even if earlier, or none).',
      },
      warnedTitle: 'Students with warnings',
      warnedHint: 'Students with warnings are sent as they are unless you leave them out.',
      leaveOut: (name) => `Leave ${name} out`,
      leaveOutWarned: 'Leave out all with warnings',
      includeWarned: 'Include those left out again',
      noneToSend: 'No student to send',
    },
    selection: {
      label: 'Selected students',
      count: (count, formatted) =>
        count === 1 ? '1 student selected' : `${formatted} students selected`,
      clear: 'Clear selection',
      remove: 'Remove from class',
      changeExpiry: 'Change expiry',
      pageSelected: (count, formatted) =>
        count === 1
          ? 'The student on this page is selected.'
          : `All ${formatted} students on this page are selected.`,
      selectAllFound: (total) => `Select all ${total} students found`,
      allFoundSelected: (total) => `All ${total} students found are selected.`,
      selectAllFailed: 'Could not fetch all the students. Try again.',
    },
    remove: {
      title: (count, formatted) =>
        count === 1
          ? 'Remove 1 student from the class'
          : `Remove ${formatted} students from the class`,
      from: (turma) => `From ${turma}:`,
      warning:
        'This removal cannot be undone. To come back to the class, each student will have to be enrolled again.',
      warningUndoable:
        'The removal can be undone from History, with the expiry and enrolment date as they were, for as long as the server keeps its record (the retention period).',
      confirmCount: (count) => `To confirm, type how many students will be removed: ${count}`,
      confirmEmail: "To confirm, type the student's e-mail",
      listLabel: 'Students to remove',
      hintCount:
        'The Remove button becomes available once the number typed is the number of students.',
      hintEmail: "The Remove button becomes available once the e-mail typed is the student's.",
      mismatchCount: 'The number typed is not the number of students to be removed.',
      mismatchEmail: "What is typed is not the student's e-mail.",
      match: 'Confirmed.',
      submit: (count, formatted) =>
        count === 1 ? 'Remove 1 student' : `Remove ${formatted} students`,
      sending: 'Removing…',
    },
    expiryChange: {
      title: (count, formatted) =>
        count === 1
          ? 'Change the expiry of 1 student'
          : `Change the expiry of ${formatted} students`,
      in: (turma) => `In ${turma}:`,
      replaces:
        "The new expiry replaces each listed student's current one, even a longer one or none at all.",
      current: 'Current expiry:',
      listLabel: "Each student's current expiry",
      required: 'Choose the new expiry, or tick “No expiry”.',
      invalid: 'This date is not valid.',
      past: 'This date has passed: choose a future one.',
      submit: 'Change expiry',
      sending: 'Changing…',
    },
    outcome: {
      removed: 'Removed from the class',
      changed: 'Expiry changed',
      waiting: 'Waiting',
      sending: 'Sending…',
      failed: 'Not done',
      unknown: 'We do not know whether it was done',
      listLabel: 'Outcome per student',
      summaryRemoved: (done, formatted, turma) =>
        done === 1
          ? `1 student is no longer in ${turma}.`
          : `${formatted} students are no longer in ${turma}.`,
      summaryChanged: (done, formatted) =>
        done === 1
          ? "1 student's expiry was changed."
          : `${formatted} students' expiry was changed.`,
      someFailed: (failed, formatted) =>
        failed === 1
          ? '1 student was left as they were. The reason is beside them.'
          : `${formatted} students were left as they were. The reason is beside each.`,
      retryFailed: (count, formatted) =>
        count === 1 ? 'Try again with 1 student' : `Try again with ${formatted} students`,
      studentGone: 'The student no longer exists on the server; they are not in this class.',
      turmaGone: 'The class no longer exists on the server.',
      sessionExpired: 'Your session has expired. Sign in again, then try again: nothing was lost.',
      unknownOutcome:
        'No answer from the server: the change may or may not have been made. Trying again is safe.',
      done: 'Done',
      dismiss: 'Dismiss',
    },
  },
});

export type RosterMessages = ReturnType<typeof useRosterMessages>;
