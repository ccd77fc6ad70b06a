import { defineMessages } from '../../i18n/define-messages';

const turmasPt = (count: number, formattedCount: string): string =>
  count === 1 ? '1 turma' : `${formattedCount} turmas`;
const classesEn = (count: number, formattedCount: string): string =>
  count === 1 ? '1 class' : `${formattedCount} classes`;

/** The enrol dialog's texts; they load with the dialog, not with the first screen. */
export const useEnrolmentMessages = defineMessages({
  'pt-BR': {
    title: 'Matricular aluno',
    intro: 'Se ainda não houver aluno com este e-mail, ele é criado.',
    turmasLabel: 'Turmas',
    nameLabel: 'Nome do aluno',
    emailLabel: 'E-mail do aluno',
    emailSentAs: (email: string): string => `Será enviado como ${email}`,
    errors: {
      nameRequired: 'Informe o nome do aluno.',
      nameTooLong: (max: string): string => `O nome pode ter no máximo ${max} caracteres.`,
      nameControlCharacters:
        'O nome tem caracteres que não são aceitos, como tabulações ou quebras de linha.',
      nameBidiControls:
        'O nome tem caracteres invisíveis que mudam a ordem em que o texto aparece. Digite-o de novo em vez de colar.',
      nameNoLetter: 'O nome precisa ter ao menos uma letra ou um algarismo.',
      emailRequired: 'Informe o e-mail do aluno.',
      emailInvalid: 'Informe um e-mail válido, como ana@escola.br.',
      emailTooLong: (max: string): string => `O e-mail pode ter no máximo ${max} caracteres.`,
      turmasRequired: 'Adicione ao menos uma turma.',
      turmasTooMany: (max: string): string =>
        `Cada matrícula aceita no máximo ${max} turmas. Tire algumas da lista.`,
      turmasRepeated: 'A mesma turma aparece mais de uma vez na lista.',
      turmaIdRefused: (name: string, max: string): string =>
        `A turma “${name}” tem um identificador que a API não aceita (vazio ou com mais de ${max} caracteres). Tire-a da lista.`,
      expiryRequired: 'Escolha a data de validade ou marque “Sem validade”.',
      expiryPast: 'A validade precisa ser uma data futura.',
      expiryInvalid: 'Escolha uma data de validade válida.',
    },
    // Only with the roster extension (docs/decisions/015): what the console knows of a student
    // whose e-mail is already there, before anything is sent.
    existing: {
      title: (name: string): string => `Aluno já cadastrado: ${name}`,
      nameDiffers: (typed: string, kept: string): string =>
        `Nome diferente do cadastro: foi digitado “${typed}”, mas o aluno se chama “${kept}”. A matrícula não muda o nome.`,
      turmas: (count: number, formattedCount: string): string =>
        count === 0
          ? 'Não está em nenhuma turma agora.'
          : count === 1
            ? 'Está em 1 turma:'
            : `Está em ${formattedCount} turmas:`,
      until: (date: string): string => `validade até ${date}`,
      noExpiry: 'sem validade',
      inThisForm: 'nesta matrícula',
      more: (formattedCount: string): string => `e mais ${formattedCount} turmas`,
      warningsLabel: 'Validades que mudam',
      shortens: (turma: string, current: string, chosen: string): string =>
        `${turma}: a validade atual vai até ${current}; a nova, ${chosen}, é mais curta e a substitui.`,
      limits: (turma: string, chosen: string): string =>
        `${turma}: hoje a matrícula não tem validade; passará a terminar em ${chosen}.`,
      removes: (turma: string, current: string): string =>
        `${turma}: a validade atual (${current}) será retirada e a matrícula ficará sem validade.`,
      announce: (name: string, warnings: number, renamed: boolean): string =>
        [
          `Aluno já cadastrado: ${name}.`,
          renamed ? 'O nome digitado é outro: fica o do cadastro.' : '',
          warnings === 0
            ? ''
            : warnings === 1
              ? '1 aviso sobre a validade.'
              : `${warnings} avisos sobre a validade.`,
        ]
          .filter(Boolean)
          .join(' '),
      inTurma: (expiry: string): string => `Já está nesta turma, ${expiry}`,
    },
    // Only with the roster extension: a new e-mail typed with the name of students already there.
    sameName: {
      title: 'É este aluno?',
      intro: (count: number, name: string): string =>
        count === 1
          ? `Já há um aluno com o nome ${name}, com outro e-mail. Se for ele, use o e-mail do cadastro: senão, a matrícula cria mais um aluno.`
          : `Já há ${count} alunos com o nome ${name}, com outro e-mail. Se for um deles, use o e-mail do cadastro: senão, a matrícula cria mais um aluno.`,
      listLabel: 'Alunos com este nome',
      turmas: (count: number, formattedCount: string): string =>
        count === 0
          ? 'Em nenhuma turma'
          : count === 1
            ? 'Em 1 turma'
            : `Em ${formattedCount} turmas`,
      use: 'Usar este e-mail',
      useLabel: (email: string): string => `Usar este e-mail: ${email}`,
      isNew: 'Não, é um aluno novo',
      answerFirst: 'Responda antes de matricular: é um destes alunos ou um aluno novo?',
      confirmedNew: 'Será criado um aluno novo com este e-mail.',
      announce: (count: number, name: string): string =>
        count === 1
          ? `É este aluno? 1 aluno já cadastrado com o nome ${name}.`
          : `É este aluno? ${count} alunos já cadastrados com o nome ${name}.`,
      picked: (name: string): string => `Preenchido com o cadastro de ${name}.`,
      undo: 'Voltar ao que foi digitado',
    },
    // No count without a turma: "Matricular em 0 turmas" reads as something that could be sent.
    submit: (count: number, formattedCount: string): string =>
      count === 0 ? 'Matricular' : `Matricular em ${turmasPt(count, formattedCount)}`,
    sending: 'Matriculando…',
    failure: {
      rejectedField: (problem: string): string => `O servidor recusou: ${problem}`,
      rejectedTitle: 'O servidor recusou a matrícula',
      unknownTurmas: (names: string): string =>
        `Não encontradas (podem ter sido excluídas): ${names}. Tire-as da lista e envie de novo.`,
      unknownTurmasUnnamed: (said: string): string =>
        `Alguma turma da lista não existe mais. Revise a lista e envie de novo. ${said}`.trim(),
      notSentTitle: 'A matrícula não foi feita',
      sessionTitle: 'Sua sessão expirou',
      session:
        'Entre novamente na janela que se abriu. O que você preencheu aqui foi mantido: depois, envie de novo.',
    },
    success: {
      title: 'Matrícula feita',
      enrolled: (name: string, count: number, formattedCount: string, names: string): string =>
        count === 1
          ? `Matrícula de ${name} feita em ${names}.`
          : `Matrícula de ${name} feita em ${turmasPt(count, formattedCount)}: ${names}.`,
      more: (formattedCount: string): string => `+${formattedCount}`,
      email: 'E-mail',
      expiresAt: 'Validade',
      noExpiry: 'Sem validade',
      enrolAnother: 'Matricular outro aluno',
      showAll: (formattedCount: string): string => `Ver as ${formattedCount} turmas`,
      allTurmas: 'Todas as turmas desta matrícula',
      dismiss: 'Fechar aviso',
    },
  },
  en: {
    title: 'Enrol a student',
    intro: 'If no student has this e-mail yet, one is created.',
    turmasLabel: 'Classes',
    nameLabel: 'Student name',
    emailLabel: 'Student e-mail',
    emailSentAs: (email: string): string => `Will be sent as ${email}`,
    errors: {
      nameRequired: 'Enter the student’s name.',
      nameTooLong: (max: string): string => `The name can be at most ${max} characters long.`,
      nameControlCharacters:
        'The name has characters that are not allowed, such as tabs or line breaks.',
      nameBidiControls:
        'The name has invisible characters that change the order the text is shown in. Type it again instead of pasting it.',
      nameNoLetter: 'The name needs at least one letter or digit.',
      emailRequired: 'Enter the student’s e-mail.',
      emailInvalid: 'Enter a valid e-mail, such as ana@school.org.',
      emailTooLong: (max: string): string => `The e-mail can be at most ${max} characters long.`,
      turmasRequired: 'Add at least one class.',
      turmasTooMany: (max: string): string =>
        `An enrolment takes at most ${max} classes. Take some off the list.`,
      turmasRepeated: 'The same class is on the list more than once.',
      turmaIdRefused: (name: string, max: string): string =>
        `The class “${name}” has an id the API does not accept (empty or over ${max} characters). Take it off the list.`,
      expiryRequired: 'Choose an expiry date or tick “No expiry”.',
      expiryPast: 'The expiry must be in the future.',
      expiryInvalid: 'Choose a valid expiry date.',
    },
    existing: {
      title: (name: string): string => `Existing student: ${name}`,
      nameDiffers: (typed: string, kept: string): string =>
        `Another name than on record: “${typed}” was typed, but the student is “${kept}”. Enrolling does not change the name.`,
      turmas: (count: number, formattedCount: string): string =>
        count === 0
          ? 'Not in any class now.'
          : count === 1
            ? 'In 1 class:'
            : `In ${formattedCount} classes:`,
      until: (date: string): string => `until ${date}`,
      noExpiry: 'no expiry',
      inThisForm: 'in this enrolment',
      more: (formattedCount: string): string => `and ${formattedCount} more classes`,
      warningsLabel: 'Expiries that change',
      shortens: (turma: string, current: string, chosen: string): string =>
        `${turma}: the current expiry is ${current}; the new one, ${chosen}, is earlier and replaces it.`,
      limits: (turma: string, chosen: string): string =>
        `${turma}: the enrolment has no expiry now; it will end on ${chosen}.`,
      removes: (turma: string, current: string): string =>
        `${turma}: the current expiry (${current}) will be taken off and the enrolment will not expire.`,
      announce: (name: string, warnings: number, renamed: boolean): string =>
        [
          `Existing student: ${name}.`,
          renamed ? 'The name typed is another: the one on record stays.' : '',
          warnings === 0
            ? ''
            : warnings === 1
              ? '1 warning about the expiry.'
              : `${warnings} warnings about the expiry.`,
        ]
          .filter(Boolean)
          .join(' '),
      inTurma: (expiry: string): string => `Already in this class, ${expiry}`,
    },
    sameName: {
      title: 'Is this the student?',
      intro: (count: number, name: string): string =>
        count === 1
          ? `There is already a student named ${name}, with another e-mail. If it is them, use the e-mail on record: otherwise the enrolment creates one more student.`
          : `There are already ${count} students named ${name}, with another e-mail. If it is one of them, use the e-mail on record: otherwise the enrolment creates one more student.`,
      listLabel: 'Students with this name',
      turmas: (count: number, formattedCount: string): string =>
        count === 0 ? 'In no class' : count === 1 ? 'In 1 class' : `In ${formattedCount} classes`,
      use: 'Use this e-mail',
      useLabel: (email: string): string => `Use this e-mail: ${email}`,
      isNew: 'No, a new student',
      answerFirst: 'Answer before enrolling: is it one of these students, or a new one?',
      confirmedNew: 'A new student will be created with this e-mail.',
      announce: (count: number, name: string): string =>
        count === 1
          ? `Is this the student? 1 student on record named ${name}.`
          : `Is this the student? ${count} students on record named ${name}.`,
      picked: (name: string): string => `Filled in from the record of ${name}.`,
      undo: 'Back to what was typed',
    },
    submit: (count: number, formattedCount: string): string =>
      count === 0 ? 'Enrol' : `Enrol in ${classesEn(count, formattedCount)}`,
    sending: 'Enrolling…',
    failure: {
      rejectedField: (problem: string): string => `The server refused it: ${problem}`,
      rejectedTitle: 'The server refused the enrolment',
      unknownTurmas: (names: string): string =>
        `Not found (they may have been deleted): ${names}. Take them off the list and send again.`,
      unknownTurmasUnnamed: (said: string): string =>
        `A class on the list no longer exists. Check the list and send again. ${said}`.trim(),
      notSentTitle: 'The student was not enrolled',
      sessionTitle: 'Your session has expired',
      session:
        'Sign in again in the window that opened. What you entered here has been kept: then send it again.',
    },
    success: {
      title: 'Student enrolled',
      enrolled: (name: string, count: number, formattedCount: string, names: string): string =>
        count === 1
          ? `${name} enrolled in ${names}.`
          : `${name} enrolled in ${classesEn(count, formattedCount)}: ${names}.`,
      more: (formattedCount: string): string => `+${formattedCount}`,
      email: 'E-mail',
      expiresAt: 'Expires',
      noExpiry: 'No expiry',
      enrolAnother: 'Enrol another student',
      showAll: (formattedCount: string): string => `See all ${formattedCount} classes`,
      allTurmas: 'Every class of this enrolment',
      dismiss: 'Dismiss',
    },
  },
});

export type EnrolmentMessages = ReturnType<typeof useEnrolmentMessages>;
