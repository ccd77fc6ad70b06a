// The rules no path through the form reaches (the picker never lists a turma twice, the date
// picker is never empty), and the conversions the form relies on, at the schema itself.
process.env.TZ = 'America/Sao_Paulo';

import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import type { Locale } from '../../i18n/messages';
import {
  createEnrolFormSchema,
  hasUnsentChanges,
  initialEnrolValues,
  type EnrolFormValues,
} from './enrolment-schema';
import { useEnrolmentMessages } from './messages';

const NOW = new Date('2026-03-10T15:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

function schemaIn(locale: Locale) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider locale={locale}>{children}</I18nProvider>
  );
  const { result } = renderHook(() => useEnrolmentMessages(), { wrapper });
  return createEnrolFormSchema(result.current, locale);
}

const valid: EnrolFormValues = {
  classes: [
    { id: 'c1', name: 'Matemática 9º A' },
    { id: 'c2', name: 'Física 1º B' },
  ],
  name: '  Ana Souza ',
  email: ' Ana@Escola.BR ',
  expiry: { noExpiry: false, at: '2026-12-31 23:59:00' },
};

/** Field path → message, as the resolver hands them to the form. */
function messages(values: EnrolFormValues, locale: Locale = 'pt-BR') {
  const result = schemaIn(locale).safeParse(values);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('the enrol form schema', () => {
  it('gives the many-turmas body, normalised as the contract sends it', () => {
    expect(schemaIn('pt-BR').parse(valid)).toEqual({
      name: 'Ana Souza',
      email: 'ana@escola.br',
      classes: [{ id: 'c1' }, { id: 'c2' }],
      expirationDate: '2027-01-01T02:59:00.000Z',
    });
  });

  it('leaves expirationDate out for no expiry, whatever the picker holds', () => {
    const body = schemaIn('pt-BR').parse({ ...valid, expiry: { noExpiry: true, at: null } });
    expect(body).not.toHaveProperty('expirationDate');
  });

  it('says every rule in the person’s language, on the field it is about', () => {
    expect(messages({ ...valid, classes: [valid.classes[0]!, valid.classes[0]!] })).toEqual({
      classes: 'A mesma turma aparece mais de uma vez na lista.',
    });
    expect(messages({ ...valid, expiry: { noExpiry: false, at: null } })).toEqual({
      'expiry.at': 'Escolha a data de validade ou marque “Sem validade”.',
    });
    expect(messages({ ...valid, expiry: { noExpiry: false, at: 'amanhã' } })).toEqual({
      'expiry.at': 'Escolha uma data de validade válida.',
    });
    // The contract's own rule, stored as UTC: 31 December 9999, 23:59 in São Paulo is already
    // the year 10000 there.
    expect(messages({ ...valid, expiry: { noExpiry: false, at: '9999-12-31 23:59:00' } })).toEqual({
      'expiry.at': 'Escolha uma data de validade válida.',
    });
    expect(messages({ ...valid, expiry: { noExpiry: false, at: '2026-03-10 11:59:00' } })).toEqual({
      'expiry.at': 'A validade precisa ser uma data futura.',
    });
    expect(messages({ ...valid, name: 'Aluno \u202Egnp.exe\u202C' })).toEqual({
      name: 'O nome tem caracteres invisíveis que mudam a ordem em que o texto aparece. Digite-o de novo em vez de colar.',
    });
    expect(messages({ ...valid, name: '\u200B' }, 'en')).toEqual({
      name: 'The name needs at least one letter or digit.',
    });
    expect(messages({ ...valid, classes: [], name: '', email: '' }, 'en')).toEqual({
      classes: 'Add at least one class.',
      name: 'Enter the student’s name.',
      email: 'Enter the student’s e-mail.',
    });
  });

  it('points at a character of the e-mail nobody can see, pasted from a page or a spreadsheet', () => {
    expect(messages({ ...valid, email: 'ana\u200B@escola.br' })).toEqual({
      email:
        'O e-mail tem um caractere invisível, espaço de largura zero [U+200B]: ana[U+200B]@escola.br. Apague-o ou digite o e-mail em vez de colar.',
    });
    expect(messages({ ...valid, email: ' ana\u00A0souza@esco\u00ADla.br\u200B' }, 'en')).toEqual({
      email:
        'The e-mail has 3 invisible characters, no-break space [U+00A0], soft hyphen [U+00AD], and zero-width space [U+200B]: ana[U+00A0]souza@esco[U+00AD]la.br[U+200B]. Delete them, or type the e-mail instead of pasting it.',
    });
    // What the contract trims off (a no-break space, a byte order mark at either end) is no
    // reason: the address is sent as it shows.
    const trimmed = schemaIn('pt-BR').parse({ ...valid, email: '\uFEFFAna@Escola.BR\u00A0' });
    expect(trimmed.email).toBe('ana@escola.br');
    // Nothing invisible: the usual words.
    expect(messages({ ...valid, email: 'ana@' })).toEqual({
      email: 'Informe um e-mail válido, como ana@escola.br.',
    });
  });
});

describe('the form’s starting point and what counts as typed', () => {
  it('starts with each turma once and the end of the school year', () => {
    const turma = { id: 'c1', name: 'Matemática 9º A' };
    expect(initialEnrolValues([turma, turma], NOW)).toEqual({
      classes: [turma],
      name: '',
      email: '',
      expiry: { noExpiry: false, at: '2026-12-31 23:59:00' },
    });
  });

  it('counts anything typed or changed, and blanks as nothing', () => {
    const start = initialEnrolValues(valid.classes, NOW);
    expect(hasUnsentChanges({ ...start, name: '   ' }, start)).toBe(false);
    expect(hasUnsentChanges({ ...start, email: 'a' }, start)).toBe(true);
    expect(hasUnsentChanges({ ...start, classes: start.classes.slice(1) }, start)).toBe(true);
    expect(hasUnsentChanges({ ...start, expiry: { noExpiry: true, at: null } }, start)).toBe(true);
  });
});
