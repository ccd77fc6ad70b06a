import type { Locale } from '../../i18n/messages';

interface InvisibleInEmailWords {
  /** The characters a paste brings most, by code point. */
  known: Readonly<Record<number, string>>;
  /** Any other: a space that is not the plain one, a control character, a format character. */
  space: string;
  control: string;
  format: string;
  /**
   * `names`: each kind found, with its code as the address shows it ("espaço de largura zero
   * [U+200B]"); `shown`: the address with each one written out where it is.
   */
  message: (count: number, formattedCount: string, names: string, shown: string) => string;
}

/**
 * Why an e-mail is refused when what is wrong cannot be seen: the one message of every e-mail
 * field (enrol, remove, a bulk list's lines), in both languages. Plain data rather than a hook:
 * the forms' schemas and a list's review ask for it with the locale they already have.
 */
export const INVISIBLE_IN_EMAIL_WORDS: Record<Locale, InvisibleInEmailWords> = {
  'pt-BR': {
    known: {
      0x0009: 'tabulação',
      0x00a0: 'espaço não separável',
      0x00ad: 'hífen condicional',
      0x200b: 'espaço de largura zero',
      0x200c: 'não-unidor de largura zero',
      0x200d: 'unidor de largura zero',
      0x200e: 'marca de texto da esquerda para a direita',
      0x200f: 'marca de texto da direita para a esquerda',
      0x202f: 'espaço estreito não separável',
      0x2060: 'unidor de palavras',
      0xfeff: 'marca de ordem de bytes',
    },
    space: 'espaço especial',
    control: 'caractere de controle',
    format: 'caractere de formatação',
    message: (count, formattedCount, names, shown) =>
      count === 1
        ? `O e-mail tem um caractere invisível, ${names}: ${shown}. Apague-o ou digite o e-mail em vez de colar.`
        : `O e-mail tem ${formattedCount} caracteres invisíveis, ${names}: ${shown}. Apague-os ou digite o e-mail em vez de colar.`,
  },
  en: {
    known: {
      0x0009: 'tab',
      0x00a0: 'no-break space',
      0x00ad: 'soft hyphen',
      0x200b: 'zero-width space',
      0x200c: 'zero-width non-joiner',
      0x200d: 'zero-width joiner',
      0x200e: 'left-to-right mark',
      0x200f: 'right-to-left mark',
      0x202f: 'narrow no-break space',
      0x2060: 'word joiner',
      0xfeff: 'byte order mark',
    },
    space: 'special space',
    control: 'control character',
    format: 'formatting character',
    message: (count, formattedCount, names, shown) =>
      count === 1
        ? `The e-mail has an invisible character, a ${names}: ${shown}. Delete it, or type the e-mail instead of pasting it.`
        : `The e-mail has ${formattedCount} invisible characters, ${names}: ${shown}. Delete them, or type the e-mail instead of pasting it.`,
  },
};
