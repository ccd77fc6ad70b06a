import { defineMessages } from '../../i18n/define-messages';

/** What every form dialog says the same way; each form words its own title, fields and outcome. */
export const useFormDialogMessages = defineMessages({
  'pt-BR': {
    close: 'Fechar',
    cancel: 'Cancelar',
    retry: 'Tentar novamente',
    discard: {
      question: 'Descartar o que você preencheu?',
      keepEditing: 'Continuar editando',
      confirm: 'Descartar',
    },
  },
  en: {
    close: 'Close',
    cancel: 'Cancel',
    retry: 'Try again',
    discard: {
      question: 'Discard what you have entered?',
      keepEditing: 'Keep editing',
      confirm: 'Discard',
    },
  },
});
