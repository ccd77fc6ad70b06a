import { REMOVAL_SPLIT_WORDS } from '../../components/removal-outcome/removal-split-text';
import { defineMessages } from '../../i18n/define-messages';

/**
 * The removal dialog's words. The e-mail appears as typed by staff, lower-cased as the API keeps
 * it; turma names are joined by `formatNames` in the interface's language.
 */
export const useRemovalMessages = defineMessages({
  'pt-BR': {
    title: 'Remover aluno de turmas',
    emailLabel: 'E-mail do aluno',
    turmasLabel: (count: number, formattedCount: string): string =>
      count === 0
        ? 'Nenhuma turma escolhida'
        : count === 1
          ? 'Remover de 1 turma'
          : `Remover de ${formattedCount} turmas`,
    warning:
      'Não é possível desfazer esta remoção. Para o aluno voltar a estas turmas, será preciso matriculá-lo de novo.',
    // Where the server keeps an audit trail (decision 019): the typed confirmation stays.
    warningUndoable:
      'Remover tira o aluno destas turmas agora. A remoção pode ser desfeita no Histórico, com a validade e a data de matrícula de antes, enquanto o servidor guardar o registro (o período de retenção).',
    confirmationLabel: 'Para confirmar, digite o e-mail do aluno novamente',
    // The three texts below take turns in one live region under the confirmation field.
    confirmationHint: 'O botão Remover aluno é liberado quando os dois e-mails forem iguais.',
    confirmationMismatch:
      'O que foi digitado aqui não é igual ao e-mail do aluno. Confira os dois campos.',
    confirmationMatch: 'Os dois e-mails são iguais.',
    // Only with the roster extension (docs/decisions/015): the e-mail field suggests students.
    // The list's own words are the shared field's (components/student-suggestions).
    suggestions: {
      inChosen: (inCount: number, chosenCount: number, formattedIn: string): string =>
        chosenCount === 1
          ? inCount === 1
            ? 'Está na turma escolhida'
            : 'Não está na turma escolhida'
          : inCount === 0
            ? 'Não está em nenhuma das turmas escolhidas'
            : `Está em ${formattedIn} das turmas escolhidas`,
    },
    membership: {
      summary: (name: string, inCount: number, chosenCount: number, formattedIn: string): string =>
        chosenCount === 1
          ? inCount === 1
            ? `${name} está na turma escolhida.`
            : `${name} não está na turma escolhida: a remoção não muda nada.`
          : inCount === 0
            ? `${name} não está em nenhuma das turmas escolhidas: a remoção não muda nada.`
            : inCount === chosenCount
              ? `${name} está em todas as turmas escolhidas.`
              : `${name} está em ${formattedIn} das turmas escolhidas; as outras estão marcadas na lista.`,
      named: (name: string): string => `Aluno: ${name}.`,
      noStudent: 'Nenhum aluno tem este e-mail.',
      inTurma: 'Está nesta turma',
      inTurmaUntil: (date: string): string => `Está nesta turma, com validade até ${date}`,
      notInTurma: 'Não está nesta turma: nada muda nela',
    },
    submit: 'Remover aluno',
    validation: {
      emailRequired: 'Informe o e-mail do aluno.',
      emailInvalid: 'Informe um e-mail válido, como ana.souza@escola.com.br.',
      emailTooLong: (max: string): string => `O e-mail pode ter no máximo ${max} caracteres.`,
      turmasRequired: 'Escolha pelo menos uma turma.',
      turmasTooMany: (max: string, excess: string): string =>
        `Cada remoção aceita no máximo ${max} turmas. Tire ${excess} da lista.`,
      turmasRepeated: 'Uma turma aparece mais de uma vez na lista.',
      turmaIdRefused: (name: string, max: string): string =>
        `A turma “${name}” tem um identificador que a API não aceita (vazio ou com mais de ${max} caracteres). Tire-a da lista.`,
      unknownTurmas: (count: number, names: string): string =>
        count === 1
          ? `A turma ${names} não existe mais no servidor. Tire-a da lista para continuar.`
          : `As turmas ${names} não existem mais no servidor. Tire-as da lista para continuar.`,
      confirmationMismatch: 'A confirmação não é igual ao e-mail do aluno.',
    },
    outcome: {
      // Not "Aluno removido": the API answers the same whether or not the student was in each
      // turma, so what is certain is where they are not now.
      // `who`: the student's name when the console knows it, else their e-mail.
      removedTitle: (who: string, count: number, formattedCount: string): string =>
        count === 1
          ? `${who} não está mais em 1 turma`
          : `${who} não está mais em ${formattedCount} turmas`,
      // With the roster extension the console knows, just before sending, which of the turmas
      // the student was in: then it says so per turma, and "saiu" only where they were.
      leftTitle: (who: string, count: number, formattedCount: string): string =>
        count === 1 ? `${who} saiu de 1 turma` : `${who} saiu de ${formattedCount} turmas`,
      wasInNoneTitle: (who: string): string => `${who} não estava em nenhuma destas turmas`,
      // Saiu de / Não estava em / Não está mais em: the bulk removal's lines say them too.
      ...REMOVAL_SPLIT_WORDS['pt-BR'],
      removedTurmas: (names: string): string => `${names}.`,
      email: 'E-mail',
      dismiss: 'Fechar aviso',
      studentNotFound: 'Nenhum aluno com este e-mail. Nada foi alterado.',
      unknownOutcomeTitle: 'Não sabemos se o aluno foi removido',
      unknownOutcome:
        'A remoção pode ter sido feita ou não. Tentar de novo é seguro: nas turmas de que o aluno já saiu, nada muda.',
      sessionExpiredTitle: 'Sua sessão expirou',
      sessionExpired:
        'Nada foi removido. Entre novamente e clique em Remover aluno outra vez: o que você preencheu foi mantido.',
      rejectedTitle: 'A remoção não foi feita',
      nothingChanged: 'Nada foi alterado.',
    },
  },
  en: {
    title: 'Remove a student from classes',
    emailLabel: "Student's e-mail",
    turmasLabel: (count, formattedCount) =>
      count === 0
        ? 'No classes chosen'
        : count === 1
          ? 'Remove from 1 class'
          : `Remove from ${formattedCount} classes`,
    warning:
      'This removal cannot be undone. For the student to be back in these classes, they will have to be enrolled again.',
    warningUndoable:
      'Removing takes the student out of these classes now. The removal can be undone from History, with the expiry and enrolment date as they were, for as long as the server keeps its record (the retention period).',
    confirmationLabel: "To confirm, type the student's e-mail again",
    confirmationHint: 'The Remove student button becomes available once both e-mails are the same.',
    confirmationMismatch: "What is typed here is not the student's e-mail. Check both fields.",
    confirmationMatch: 'Both e-mails are the same.',
    suggestions: {
      inChosen: (inCount, chosenCount, formattedIn) =>
        chosenCount === 1
          ? inCount === 1
            ? 'In the chosen class'
            : 'Not in the chosen class'
          : inCount === 0
            ? 'In none of the chosen classes'
            : `In ${formattedIn} of the chosen classes`,
    },
    membership: {
      summary: (name, inCount, chosenCount, formattedIn) =>
        chosenCount === 1
          ? inCount === 1
            ? `${name} is in the chosen class.`
            : `${name} is not in the chosen class: removing changes nothing.`
          : inCount === 0
            ? `${name} is in none of the chosen classes: removing changes nothing.`
            : inCount === chosenCount
              ? `${name} is in every chosen class.`
              : `${name} is in ${formattedIn} of the chosen classes; the others are marked in the list.`,
      named: (name) => `Student: ${name}.`,
      noStudent: 'No student has this e-mail.',
      inTurma: 'In this class',
      inTurmaUntil: (date) => `In this class, until ${date}`,
      notInTurma: 'Not in this class: nothing changes there',
    },
    submit: 'Remove student',
    validation: {
      emailRequired: "Enter the student's e-mail.",
      emailInvalid: 'Enter a valid e-mail, such as ana.souza@school.edu.',
      emailTooLong: (max) => `The e-mail can be at most ${max} characters long.`,
      turmasRequired: 'Choose at least one class.',
      turmasTooMany: (max, excess) =>
        `Each removal takes at most ${max} classes. Take ${excess} off the list.`,
      turmasRepeated: 'A class appears more than once in the list.',
      turmaIdRefused: (name, max) =>
        `The class “${name}” has an id the API does not accept (empty or over ${max} characters). Take it off the list.`,
      unknownTurmas: (count, names) =>
        count === 1
          ? `The class ${names} no longer exists on the server. Take it off the list to continue.`
          : `The classes ${names} no longer exist on the server. Take them off the list to continue.`,
      confirmationMismatch: "The confirmation is not the student's e-mail.",
    },
    outcome: {
      removedTitle: (email, count, formattedCount) =>
        count === 1
          ? `${email} is no longer in 1 class`
          : `${email} is no longer in ${formattedCount} classes`,
      leftTitle: (email, count, formattedCount) =>
        count === 1
          ? `${email} was removed from 1 class`
          : `${email} was removed from ${formattedCount} classes`,
      wasInNoneTitle: (email) => `${email} was not in any of these classes`,
      ...REMOVAL_SPLIT_WORDS.en,
      removedTurmas: (names) => `${names}.`,
      email: 'E-mail',
      dismiss: 'Dismiss',
      studentNotFound: 'No student has this e-mail. Nothing was changed.',
      unknownOutcomeTitle: 'We do not know whether the student was removed',
      unknownOutcome:
        'The removal may or may not have happened. Trying again is safe: classes the student has already left stay as they are.',
      sessionExpiredTitle: 'Your session has expired',
      sessionExpired:
        'Nothing was removed. Sign in again, then press Remove student once more: what you entered has been kept.',
      rejectedTitle: 'The removal was not made',
      nothingChanged: 'Nothing was changed.',
    },
  },
});

export type RemovalMessages = ReturnType<typeof useRemovalMessages>;
