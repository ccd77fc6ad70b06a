import { useLocale } from './i18n-context';
import type { Locale } from './messages';

/**
 * Messages that belong to one lazily loaded part of the console (a dialog, the bulk runner),
 * kept beside its code so they load with it instead of with the first screen. pt-BR is the
 * reference shape, as in `messages.ts`: English must have the same keys and signatures.
 *
 *     export const useEnrolmentMessages = defineMessages({ 'pt-BR': {...}, en: {...} });
 */
export function defineMessages<M>(byLocale: { 'pt-BR': M } & Record<Locale, NoInfer<M>>) {
  return function useFeatureMessages(): M {
    return byLocale[useLocale()];
  };
}
