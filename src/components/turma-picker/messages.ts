import { defineMessages } from '../../i18n/define-messages';

export const useTurmaPickerMessages = defineMessages({
  'pt-BR': {
    remove: (name: string): string => `Tirar ${name} da lista`,
  },
  en: {
    remove: (name: string): string => `Take ${name} off the list`,
  },
});
