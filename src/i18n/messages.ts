import { en } from './en';
import { ptBR } from './pt-br';

/** Every language has exactly these keys and message signatures; pt-BR is the reference. */
export type Messages = typeof ptBR;

export const LOCALES = ['pt-BR', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt-BR';

export const messagesByLocale: Record<Locale, Messages> = { 'pt-BR': ptBR, en };
