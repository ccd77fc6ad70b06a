import { defineMessages } from '../../i18n/define-messages';

export const usePagerMessages = defineMessages({
  'pt-BR': {
    firstPage: 'Primeira página',
    previousPage: 'Página anterior',
    nextPage: 'Próxima página',
    lastPage: 'Última página',
    pageOf: (page: string, pageCount: string): string => `Página ${page} de ${pageCount}`,
    range: (first: string, last: string, total: string): string => `${first}–${last} de ${total}`,
  },
  en: {
    firstPage: 'First page',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    lastPage: 'Last page',
    pageOf: (page, pageCount) => `Page ${page} of ${pageCount}`,
    range: (first, last, total) => `${first}–${last} of ${total}`,
  },
});
