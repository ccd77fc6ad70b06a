/**
 * The list going in: files in the encodings spreadsheets save, and a pasted list read when the
 * parser's worker cannot be loaded (offline).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../i18n/messages';
import { createTestApiClient } from '../../testing/api-client';
import { installReferenceApi } from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';
import { BulkDialog } from './bulk-dialog';

const MATEMATICA = aTurma({ id: 't1', name: 'Matemática 9º A', countStudents: 0 });

// jsdom has no FontFaceSet, and Mantine's autosizing Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(locale: Locale = 'pt-BR') {
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

const dialog = () => screen.getByRole('dialog');

/** A worker whose script cannot be fetched, as when the page is offline: it only fails. */
class UnloadableWorker extends EventTarget {
  constructor() {
    super();
    setTimeout(() => this.dispatchEvent(new Event('error', { cancelable: true })));
  }
  postMessage() {
    throw new Error('a worker that did not load takes no message');
  }
  terminate() {}
}

describe('Bulk input: files as spreadsheets save them', () => {
  const text =
    'Nome;E-mail\r\nJoão Conceição;joao@escola.com.br\r\nAna Gonçalves;ana@escola.com.br\r\n';
  const windows1252 = Uint8Array.from(text, (char) => char.charCodeAt(0));
  const utf16le = new Uint8Array(2 * (text.length + 1));
  new DataView(utf16le.buffer).setUint16(0, 0xfeff, true);
  Array.from(text).forEach((char, index) =>
    new DataView(utf16le.buffer).setUint16(2 * (index + 1), char.charCodeAt(0), true),
  );

  it.each([
    ['windows-1252 behind a UTF-8 byte-order mark', [0xef, 0xbb, 0xbf, ...windows1252]],
    ['UTF-16 (Excel’s “Unicode text”)', [...utf16le]],
  ])('reads every name and e-mail of a file in %s', async (_, bytes) => {
    const { user } = setup();
    const file = new File([Uint8Array.from(bytes)], 'alunos.csv', { type: 'text/csv' });
    await user.upload(
      within(dialog()).getByLabelText('Escolher arquivo CSV', { selector: 'input' }),
      file,
    );

    expect(
      await within(dialog()).findByText(/^2 alunos prontos para enviar · 0 linhas com problema/),
    ).toBeInTheDocument();
    expect(within(dialog()).getByText('João Conceição')).toBeInTheDocument();
    expect(within(dialog()).getByText('Ana Gonçalves')).toBeInTheDocument();
  });
});

describe('Bulk input: the parser’s worker cannot be loaded', () => {
  it.each([
    ['pt-BR', 'Cole a lista de alunos', 'Revisar a lista', /^2 alunos prontos para enviar/],
    ['en', 'Paste the list of students', 'Review the list', /^2 students ready to send/],
  ] as const)('reads a pasted list all the same (%s)', async (locale, field, next, ready) => {
    vi.stubGlobal('Worker', UnloadableWorker);
    const { user } = setup(locale);
    await user.click(screen.getByRole('textbox', { name: field }));
    await user.paste('Silva, Ana;ana@escola.com.br\nBia Souza;bia@escola.com.br');
    await user.click(screen.getByRole('button', { name: next }));

    expect(await within(dialog()).findByText(ready)).toBeInTheDocument();
  });

  it.each([
    [
      'pt-BR',
      'Cole a lista de alunos',
      'Revisar a lista',
      'Não foi possível carregar o leitor da lista. Confira a conexão e tente de novo.',
    ],
    [
      'en',
      'Paste the list of students',
      'Review the list',
      'The list reader could not be loaded. Check the connection and try again.',
    ],
  ] as const)(
    'says the reader could not be loaded where the page cannot load it either (%s)',
    async (locale, field, next, message) => {
      vi.stubGlobal('Worker', UnloadableWorker);
      vi.doMock('./parse/parse-input', () => {
        throw new TypeError('Failed to fetch dynamically imported module');
      });
      try {
        const { user } = setup(locale);
        await user.click(screen.getByRole('textbox', { name: field }));
        await user.paste('ana@escola.com.br');
        await user.click(screen.getByRole('button', { name: next }));

        // The field's error says why.
        await waitFor(() =>
          expect(screen.getByRole('textbox', { name: field })).toHaveAccessibleDescription(
            expect.stringContaining(message) as string,
          ),
        );
      } finally {
        vi.doUnmock('./parse/parse-input');
      }
    },
  );
});

describe('Bulk input: columns it does not use', () => {
  it.each([
    [
      'pt-BR',
      'Cole a lista de alunos',
      'Revisar a lista',
      [
        'A coluna “Observação” não foi usada: o título dela não é um dos conhecidos (Nome, E-mail, Validade).',
        'A coluna “Validade” não foi usada: a validade vem da coluna “Vencimento”.',
      ],
    ],
    [
      'en',
      'Paste the list of students',
      'Review the list',
      [
        'The column “Observação” was not used: its title is not one of those known (Name, E-mail, Expiry).',
        'The column “Validade” was not used: the expiry comes from the column “Vencimento”.',
      ],
    ],
  ] as const)('says each one in the review, once (%s)', async (locale, field, next, said) => {
    const { user } = setup(locale);
    await user.click(screen.getByRole('textbox', { name: field }));
    await user.paste(
      'Nome;E-mail;Vencimento;Observação;Validade\n' +
        'Ana Souza;ana@escola.com.br;30/06/2030;bolsista;31/12/2030\n' +
        'Bia Lima;bia@escola.com.br;30/06/2030;;31/12/2030',
    );
    await user.click(screen.getByRole('button', { name: next }));

    for (const sentence of said) {
      expect(await within(dialog()).findByText(sentence)).toBeVisible();
    }
  });
});

describe('Bulk input: the list reader', () => {
  /** A worker that only says when it is made: the reader's code would load from then on. */
  class RecordingWorker extends EventTarget {
    static made: RecordingWorker[] = [];
    constructor() {
      super();
      RecordingWorker.made.push(this);
    }
    postMessage() {}
    terminate() {}
  }

  // As if it failed: the page's reader starts again for the next test.
  afterEach(() => {
    for (const worker of RecordingWorker.made) worker.dispatchEvent(new Event('error'));
    RecordingWorker.made = [];
  });

  it('starts loading as the list is asked for, before anything is pasted', async () => {
    vi.stubGlobal('Worker', RecordingWorker);
    setup();
    expect(await screen.findByRole('textbox', { name: 'Cole a lista de alunos' })).toBeVisible();
    expect(RecordingWorker.made).toHaveLength(1);
  });
});
