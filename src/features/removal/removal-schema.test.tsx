import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import type { Locale } from '../../i18n/messages';
import { manyTurmas } from '../../testing/sample-classes';
import { useRemovalMessages } from './messages';
import { createRemovalSchema, type RemovalFormValues } from './removal-schema';

function schemaFor(locale: Locale, unknownTurmaIds: ReadonlySet<string> = new Set()) {
  const { result } = renderHook(() => useRemovalMessages(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <I18nProvider locale={locale}>{children}</I18nProvider>
    ),
  });
  return createRemovalSchema(result.current, locale, unknownTurmaIds);
}

const EMAIL = 'ana.souza@escola.com.br';
const TURMAS = manyTurmas(3).map(({ id, name }) => ({ id, name }));

/** Each field's first message, as the form shows them. */
function problems(values: Partial<RemovalFormValues>, schema = schemaFor('pt-BR')) {
  const result = schema.safeParse({
    email: EMAIL,
    turmas: TURMAS,
    confirmation: EMAIL,
    ...values,
  });
  if (result.success) return {};
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) byField[String(issue.path[0])] ??= issue.message;
  return byField;
}

describe('createRemovalSchema', () => {
  it('gives what the API takes: the e-mail as the contract normalises it, and the turmas', () => {
    const result = schemaFor('pt-BR').parse({
      email: ' Ana.Souza@Escola.com.br ',
      turmas: TURMAS,
      confirmation: EMAIL.toUpperCase(),
    });
    expect(result).toEqual({ email: EMAIL, turmas: TURMAS, confirmation: EMAIL.toUpperCase() });
  });

  it("words the contract's e-mail rules for staff", () => {
    expect(problems({ email: '  ', confirmation: '' })).toEqual({
      email: 'Informe o e-mail do aluno.',
    });
    expect(problems({ email: 'ana@', confirmation: 'ana@' })).toEqual({
      email: 'Informe um e-mail válido, como ana.souza@escola.com.br.',
    });
    const long = `${'a'.repeat(250)}@escola.com.br`;
    expect(problems({ email: long, confirmation: long })).toEqual({
      email: 'O e-mail pode ter no máximo 254 caracteres.',
    });
  });

  it('points at a character of the e-mail nobody can see, in either language', () => {
    const pasted = 'ana.souza@escola\u200B.com.br';
    expect(problems({ email: pasted, confirmation: pasted })).toEqual({
      email:
        'O e-mail tem um caractere invisível, espaço de largura zero [U+200B]: ana.souza@escola[U+200B].com.br. Apague-o ou digite o e-mail em vez de colar.',
    });
    expect(problems({ email: pasted, confirmation: pasted }, schemaFor('en'))).toEqual({
      email:
        'The e-mail has an invisible character, a zero-width space [U+200B]: ana.souza@escola[U+200B].com.br. Delete it, or type the e-mail instead of pasting it.',
    });
  });

  it("words the contract's turma rules: one at least, a hundred at most, none twice", () => {
    expect(problems({ turmas: [] })).toEqual({ turmas: 'Escolha pelo menos uma turma.' });
    expect(problems({ turmas: manyTurmas(102) })).toEqual({
      turmas: 'Cada remoção aceita no máximo 100 turmas. Tire 2 da lista.',
    });
    expect(problems({ turmas: [TURMAS[0]!, TURMAS[0]!] })).toEqual({
      turmas: 'Uma turma aparece mais de uma vez na lista.',
    });
  });

  it('names the real reason for an id it cannot send, and keeps ids exactly as they are', () => {
    const long = { id: 'x'.repeat(101), name: 'Turma do Id Longo' };
    expect(problems({ turmas: [long, TURMAS[0]!] })).toEqual({
      turmas:
        'A turma “Turma do Id Longo” tem um identificador que a API não aceita (vazio ou com mais de 100 caracteres). Tire-a da lista.',
    });
    const padded = { id: ' padded ', name: 'Turma Acolchoada' };
    expect(problems({ turmas: [padded] })).toEqual({});
  });

  it('refuses turmas the server said no longer exist, naming them', () => {
    const schema = schemaFor('pt-BR', new Set([TURMAS[0]!.id, TURMAS[2]!.id]));
    expect(problems({}, schema)).toEqual({
      turmas: `As turmas ${TURMAS[0]!.name} e ${TURMAS[2]!.name} não existem mais no servidor. Tire-as da lista para continuar.`,
    });
    expect(problems({ turmas: [TURMAS[1]!] }, schema)).toEqual({});
  });

  it('needs the confirmation to be the same e-mail', () => {
    expect(problems({ confirmation: `${EMAIL}x` })).toEqual({
      confirmation: 'A confirmação não é igual ao e-mail do aluno.',
    });
  });

  it('speaks English', () => {
    expect(problems({ email: '', turmas: [], confirmation: '' }, schemaFor('en'))).toEqual({
      email: "Enter the student's e-mail.",
      turmas: 'Choose at least one class.',
    });
  });
});
