// Expiries are instants of the browser's time zone: fix it, as the other bulk tests do.
process.env.TZ = 'America/Sao_Paulo';

import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../i18n/messages';
import { createTestApiClient } from '../../../testing/api-client';
import { installReferenceApi } from '../../../testing/msw/reference-api';
import { render } from '../../../testing/render';
import { aTurma } from '../../../testing/sample-classes';
import { BulkDialog } from '../bulk-dialog';

const MATEMATICA = aTurma({ id: 't1', name: 'Matemática 9º A', countStudents: 0 });

// jsdom has no FontFaceSet, and Mantine's autosizing Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}

function setup(locale: Locale) {
  installReferenceApi({ turmas: [MATEMATICA] });
  return render(
    <BulkDialog
      api={createTestApiClient()}
      opened
      turmas={[{ id: MATEMATICA.id, name: MATEMATICA.name }]}
      onClose={() => {}}
      onUnauthorized={() => {}}
      signedIn
    />,
    { locale },
  );
}

async function review(user: UserEvent, words: { paste: string; review: string; back: string }) {
  await user.click(screen.getByRole('textbox', { name: words.paste }));
  await user.paste(
    [
      'nome;e-mail',
      'Ana Souza;ana.souza\u200B@escola.com.br',
      'Bruno Lima;bruno.lima@escola\u00A0.com.br',
      'Carla Dias;carla.dias@escola',
      'Davi Reis;davi.reis@escola.com.br',
    ].join('\n'),
  );
  await user.click(screen.getByRole('button', { name: words.review }));
  await screen.findByRole('button', { name: words.back });
}

const line = (name: string) => within(screen.getByRole('dialog')).getByRole('group', { name });

describe('Bulk review: an e-mail with a character nobody can see', () => {
  it('says which character and where, as the forms do; fixed in place, the line is ready', async () => {
    const { user } = setup('pt-BR');
    await review(user, {
      paste: 'Cole a lista de alunos',
      review: 'Revisar a lista',
      back: 'Voltar',
    });

    expect(line('Linha 2')).toHaveTextContent(
      'O e-mail tem um caractere invisível, espaço de largura zero [U+200B]: ana.souza[U+200B]@escola.com.br. Apague-o ou digite o e-mail em vez de colar.',
    );
    expect(line('Linha 3')).toHaveTextContent(
      'O e-mail tem um caractere invisível, espaço não separável [U+00A0]: bruno.lima@escola[U+00A0].com.br.',
    );
    // Nothing invisible in it: the list's own words.
    expect(line('Linha 4')).toHaveTextContent('E-mail inválido.');
    const email = within(line('Linha 2')).getByRole('textbox', { name: 'E-mail da linha 2' });
    // The field keeps what was pasted: nothing is taken out without a word.
    expect(email).toHaveValue('ana.souza\u200B@escola.com.br');
    expect(email).toHaveAccessibleDescription(/caractere invisível/);

    await user.clear(email);
    await user.paste('ana.souza@escola.com.br');
    expect(line('Linha 2')).toHaveTextContent('Pronta para enviar');
  });

  it('says it again in the results of the run that left the line out', async () => {
    const { user } = setup('pt-BR');
    await review(user, {
      paste: 'Cole a lista de alunos',
      review: 'Revisar a lista',
      back: 'Voltar',
    });
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: /^Matricular 1 aluno/ }),
    );
    const table = await screen.findByRole('table', { name: 'Resultado por linha' });
    const detail = (lineNumber: number) => {
      const row = within(table)
        .getAllByRole('row')
        .find((each) => within(each).queryByRole('rowheader', { name: String(lineNumber) }));
      return row && within(row).getAllByRole('cell')[3]?.textContent;
    };
    expect(detail(2)).toBe(
      'O e-mail tem um caractere invisível, espaço de largura zero [U+200B]: ana.souza[U+200B]@escola.com.br. Apague-o ou digite o e-mail em vez de colar.',
    );
    expect(detail(4)).toBe('E-mail inválido.');
  });

  it('in English too', async () => {
    const { user } = setup('en');
    await review(user, {
      paste: 'Paste the list of students',
      review: 'Review the list',
      back: 'Back',
    });
    expect(line('Line 2')).toHaveTextContent(
      'The e-mail has an invisible character, a zero-width space [U+200B]: ana.souza[U+200B]@escola.com.br. Delete it, or type the e-mail instead of pasting it.',
    );
  });
});
