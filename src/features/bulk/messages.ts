import { REMOVAL_SPLIT_WORDS } from '../../components/removal-outcome/removal-split-text';
import { defineMessages } from '../../i18n/define-messages';
import type { Locale } from '../../i18n/messages';
import type { IgnoredColumn, InputProblem, RowProblem } from './types';

/** Shown of a list of line numbers: the rest only counted, as a long list says no more. */
const LINES_SHOWN = 10;

/** "3, 8 e 12", or "3, 8, … e mais 40" past `LINES_SHOWN`. */
function lineList(lines: readonly number[], and: string, more: (count: number) => string): string {
  if (lines.length > LINES_SHOWN) {
    return `${lines.slice(0, LINES_SHOWN).join(', ')} ${more(lines.length - LINES_SHOWN)}`;
  }
  return `${lines.slice(0, -1).join(', ')} ${and} ${lines.at(-1)}`;
}

/**
 * The bulk runner's words. Counts arrive already formatted for the locale (`n` is the number,
 * `count` its text), so plurals are chosen on the number and shown as the locale writes it.
 */
const byLocale = {
  'pt-BR': {
    title: { enrol: 'Matrícula em lote', remove: 'Remoção em lote' },
    mode: {
      label: 'O que fazer com a lista',
      enrol: 'Matricular os alunos',
      remove: 'Remover os alunos',
    },
    input: {
      pasteLabel: 'Cole a lista de alunos',
      pasteDescription:
        'Uma linha por aluno: nome, e-mail e, se quiser, a validade (31/12/2026). Pode colar direto da planilha, com ou sem a linha de títulos.',
      removePasteDescription:
        'Uma linha por aluno com o e-mail; outras colunas, como o nome, podem vir junto. Pode colar direto da planilha.',
      orFile: 'ou',
      pickFile: 'Escolher arquivo CSV',
      dropHint: 'Você também pode arrastar o arquivo para o campo acima.',
      reading: 'Lendo a lista…',
      next: 'Revisar a lista',
      cancel: 'Cancelar',
      emptyInput: 'Cole a lista ou escolha um arquivo.',
      readFailed: 'Não foi possível ler o arquivo. Tente salvá-lo de novo como CSV.',
      // Neither the worker nor the page could load the list's reader (offline, a new version).
      parserUnavailable:
        'Não foi possível carregar o leitor da lista. Confira a conexão e tente de novo.',
      // One line per column left out under a recognised header (parse-input.ts).
      ignoredColumn: ({ column, title, taken }: IgnoredColumn): string =>
        taken
          ? `A coluna “${title}” não foi usada: ${{ name: 'o nome', email: 'o e-mail', expiry: 'a validade' }[taken.role]} vem da coluna “${taken.by}”.`
          : title === ''
            ? `A coluna ${column} não foi usada: ela não tem título (os conhecidos são Nome, E-mail e Validade).`
            : `A coluna “${title}” não foi usada: o título dela não é um dos conhecidos (Nome, E-mail, Validade).`,
      problem: (problem: InputProblem, max: string): string => {
        switch (problem.reason) {
          case 'empty':
            return 'A lista está vazia: nenhuma linha de aluno foi encontrada.';
          case 'no-email-column':
            return 'Nenhuma coluna com e-mails foi encontrada. Inclua o e-mail de cada aluno.';
          case 'unclosed-quote':
            return problem.lines.length === 1
              ? `Na linha ${problem.lines[0]} há aspas que nunca se fecham: essa linha foi lida como está, com as aspas, e as seguintes normalmente. Confira-a.`
              : `Nas linhas ${lineList(problem.lines, 'e', (count) => `e mais ${count}`)} há aspas que nunca se fecham: cada uma foi lida como está, com as aspas, e as outras normalmente. Confira-as.`;
          case 'too-many-rows':
            return `A lista passa de ${max} alunos: só os primeiros ${max} foram lidos. Divida-a em partes.`;
        }
      },
    },
    preview: {
      back: 'Voltar',
      summary: (ready: string, problems: string, excluded: string, warned?: string) =>
        [ready, problems, excluded, warned].filter(Boolean).join(' · '),
      ready: (n: number, count: string) =>
        n === 1 ? '1 aluno pronto para enviar' : `${count} alunos prontos para enviar`,
      withProblems: (n: number, count: string) =>
        n === 1 ? '1 linha com problema' : `${count} linhas com problema`,
      excludedCount: (n: number, count: string) =>
        n === 1 ? '1 linha excluída' : `${count} linhas excluídas`,
      warnedCount: (n: number, count: string) =>
        n === 1 ? '1 linha com aviso' : `${count} linhas com aviso`,
      problemsHint: 'Corrija as linhas abaixo ou exclua-as. Linhas com problema não são enviadas.',
      problemsTable: 'Linhas com problema',
      reviewTable: 'Linhas para revisar',
      reviewHint:
        'Linhas com problema não são enviadas: corrija-as ou exclua-as. Linhas com aviso são enviadas como estão, a menos que você as altere ou exclua.',
      excludeWarned: 'Excluir todas as linhas com aviso',
      // With the students-by-email extension: who is already registered, before anything is sent.
      lookup: {
        running: 'Verificando quais alunos da lista já estão cadastrados…',
        failed:
          'Não foi possível verificar quais alunos já estão cadastrados, então faltam os avisos de validade encurtada ou retirada e de nome diferente. Tente de novo, ou envie assim mesmo.',
        retry: 'Verificar de novo',
        startWhenDone: 'O envio começa assim que a verificação terminar.',
        // Without it: said once, as nothing per line can be.
        unavailable:
          'Se algum aluno da lista já estiver cadastrado, a validade dele nas turmas escolhidas passa a ser a desta lista (mesmo mais curta, ou nenhuma), e o nome dele não muda.',
      },
      removalLookup: {
        running: 'Verificando quais e-mails da lista são de alunos cadastrados…',
        failed:
          'Não foi possível verificar quais e-mails são de alunos cadastrados, então faltam os avisos de linhas que não removeriam ninguém. Tente de novo, ou envie assim mesmo.',
        retry: 'Verificar de novo',
        startWhenDone: 'O envio começa assim que a verificação terminar.',
        // Not shown: without the extension the results say what is sure (removal-lookup.ts).
        unavailable: '',
      },
      readyTable: 'Alunos prontos para enviar',
      line: 'Linha',
      name: 'Nome',
      email: 'E-mail',
      expiry: 'Validade',
      exclude: 'Excluir',
      excludeRow: (line: number) => `Excluir a linha ${line}`,
      fixed: 'Pronta para enviar',
      excludedRow: 'Excluída',
      batchExpiryCell: 'A do lote',
      // The line's own "Sem validade" (as the roster's export writes it): none is sent.
      noExpiryCell: 'Sem validade',
      fieldOfLine: (field: string, line: number) => `${field} da linha ${line}`,
      lineTitle: (line: number) => `Linha ${line}`,
      excludeAll: 'Excluir todas as linhas com problema',
      includeAll: 'Incluir de volta as excluídas',
      batchExpiryHint: 'Vale para os alunos cuja linha não traz validade própria.',
      // `more`: the other lines whose date reads both ways (formatted, `n` their number).
      dayFirst: (line: number, typed: string, read: string, n: number, more: string) =>
        `As datas da lista são lidas com o dia primeiro: na linha ${line}, “${typed}” é ${read}` +
        (n === 0
          ? ''
          : n === 1
            ? ' (e mais 1 linha tem data que pode ser lida dos dois jeitos)'
            : ` (e mais ${more} linhas têm data que pode ser lida dos dois jeitos)`) +
        '. Se a lista traz o mês primeiro, como 12/31/2026, corrija as datas antes de enviar.',
      turmasLabel: (n: number, count: string) =>
        n === 0 ? 'Nenhuma turma escolhida' : n === 1 ? 'Na turma' : `Nas ${count} turmas`,
      turmasRequired: 'Escolha pelo menos uma turma.',
      expiryInvalid: 'Escolha uma validade futura ou marque “Sem validade”.',
      noneReady: 'Nenhum aluno pronto para enviar.',
      start: {
        // No turma yet: the picker says so on submit; the button does not count 0 of them.
        enrol: (n: number, count: string, turmas: string | null) =>
          `Matricular ${n === 1 ? '1 aluno' : `${count} alunos`}${turmas ? ` em ${turmas}` : ''}`,
        remove: (n: number, count: string, turmas: string | null) =>
          `Remover ${n === 1 ? '1 aluno' : `${count} alunos`}${turmas ? ` de ${turmas}` : ''}`,
      },
      turmaCount: (n: number, count: string) => (n === 1 ? '1 turma' : `${count} turmas`),
      confirmLabel: (count: string) =>
        `Para confirmar, digite quantos alunos serão removidos: ${count}`,
      // The lines the look-up found would remove no one: not in the count, sent all the same.
      notRemoving: (n: number, count: string) =>
        n === 1
          ? '1 linha com aviso é enviada mesmo assim, mas não remove ninguém.'
          : `${count} linhas com aviso são enviadas mesmo assim, mas não removem ninguém.`,
      confirmWarning:
        'A remoção não pode ser desfeita. Para voltar, cada aluno precisará ser matriculado de novo.',
      confirmWarningUndoable:
        'A remoção pode ser desfeita ao fim do envio ou no Histórico, com a validade e a data de matrícula de antes, enquanto o servidor guardar o registro (o período de retenção).',
      confirmMismatch: 'O número digitado não é o de alunos que serão removidos.',
      confirmMatch: 'Confirmado.',
      more: (count: string) => `e mais ${count}`,
      pagination: 'Páginas da lista',
    },
    rowProblem: (problem: RowProblem, maxName: string): string => {
      if (problem.reason === 'unclosed-quote') {
        return `Aspas que nunca se fecham: ${{ name: 'o nome foi lido', email: 'o e-mail foi lido', expiry: 'a validade foi lida' }[problem.field]} como está, com as aspas, e as linhas seguintes à parte. Corrija este campo ou exclua a linha.`;
      }
      switch (problem.field) {
        case 'name':
          return problem.reason === 'missing'
            ? 'Falta o nome.'
            : problem.reason === 'too-long'
              ? `Nome com mais de ${maxName} caracteres.`
              : problem.reason === 'no-letter'
                ? 'O nome precisa ter ao menos uma letra ou um algarismo.'
                : problem.reason === 'bidi-controls'
                  ? 'O nome tem caracteres invisíveis que mudam a ordem em que o texto aparece.'
                  : 'O nome tem caracteres que não são aceitos, como tabulações ou quebras de linha.';
        case 'email':
          return problem.reason === 'duplicate'
            ? `E-mail repetido: já está na linha ${problem.firstLine}.`
            : problem.reason === 'missing'
              ? 'Falta o e-mail.'
              : 'E-mail inválido.';
        case 'expiry':
          // The forms the list's reader takes (check-rows.ts), day first in every language.
          return problem.reason === 'invalid'
            ? 'Validade inválida: use 31/12/2026 ou 31/12/2026 18:00 (ou 2026-12-31 18:00).'
            : problem.reason === 'disagrees'
              ? `As duas colunas de validade do arquivo não batem: a de hora local diz “${problem.local}”, a ISO diz outra data. Digite aqui a validade certa.`
              : 'A validade já passou.';
      }
    },
    results: {
      title: { finished: 'Envio concluído', cancelled: 'Envio cancelado' },
      summary: 'Resultado por linha',
      filterLabel: 'Mostrar',
      filterAll: (count: string) => `Todas (${count})`,
      // Every line the run did not do (refused, failed, unsent, excluded), not only "Com problema".
      filterProblems: (count: string) => `Não feitas (${count})`,
      outcome: 'Resultado',
      detail: 'Detalhe',
      // Failed, or never sent (a cancel): "não feitas", as the run's outcome says.
      retryFailed: (n: number, count: string) =>
        n === 1
          ? 'Tentar de novo a linha não feita'
          : `Tentar de novo as ${count} linhas não feitas`,
      download: 'Baixar resultados (CSV)',
      undoneNotice: (at: string) =>
        `Desfeito às ${at}: as linhas abaixo e o arquivo dizem o que o envio fez antes disso.`,
      more: (count: string) => `mais ${count}`,
      notUndone: (count: number, names: string) =>
        `${count === 1 ? 'Não foi desfeito para 1 aluno' : `Não foi desfeito para ${count} alunos`}, cuja matrícula mudou depois do envio: ${names}. ${count === 1 ? 'Continua' : 'Continuam'} como o envio deixou.`,
      newBatch: 'Nova lista',
      fileName: (mode: 'enrol' | 'remove', date: string) =>
        `${mode === 'enrol' ? 'matricula' : 'remocao'}-em-lote-${date}.csv`,
      outcomes: {
        enrolled: 'Matriculado',
        // The API answers the same whether the student was in the turma or not: "Removido" only
        // when the look-up just before said they were (removal-lookup.ts), else what is sure.
        removed: 'Removido',
        'was-not-in': 'Não estava na(s) turma(s)',
        'no-longer-in': 'Não está mais na(s) turma(s)',
        'not-found': 'Não encontrado',
        rejected: 'Recusado',
        failed: 'Falhou',
        'not-sent': 'Não enviado',
        invalid: 'Com problema',
        excluded: 'Excluído',
      },
      // The summary's labels, beside their counts: agreeing in number with them.
      countLabels: {
        enrolled: (n: number): string => (n === 1 ? 'Matriculado' : 'Matriculados'),
        removed: (n: number): string => (n === 1 ? 'Removido' : 'Removidos'),
        'was-not-in': (n: number): string =>
          n === 1 ? 'Não estava na(s) turma(s)' : 'Não estavam na(s) turma(s)',
        'no-longer-in': (n: number): string =>
          n === 1 ? 'Não está mais na(s) turma(s)' : 'Não estão mais na(s) turma(s)',
        'not-found': (n: number): string => (n === 1 ? 'Não encontrado' : 'Não encontrados'),
        rejected: (n: number): string => (n === 1 ? 'Recusado' : 'Recusados'),
        failed: (n: number): string => (n === 1 ? 'Falhou' : 'Falharam'),
        'not-sent': (n: number): string => (n === 1 ? 'Não enviado' : 'Não enviados'),
        invalid: () => 'Com problema',
        excluded: (n: number): string => (n === 1 ? 'Excluído' : 'Excluídos'),
      },
      // A removal's detail, per turma: Saiu de / Não estava em / Não está mais em.
      removal: REMOVAL_SPLIT_WORDS['pt-BR'],
      nameKept: (name: string) => `Já cadastrado como ${name}, nome mantido.`,
      notSentDetail: 'Cancelado antes do envio.',
      excludedDetail: 'Excluída na revisão.',
      csv: {
        operationLabel: 'Operação',
        operation: { enrol: 'Matrícula em lote', remove: 'Remoção em lote' },
        ranAtLabel: 'Enviado em',
        retriedAtLabel: 'Reenviado em',
        undoneAtLabel: 'Desfeito em',
        notUndoneLabel: 'Não desfeito para',
        turmasLabel: 'Turmas',
        turmaLabel: 'Turma',
        header: (timeZone: string) => [
          'Linha',
          'Nome na lista',
          'Nome na plataforma',
          'E-mail',
          `Validade anterior (horário local, ${timeZone})`,
          'Validade anterior (ISO 8601, UTC)',
          `Validade nova (horário local, ${timeZone})`,
          'Validade nova (ISO 8601, UTC)',
          'Resultado',
          'Detalhe',
        ],
        noExpiry: 'Sem validade',
        notChecked: 'Não verificada',
        newStudent: 'Aluno novo',
        notInTurma: 'Não estava na turma',
        outcomes: {
          enrolled: 'Matriculado',
          removed: 'Removido',
          'was-not-in': 'Não estava na(s) turma(s)',
          'no-longer-in': 'Não está mais na(s) turma(s)',
          'not-found': 'Não encontrado',
          rejected: 'Recusado pelo servidor',
          failed: 'Falhou',
          'not-sent': 'Não enviado',
          invalid: 'Não enviado: linha com problema',
          excluded: 'Não enviado: excluído na revisão',
        },
      },
    },
  },
  en: {
    title: { enrol: 'Bulk enrolment', remove: 'Bulk removal' },
    mode: {
      label: 'What to do with the list',
      enrol: 'Enrol the students',
      remove: 'Remove the students',
    },
    input: {
      pasteLabel: 'Paste the list of students',
      pasteDescription:
        'One line per student: name, e-mail and, optionally, the expiry (2026-12-31). Paste straight from the spreadsheet, with or without the title row.',
      removePasteDescription:
        'One line per student with the e-mail; other columns, such as the name, may come along. Paste straight from the spreadsheet.',
      orFile: 'or',
      pickFile: 'Choose a CSV file',
      dropHint: 'You can also drag the file onto the field above.',
      reading: 'Reading the list…',
      next: 'Review the list',
      cancel: 'Cancel',
      emptyInput: 'Paste the list or choose a file.',
      readFailed: 'The file could not be read. Try saving it again as CSV.',
      parserUnavailable: 'The list reader could not be loaded. Check the connection and try again.',
      ignoredColumn: ({ column, title, taken }: IgnoredColumn): string =>
        taken
          ? `The column “${title}” was not used: the ${{ name: 'name', email: 'e-mail', expiry: 'expiry' }[taken.role]} comes from the column “${taken.by}”.`
          : title === ''
            ? `Column ${column} was not used: it has no title (those known are Name, E-mail and Expiry).`
            : `The column “${title}” was not used: its title is not one of those known (Name, E-mail, Expiry).`,
      problem: (problem: InputProblem, max: string): string => {
        switch (problem.reason) {
          case 'empty':
            return 'The list is empty: no student line was found.';
          case 'no-email-column':
            return 'No column of e-mails was found. Include each student’s e-mail.';
          case 'unclosed-quote':
            return problem.lines.length === 1
              ? `Line ${problem.lines[0]} opens a quote that never closes: that line was read as typed, quotes included, and the lines after it as usual. Check it.`
              : `Lines ${lineList(problem.lines, 'and', (count) => `and ${count} more`)} open quotes that never close: each was read as typed, quotes included, and the other lines as usual. Check them.`;
          case 'too-many-rows':
            return `The list has more than ${max} students: only the first ${max} were read. Split it into parts.`;
        }
      },
    },
    preview: {
      back: 'Back',
      summary: (ready: string, problems: string, excluded: string, warned?: string) =>
        [ready, problems, excluded, warned].filter(Boolean).join(' · '),
      ready: (n: number, count: string) =>
        n === 1 ? '1 student ready to send' : `${count} students ready to send`,
      withProblems: (n: number, count: string) =>
        n === 1 ? '1 line with a problem' : `${count} lines with problems`,
      excludedCount: (n: number, count: string) =>
        n === 1 ? '1 line excluded' : `${count} lines excluded`,
      warnedCount: (n: number, count: string) =>
        n === 1 ? '1 line with a warning' : `${count} lines with warnings`,
      problemsHint: 'Fix the lines below or exclude them. Lines with problems are not sent.',
      problemsTable: 'Lines with problems',
      reviewTable: 'Lines to review',
      reviewHint:
        'Lines with problems are not sent: fix or exclude them. Lines with warnings are sent as they are unless you change or exclude them.',
      excludeWarned: 'Exclude every line with a warning',
      lookup: {
        running: 'Checking which students on the list are already registered…',
        failed:
          'Could not check which students are already registered, so the warnings about shortened or removed expiries and other names are missing. Try again, or send anyway.',
        retry: 'Check again',
        startWhenDone: 'Sending starts as soon as the check is over.',
        unavailable:
          'If a student on the list is already registered, their expiry in the chosen classes becomes this list’s (even if earlier, or none), and their name does not change.',
      },
      removalLookup: {
        running: 'Checking which e-mails on the list belong to registered students…',
        failed:
          'Could not check which e-mails belong to registered students, so the warnings about lines that would remove no one are missing. Try again, or send anyway.',
        retry: 'Check again',
        startWhenDone: 'Sending starts as soon as the check is over.',
        unavailable: '',
      },
      readyTable: 'Students ready to send',
      line: 'Line',
      name: 'Name',
      email: 'E-mail',
      expiry: 'Expiry',
      exclude: 'Exclude',
      excludeRow: (line: number) => `Exclude line ${line}`,
      fixed: 'Ready to send',
      excludedRow: 'Excluded',
      batchExpiryCell: 'The batch’s',
      noExpiryCell: 'No expiry',
      fieldOfLine: (field: string, line: number) => `${field} of line ${line}`,
      lineTitle: (line: number) => `Line ${line}`,
      excludeAll: 'Exclude every line with a problem',
      includeAll: 'Include the excluded lines again',
      batchExpiryHint: 'Applies to students whose line has no expiry of its own.',
      dayFirst: (line: number, typed: string, read: string, n: number, more: string) =>
        `The list’s dates are read day first, as in 31/12/2026: on line ${line}, “${typed}” is ${read}` +
        (n === 0
          ? ''
          : n === 1
            ? ' (and 1 more line has a date that reads both ways)'
            : ` (and ${more} more lines have a date that reads both ways)`) +
        '. If the list puts the month first, correct its dates before sending.',
      turmasLabel: (n: number, count: string) =>
        n === 0 ? 'No class chosen' : n === 1 ? 'In the class' : `In the ${count} classes`,
      turmasRequired: 'Choose at least one class.',
      expiryInvalid: 'Choose an expiry in the future or tick “No expiry”.',
      noneReady: 'No student is ready to send.',
      start: {
        enrol: (n: number, count: string, turmas: string | null) =>
          `Enrol ${n === 1 ? '1 student' : `${count} students`}${turmas ? ` in ${turmas}` : ''}`,
        remove: (n: number, count: string, turmas: string | null) =>
          `Remove ${n === 1 ? '1 student' : `${count} students`}${turmas ? ` from ${turmas}` : ''}`,
      },
      turmaCount: (n: number, count: string) => (n === 1 ? '1 class' : `${count} classes`),
      confirmLabel: (count: string) =>
        `To confirm, type how many students will be removed: ${count}`,
      notRemoving: (n: number, count: string) =>
        n === 1
          ? '1 line with a warning is sent all the same, but removes no one.'
          : `${count} lines with warnings are sent all the same, but remove no one.`,
      confirmWarning:
        'Removal cannot be undone. To come back, each student will have to be enrolled again.',
      confirmWarningUndoable:
        'The removal can be undone when the run ends or from History, with the expiry and enrolment date as they were, for as long as the server keeps its record (the retention period).',
      confirmMismatch: 'The number typed is not the number of students to be removed.',
      confirmMatch: 'Confirmed.',
      more: (count: string) => `and ${count} more`,
      pagination: 'Pages of the list',
    },
    rowProblem: (problem: RowProblem, maxName: string): string => {
      if (problem.reason === 'unclosed-quote') {
        return `A quote that never closes: the ${{ name: 'name', email: 'e-mail', expiry: 'expiry' }[problem.field]} was read as typed, quotes included, and the lines after it on their own. Correct this field or exclude the line.`;
      }
      switch (problem.field) {
        case 'name':
          return problem.reason === 'missing'
            ? 'The name is missing.'
            : problem.reason === 'too-long'
              ? `The name is longer than ${maxName} characters.`
              : problem.reason === 'no-letter'
                ? 'The name needs at least one letter or digit.'
                : problem.reason === 'bidi-controls'
                  ? 'The name has invisible characters that change the order the text is shown in.'
                  : 'The name has characters that are not allowed, such as tabs or line breaks.';
        case 'email':
          return problem.reason === 'duplicate'
            ? `Repeated e-mail: already on line ${problem.firstLine}.`
            : problem.reason === 'missing'
              ? 'The e-mail is missing.'
              : 'Invalid e-mail.';
        case 'expiry':
          // Unlike the expiry field, a list is read day first (decision 016): say so.
          return problem.reason === 'invalid'
            ? 'Invalid expiry: put the day first, as in 31/12/2026 or 31/12/2026 18:00 (or 2026-12-31 18:00).'
            : problem.reason === 'disagrees'
              ? `The file’s two expiry columns disagree: the local-time one says “${problem.local}”, the ISO one another date. Type the right expiry here.`
              : 'The expiry has already passed.';
      }
    },
    results: {
      title: { finished: 'Run complete', cancelled: 'Run cancelled' },
      summary: 'Outcome per line',
      filterLabel: 'Show',
      filterAll: (count: string) => `All (${count})`,
      filterProblems: (count: string) => `Not done (${count})`,
      outcome: 'Outcome',
      detail: 'Detail',
      retryFailed: (n: number, count: string) =>
        n === 1 ? 'Retry the line not done' : `Retry the ${count} lines not done`,
      download: 'Download results (CSV)',
      undoneNotice: (at: string) =>
        `Undone at ${at}: the lines below and the file say what the run did before that.`,
      more: (count: string) => `${count} more`,
      notUndone: (count: number, names: string) =>
        `Not undone for ${count === 1 ? '1 student' : `${count} students`} whose enrolment changed after the run: ${names}. ${count === 1 ? 'It stays' : 'They stay'} as the run left ${count === 1 ? 'it' : 'them'}.`,
      newBatch: 'New list',
      fileName: (mode: 'enrol' | 'remove', date: string) =>
        `bulk-${mode === 'enrol' ? 'enrolment' : 'removal'}-${date}.csv`,
      outcomes: {
        enrolled: 'Enrolled',
        removed: 'Removed',
        'was-not-in': 'Was not in the class(es)',
        'no-longer-in': 'No longer in the class(es)',
        'not-found': 'Not found',
        rejected: 'Rejected',
        failed: 'Failed',
        'not-sent': 'Not sent',
        invalid: 'With a problem',
        excluded: 'Excluded',
      },
      countLabels: {
        enrolled: () => 'Enrolled',
        removed: () => 'Removed',
        'was-not-in': (n: number) =>
          n === 1 ? 'Was not in the class(es)' : 'Were not in the class(es)',
        'no-longer-in': () => 'No longer in the class(es)',
        'not-found': () => 'Not found',
        rejected: () => 'Rejected',
        failed: () => 'Failed',
        'not-sent': () => 'Not sent',
        invalid: () => 'With a problem',
        excluded: () => 'Excluded',
      },
      removal: REMOVAL_SPLIT_WORDS.en,
      nameKept: (name: string) => `Already registered as ${name}; the name is kept.`,
      notSentDetail: 'Cancelled before it was sent.',
      excludedDetail: 'Excluded during review.',
      csv: {
        operationLabel: 'Operation',
        operation: { enrol: 'Bulk enrolment', remove: 'Bulk removal' },
        ranAtLabel: 'Sent on',
        retriedAtLabel: 'Retried on',
        undoneAtLabel: 'Undone on',
        notUndoneLabel: 'Not undone for',
        turmasLabel: 'Classes',
        turmaLabel: 'Class',
        header: (timeZone: string) => [
          'Line',
          'Name on the list',
          'Name on the platform',
          'E-mail',
          `Previous expiry (local time, ${timeZone})`,
          'Previous expiry (ISO 8601, UTC)',
          `New expiry (local time, ${timeZone})`,
          'New expiry (ISO 8601, UTC)',
          'Outcome',
          'Detail',
        ],
        noExpiry: 'No expiry',
        notChecked: 'Not checked',
        newStudent: 'New student',
        notInTurma: 'Not in the class',
        outcomes: {
          enrolled: 'Enrolled',
          removed: 'Removed',
          'was-not-in': 'Was not in the class(es)',
          'no-longer-in': 'No longer in the class(es)',
          'not-found': 'Not found',
          rejected: 'Rejected by the server',
          failed: 'Failed',
          'not-sent': 'Not sent',
          invalid: 'Not sent: line with a problem',
          excluded: 'Not sent: excluded during review',
        },
      },
    },
  },
};

export const useBulkMessages = defineMessages(byLocale);

export type BulkMessages = ReturnType<typeof useBulkMessages>;

/** The words of one language outside React (pure modules' tests). */
export function bulkMessagesFor(locale: Locale): BulkMessages {
  return byLocale[locale];
}
