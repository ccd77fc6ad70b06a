import { defineMessages } from '../../i18n/define-messages';
import type { EnrolWarning } from './enrol-warnings';

/**
 * The words of an enrolment's warnings, wherever students are enrolled in a batch (the bulk
 * review, a roster's copy). Counts arrive already formatted for the locale (`n` is the number,
 * `count` its text).
 */
export const useEnrolWarningMessages = defineMessages({
  'pt-BR': {
    summary: (parts: readonly string[]) => `Avisos: ${parts.join('; ')}.`,
    counts: {
      expired: (n: number, count: string) =>
        n === 1
          ? '1 aluno com a validade vencida seria matriculado já expirado'
          : `${count} alunos com a validade vencida seriam matriculados já expirados`,
      shortens: (n: number, count: string) =>
        n === 1
          ? '1 aluno terá a validade encurtada'
          : `${count} alunos terão a validade encurtada`,
      limits: (n: number, count: string) =>
        n === 1
          ? '1 aluno sem validade passará a ter uma'
          : `${count} alunos sem validade passarão a ter uma`,
      removes: (n: number, count: string) =>
        n === 1 ? '1 aluno terá a validade retirada' : `${count} alunos terão a validade retirada`,
      'other-name': (n: number, count: string) =>
        n === 1
          ? '1 aluno já cadastrado com outro nome, que é mantido'
          : `${count} alunos já cadastrados com outro nome, que é mantido`,
      'columns-swapped': (n: number, count: string) =>
        n === 1 ? '1 linha com as colunas trocadas' : `${count} linhas com as colunas trocadas`,
      'not-registered': (n: number, count: string) =>
        n === 1
          ? '1 e-mail não é de nenhum aluno cadastrado'
          : `${count} e-mails não são de nenhum aluno cadastrado`,
      'in-none': (n: number, count: string) =>
        n === 1
          ? '1 aluno não está em nenhuma das turmas escolhidas'
          : `${count} alunos não estão em nenhuma das turmas escolhidas`,
    },
    warning: (warning: EnrolWarning, typedName: string, date: (iso: string) => string): string => {
      switch (warning.kind) {
        case 'columns-swapped':
          return 'O e-mail estava em outra coluna desta linha e foi lido de lá: confira o nome.';
        case 'other-name':
          return `Já cadastrado como ${warning.name}: a matrícula não muda o nome, que continua ${warning.name} (não ${typedName.trim()}).`;
        case 'expired':
          return `A validade venceu em ${date(warning.at)}: mantida, a nova matrícula já nasce expirada.`;
        case 'shortens':
          return `${warning.turma.name}: a validade atual vai até ${date(warning.current)}; a nova, ${date(warning.chosen)}, é mais curta e a substitui.`;
        case 'limits':
          return `${warning.turma.name}: hoje a matrícula não tem validade; passará a terminar em ${date(warning.chosen)}.`;
        case 'removes':
          return `${warning.turma.name}: a validade atual (${date(warning.current)}) será retirada e a matrícula ficará sem validade.`;
        case 'not-registered':
          return 'Nenhum aluno cadastrado tem este e-mail: não há o que remover.';
        case 'in-none':
          return 'Não está em nenhuma das turmas escolhidas: nada muda para este aluno.';
      }
    },
  },
  en: {
    summary: (parts) => `Warnings: ${parts.join('; ')}.`,
    counts: {
      expired: (n, count) =>
        n === 1
          ? '1 student whose expiry has passed would be enrolled already expired'
          : `${count} students whose expiry has passed would be enrolled already expired`,
      shortens: (n, count) =>
        n === 1 ? '1 student’s expiry gets shorter' : `${count} students’ expiries get shorter`,
      limits: (n, count) =>
        n === 1
          ? '1 student without an expiry gets one'
          : `${count} students without an expiry get one`,
      removes: (n, count) =>
        n === 1 ? '1 student’s expiry is taken off' : `${count} students’ expiries are taken off`,
      'other-name': (n, count) =>
        n === 1
          ? '1 student already registered under another name, which is kept'
          : `${count} students already registered under another name, which is kept`,
      'columns-swapped': (n, count) =>
        n === 1 ? '1 line with its columns swapped' : `${count} lines with their columns swapped`,
      'not-registered': (n, count) =>
        n === 1
          ? '1 e-mail belongs to no registered student'
          : `${count} e-mails belong to no registered student`,
      'in-none': (n, count) =>
        n === 1
          ? '1 student is in none of the chosen classes'
          : `${count} students are in none of the chosen classes`,
    },
    warning: (warning, typedName, date) => {
      switch (warning.kind) {
        case 'columns-swapped':
          return 'The e-mail was in another column of this line and was read from there: check the name.';
        case 'other-name':
          return `Already registered as ${warning.name}: enrolling does not change the name, which stays ${warning.name} (not ${typedName.trim()}).`;
        case 'expired':
          return `The expiry passed on ${date(warning.at)}: kept, the new enrolment starts out expired.`;
        case 'shortens':
          return `${warning.turma.name}: the current expiry is ${date(warning.current)}; the new one, ${date(warning.chosen)}, is earlier and replaces it.`;
        case 'limits':
          return `${warning.turma.name}: the enrolment has no expiry now; it will end on ${date(warning.chosen)}.`;
        case 'removes':
          return `${warning.turma.name}: the current expiry (${date(warning.current)}) will be taken off and the enrolment will not expire.`;
        case 'not-registered':
          return 'No registered student has this e-mail: there is nothing to remove.';
        case 'in-none':
          return 'Not in any of the chosen classes: nothing changes for this student.';
      }
    },
  },
});
