import { defineMessages } from '../../i18n/define-messages';

/** How an enrolment's expiry reads wherever one is listed (a roster, a student's page). */
export const useExpiryStatusMessages = defineMessages({
  'pt-BR': {
    none: 'Sem validade',
    expired: 'Expirada',
    /** "hoje", "amanhã", "em 12 dias": Intl's relative time. */
    expires: (relativeDay: string): string => `Expira ${relativeDay}`,
  },
  en: {
    none: 'No expiry',
    expired: 'Expired',
    expires: (relativeDay) => `Expires ${relativeDay}`,
  },
});
