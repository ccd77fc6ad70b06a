import { defineMessages } from '../../i18n/define-messages';

/**
 * The words of the student suggestions (the removal form's and History's e-mail, the enrol
 * form's name).
 */
export const useStudentSuggestionMessages = defineMessages({
  'pt-BR': {
    label: 'Alunos encontrados',
    searching: 'Buscando alunos…',
    noMatch: 'Nenhum aluno encontrado com o que foi digitado.',
    found: (count: number, formattedCount: string): string =>
      count === 1 ? '1 aluno encontrado' : `${formattedCount} alunos encontrados`,
    showingFirst: (shown: string, total: string): string =>
      `Mostrando ${shown} de ${total}. Digite mais do nome ou do e-mail para refinar.`,
    failed: 'Não foi possível buscar alunos. Ainda dá para digitar o e-mail inteiro.',
    offline: 'Sem conexão com a internet. A busca continua assim que a conexão voltar.',
    emailHint: 'Digite o nome ou o e-mail do aluno: quem for encontrado aparece abaixo.',
  },
  en: {
    label: 'Students found',
    searching: 'Searching students…',
    noMatch: 'No student matches what was typed.',
    found: (count, formattedCount) =>
      count === 1 ? '1 student found' : `${formattedCount} students found`,
    showingFirst: (shown, total) =>
      `Showing ${shown} of ${total}. Type more of the name or e-mail to narrow it down.`,
    failed: 'Could not search the students. You can still type the whole e-mail.',
    offline: 'No internet connection. The search resumes as soon as the connection is back.',
    emailHint: "Type the student's name or e-mail: the students found appear below.",
  },
});
