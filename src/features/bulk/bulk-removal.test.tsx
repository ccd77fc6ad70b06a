/**
 * A bulk removal says what it did (issue 32, item 3): against the real reference API, each line
 * says which turmas the student left and which they were not in, an e-mail with no student says
 * so, the counts count only real removals, and the results file's detail says the same. Without
 * the students-by-email extension it says only what is sure.
 */
// Expiries in the results file are in the browser's time zone: fix it.
process.env.TZ = 'America/Sao_Paulo';

import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { classQueries } from '../../api/class-queries';
import type { ApiClient } from '../../api/client';
import type { Locale } from '../../i18n/messages';
import { createTestApiClient } from '../../testing/api-client';
import {
  installReferenceApi,
  type ReferenceApi,
  type SeededEnrolment,
} from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';
import { BulkDialog } from './bulk-dialog';
import { captureDownloads } from '../../testing/captured-downloads';

const MATEMATICA = aTurma({ id: 't1', name: 'Matemática 9º A', countStudents: 0 });
const FISICA = aTurma({ id: 't2', name: 'Física 1º B', countStudents: 0 });
const ARTES = aTurma({ id: 't3', name: 'Artes', countStudents: 0 });

const ANA = 'ana.souza@escola.com.br';
const BRUNO = 'bruno.lima@escola.com.br';
const CARLA = 'carla.dias@escola.com.br';
const ZECA = 'zeca@escola.com.br';

// jsdom has no FontFaceSet, and Mantine's autosizing Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}

/** The results file, as the browser would save it. */
let downloads: ReturnType<typeof captureDownloads>;
beforeEach(() => {
  downloads = captureDownloads();
});
afterEach(() => {
  downloads.restore();
});

/** The dialog over a page that has listed the turmas (which tells the console the extensions). */
function Page({ api }: { api: ApiClient }) {
  const list = useQuery(classQueries.list(api, {}));
  return (
    <>
      <p>{list.data ? 'Turmas carregadas' : 'Carregando'}</p>
      <BulkDialog
        api={api}
        opened
        turmas={[
          { id: MATEMATICA.id, name: MATEMATICA.name },
          { id: FISICA.id, name: FISICA.name },
        ]}
        onClose={() => {}}
        onUnauthorized={() => {}}
        signedIn
      />
    </>
  );
}

async function setup({
  enrolments = {},
  extensions = true,
  locale = 'pt-BR',
}: {
  enrolments?: Record<string, SeededEnrolment[]>;
  extensions?: boolean;
  locale?: Locale;
} = {}) {
  const backend = installReferenceApi({
    turmas: [MATEMATICA, FISICA, ARTES],
    enrolments,
    extensions,
  });
  const api = createTestApiClient();
  const view = render(<Page api={api} />, { locale });
  await screen.findByText('Turmas carregadas');
  return { ...view, api, backend };
}

/** Ana in both turmas, Bruno in Matemática only, Carla in neither (in Artes), Zeca nowhere. */
const SEEDED = { t1: [ANA, BRUNO], t2: [ANA], t3: [CARLA] };
const LIST = [ANA, BRUNO, CARLA, ZECA];

const dialog = () => screen.getByRole('dialog');
const lookups = (backend: ReferenceApi) =>
  backend.requests.filter((request) => request.pathname === '/v1/students/by-email');
const removals = (backend: ReferenceApi) =>
  backend.requests.filter((request) => request.method === 'DELETE');

const WORDS = {
  'pt-BR': {
    mode: 'Remover os alunos',
    paste: 'Cole a lista de alunos',
    review: 'Revisar a lista',
    back: 'Voltar',
    confirm: /^Para confirmar, digite quantos alunos/,
    start: /^Remover \d/,
    done: 'Envio concluído',
  },
  en: {
    mode: 'Remove the students',
    paste: 'Paste the list of students',
    review: 'Review the list',
    back: 'Back',
    confirm: /^To confirm, type how many students/,
    start: /^Remove \d/,
    done: 'Run complete',
  },
};

/** Pastes the e-mails one a line for a removal, and reviews them until the look-up is over. */
async function reviewRemoval(user: UserEvent, emails: readonly string[], locale: Locale) {
  const t = WORDS[locale];
  await user.click(screen.getByRole('radio', { name: t.mode }));
  await user.click(screen.getByRole('textbox', { name: t.paste }));
  await user.paste(emails.join('\n'));
  await user.click(screen.getByRole('button', { name: t.review }));
  await within(dialog()).findByRole('button', { name: t.back });
  await waitFor(() =>
    expect(
      within(dialog()).queryByText(/^(Verificando quais e-mails|Checking which e-mails)/),
    ).toBeNull(),
  );
}

/** Types the count of students to be removed, and runs the removal under review to its end. */
async function confirmAndRun(user: UserEvent, removing: number, locale: Locale) {
  const t = WORDS[locale];
  await user.type(within(dialog()).getByRole('textbox', { name: t.confirm }), String(removing));
  await user.click(within(dialog()).getByRole('button', { name: t.start }));
  await screen.findByRole('heading', { name: t.done }, { timeout: 5000 });
}

/**
 * Removes the e-mails, confirming `removing` students: those the review's look-up did not find
 * would remove no one.
 */
async function removeAll(
  user: UserEvent,
  emails: readonly string[],
  removing: number,
  locale: Locale = 'pt-BR',
) {
  await reviewRemoval(user, emails, locale);
  await confirmAndRun(user, removing, locale);
}

/** The counts the results show, term by term, as a reader hears them. */
function counts(): Record<string, string | undefined> {
  return Object.fromEntries(
    within(dialog())
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

/** Outcome and detail of each line of the results table, by line. */
function results(): Record<string, [string | null, string | null]> {
  const table = within(dialog()).getByRole('table', {
    name: /^(Resultado por linha|Outcome per line)$/,
  });
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => {
        const cells = within(row).getAllByRole('cell');
        return [
          within(row).getByRole('rowheader').textContent,
          [cells[2]!.textContent, cells[3]!.textContent],
        ];
      }),
  );
}

/** The results file's lines, by line number, each with its columns after the number. */
async function downloadedLines(
  user: UserEvent,
  button = 'Baixar resultados (CSV)',
): Promise<Record<string, string[]>> {
  await user.click(within(dialog()).getByRole('button', { name: button }));
  const text = (await downloads.saved.at(-1)!.blob.text()).replace(/^\uFEFF/, '');
  const lines = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  const header = lines.findIndex((row) => row[0] === 'Linha' || row[0] === 'Line');
  return Object.fromEntries(lines.slice(header + 1).map((row) => [row[0]!, row.slice(1)]));
}

/** The results file's lines, by line number: outcome and detail. */
async function downloadedResults(user: UserEvent): Promise<Record<string, string[]>> {
  const lines = await downloadedLines(user);
  return Object.fromEntries(Object.entries(lines).map(([line, row]) => [line, row.slice(-2)]));
}

describe('Bulk removal: what each line did', () => {
  it('says which turmas each student left and was not in, and counts only real removals', async () => {
    const { user, backend } = await setup({ enrolments: SEEDED });
    // Carla is in neither turma and Zeca is nobody: two students to remove, and all four sent.
    await removeAll(user, LIST, 2);

    expect(counts()).toEqual({
      Removidos: '2',
      'Não estava na(s) turma(s)': '1',
      'Não encontrado': '1',
    });
    expect(results()).toEqual({
      '1': ['Removido', 'Saiu de: Matemática 9º A e Física 1º B.'],
      '2': ['Removido', 'Saiu de: Matemática 9º A. Não estava em: Física 1º B (nada mudou).'],
      '3': [
        'Não estava na(s) turma(s)',
        'Não estava em: Matemática 9º A e Física 1º B (nada mudou).',
      ],
      '4': ['Não encontrado', 'Nenhum aluno tem este e-mail.'],
    });
    // The results file says the same of every line.
    expect(await downloadedResults(user)).toEqual({
      '1': ['Removido', 'Saiu de: Matemática 9º A e Física 1º B.'],
      '2': ['Removido', 'Saiu de: Matemática 9º A. Não estava em: Física 1º B (nada mudou).'],
      '3': [
        'Não estava na(s) turma(s)',
        'Não estava em: Matemática 9º A e Física 1º B (nada mudou).',
      ],
      '4': ['Não encontrado', 'Nenhum aluno tem este e-mail.'],
    });
    // The four students read in one request at review, and again just before the first
    // removal (what counts is the state the removal met); all four sent.
    expect(lookups(backend)).toHaveLength(2);
    expect(backend.requests.indexOf(lookups(backend)[1]!)).toBeLessThan(
      backend.requests.indexOf(removals(backend)[0]!),
    );
    expect(removals(backend)).toHaveLength(4);
    expect(backend.enrolments('t1')).toEqual([]);
    expect(backend.enrolments('t3')).toEqual([CARLA]);
  });

  it('separates its file as the language does, whatever the list did (review D3)', async () => {
    const header = async (user: UserEvent, button: string) => {
      await user.click(within(dialog()).getByRole('button', { name: button }));
      const text = await downloads.saved.at(-1)!.blob.text();
      return text.split('\r\n').find((line) => /^(Linha|Line)\b/.test(line));
    };
    // Addresses alone, one a line: no separator of their own, and a Portuguese file.
    const portuguese = await setup({ enrolments: SEEDED });
    await removeAll(portuguese.user, LIST, 2);
    expect(await header(portuguese.user, 'Baixar resultados (CSV)')).toMatch(
      /^Linha;Nome na lista;/,
    );
    portuguese.unmount();

    // A semicolon list, and an English file.
    const english = await setup({ enrolments: SEEDED, locale: 'en' });
    await removeAll(english.user, [`Ana Souza;${ANA}`, `Bruno Lima;${BRUNO}`], 2, 'en');
    expect(await header(english.user, 'Download results (CSV)')).toMatch(/^Line,Name on the list,/);
  });

  it('records in its file each student’s name and expiries as the run found them, to put them back', async () => {
    const END_OF_2026 = '2027-01-01T02:59:00.000Z';
    const JUNE_2027 = '2027-06-30T12:00:00.000Z';
    const { user } = await setup({
      enrolments: {
        t1: [
          { email: ANA, name: 'Ana Souza', expirationDate: END_OF_2026 },
          { email: BRUNO, name: 'Bruno Lima' },
        ],
        t2: [{ email: ANA, name: 'Ana Souza', expirationDate: JUNE_2027 }],
        t3: [{ email: CARLA, name: 'Carla Dias' }],
      },
    });
    await removeAll(user, LIST, 2);

    // Name on the list, on the platform, e-mail, expiry before (local, then ISO).
    const lines = await downloadedLines(user);
    expect(Object.values(lines).map((row) => row.slice(0, 5))).toEqual([
      [
        '',
        'Ana Souza',
        ANA,
        'Matemática 9º A: 31/12/2026, 23:59; Física 1º B: 30/06/2027, 09:00',
        `t1: ${END_OF_2026}; t2: ${JUNE_2027}`,
      ],
      [
        '',
        'Bruno Lima',
        BRUNO,
        'Matemática 9º A: Sem validade; Física 1º B: Não estava na turma',
        't1: -',
      ],
      ['', 'Carla Dias', CARLA, 'Não estava na turma', ''],
      // No student has the e-mail: nothing to put back.
      ['', '', ZECA, '', ''],
    ]);
  });

  it('says "não estava" for students removed since the review, and asks no removal of students it knows are gone', async () => {
    const { user, api } = await setup({ enrolments: SEEDED });
    await reviewRemoval(user, [ANA, BRUNO], 'pt-BR');
    // Someone else removes them while the review stays open: the run says what it met.
    for (const email of [ANA, BRUNO]) {
      await api.removeStudentFromClasses({ email, classes: [{ id: 't1' }, { id: 't2' }] });
    }
    await confirmAndRun(user, 2, 'pt-BR');

    expect(counts()).toEqual({ 'Não estavam na(s) turma(s)': '2' });
    expect(results()['1']).toEqual([
      'Não estava na(s) turma(s)',
      'Não estava em: Matemática 9º A e Física 1º B (nada mudou).',
    ]);

    // The same list again: the review knows nobody on it is in the turmas.
    await user.click(within(dialog()).getByRole('button', { name: 'Nova lista' }));
    await reviewRemoval(user, [ANA, BRUNO], 'pt-BR');
    expect(
      within(dialog()).getByText('Avisos: 2 alunos não estão em nenhuma das turmas escolhidas.'),
    ).toBeVisible();
    expect(within(dialog()).getByRole('button', { name: /^Remover 0 alunos/ })).toBeDisabled();
    expect(within(dialog()).queryByRole('textbox', { name: /^Para confirmar/ })).toBeNull();
  });

  it('says the removal can be undone where the server keeps an audit trail, and not elsewhere', async () => {
    for (const extensions of [true, false]) {
      const { user, unmount } = await setup({ enrolments: SEEDED, extensions });
      await user.click(screen.getByRole('radio', { name: 'Remover os alunos' }));
      await user.click(screen.getByRole('textbox', { name: 'Cole a lista de alunos' }));
      await user.paste(LIST.join('\n'));
      await user.click(screen.getByRole('button', { name: 'Revisar a lista' }));
      await within(dialog()).findByRole('textbox', { name: /^Para confirmar/ });
      expect(
        within(dialog()).getByText(
          extensions
            ? /^A remoção pode ser desfeita ao fim do envio ou no Histórico/
            : /^A remoção não pode ser desfeita/,
        ),
      ).toBeVisible();
      unmount();
    }
  });

  it('without the extension says only that the students are no longer in the turmas', async () => {
    const { user, backend } = await setup({ enrolments: SEEDED, extensions: false });
    // Nothing is known before the run: every line counts, as it always did.
    await removeAll(user, LIST, 4);

    expect(counts()).toEqual({ 'Não estão mais na(s) turma(s)': '3', 'Não encontrado': '1' });
    expect(results()['1']).toEqual(['Não está mais na(s) turma(s)', '']);
    expect(results()['3']).toEqual(['Não está mais na(s) turma(s)', '']);
    expect((await downloadedResults(user))['3']).toEqual(['Não está mais na(s) turma(s)', '']);
    expect(lookups(backend)).toEqual([]);
  });

  it('warns at review of lines that would remove no one, and leaves them out of the count to type', async () => {
    const { user } = await setup({ enrolments: SEEDED });
    await user.click(screen.getByRole('radio', { name: 'Remover os alunos' }));
    await user.click(screen.getByRole('textbox', { name: 'Cole a lista de alunos' }));
    await user.paste(LIST.join('\n'));
    await user.click(screen.getByRole('button', { name: 'Revisar a lista' }));

    expect(
      await within(dialog()).findByText(
        'Avisos: 1 e-mail não é de nenhum aluno cadastrado; 1 aluno não está em nenhuma das turmas escolhidas.',
      ),
    ).toBeVisible();
    expect(
      within(dialog()).getByText('Nenhum aluno cadastrado tem este e-mail: não há o que remover.'),
    ).toBeVisible();
    expect(
      within(dialog()).getByText(
        'Não está em nenhuma das turmas escolhidas: nada muda para este aluno.',
      ),
    ).toBeVisible();
    // Two students to remove: the two lines that would remove no one are not counted.
    expect(
      within(dialog()).getByRole('textbox', { name: /^Para confirmar, digite .*: 2$/ }),
    ).toBeVisible();
    expect(within(dialog()).getByRole('button', { name: /^Remover 2 alunos/ })).toBeVisible();

    // Left out, they change nothing of what is removed.
    await user.click(
      within(dialog()).getByRole('button', { name: 'Excluir todas as linhas com aviso' }),
    );
    expect(
      within(dialog()).getByRole('textbox', { name: /^Para confirmar, digite .*: 2$/ }),
    ).toBeVisible();
    expect(within(dialog()).getByRole('button', { name: /^Remover 2 alunos/ })).toBeVisible();
  });

  it('asks to confirm the students it will remove, not the lines that remove no one, once the look-up has answered', async () => {
    // 12 students in the turmas, 3 registered but in neither (in Artes), 2 e-mails of nobody.
    const inTurmas = Array.from({ length: 12 }, (_, i) => `aluno.${i + 1}@escola.com.br`);
    const inArtes = ['artes.1@escola.com.br', 'artes.2@escola.com.br', 'artes.3@escola.com.br'];
    const nobody = ['ninguem.1@escola.com.br', 'ninguem.2@escola.com.br'];
    const { user, backend } = await setup({
      enrolments: { t1: inTurmas, t2: inTurmas.slice(0, 6), t3: inArtes },
    });
    const held = backend.hold((request) => request.pathname === '/v1/students/by-email');
    await user.click(screen.getByRole('radio', { name: 'Remover os alunos' }));
    await user.click(screen.getByRole('textbox', { name: 'Cole a lista de alunos' }));
    await user.paste([...inTurmas, ...inArtes, ...nobody].join('\n'));
    await user.click(screen.getByRole('button', { name: 'Revisar a lista' }));

    // Before the look-up answers, every line counts, as without it.
    const confirm = (count: number) =>
      within(dialog()).getByRole('textbox', {
        name: `Para confirmar, digite quantos alunos serão removidos: ${count}`,
      });
    expect(await within(dialog()).findByText(/^Verificando quais e-mails/)).toBeVisible();
    expect(confirm(17)).toBeVisible();
    expect(
      within(dialog()).getByRole('button', { name: 'Remover 17 alunos de 2 turmas' }),
    ).toBeDisabled();

    held.release();
    expect(
      await within(dialog()).findByText(
        'Avisos: 2 e-mails não são de nenhum aluno cadastrado; 3 alunos não estão em nenhuma das turmas escolhidas.',
      ),
    ).toBeVisible();
    const start = within(dialog()).getByRole('button', { name: 'Remover 12 alunos de 2 turmas' });
    // Said where the count is typed: the five go too, and remove no one.
    expect(
      within(dialog()).getByText(
        '5 linhas com aviso são enviadas mesmo assim, mas não removem ninguém.',
      ),
    ).toBeVisible();
    await user.type(confirm(12), '17');
    expect(confirm(12)).toHaveAccessibleDescription(
      'O número digitado não é o de alunos que serão removidos.',
    );
    expect(start).toBeDisabled();

    // Enter in the typed count starts it, once it is right.
    await user.clear(confirm(12));
    await user.type(confirm(12), '12{Enter}');
    await screen.findByRole('heading', { name: 'Envio concluído' }, { timeout: 5000 });

    // The five were sent too, and the results count only what happened.
    expect(removals(backend)).toHaveLength(17);
    expect(counts()).toEqual({
      Removidos: '12',
      'Não estavam na(s) turma(s)': '3',
      'Não encontrados': '2',
    });
    expect(backend.enrolments('t1')).toEqual([]);
    expect(backend.enrolments('t3')).toEqual(inArtes);
  });

  it('a start while the review looks the e-mails up goes on once it is done, warnings and all', async () => {
    const { user, backend } = await setup({ enrolments: SEEDED });
    const held = backend.hold((request) => request.pathname === '/v1/students/by-email');
    await user.click(screen.getByRole('radio', { name: 'Remover os alunos' }));
    await user.click(screen.getByRole('textbox', { name: 'Cole a lista de alunos' }));
    await user.paste(LIST.join('\n'));
    await user.click(screen.getByRole('button', { name: 'Revisar a lista' }));
    await user.type(
      await within(dialog()).findByRole('textbox', { name: /^Para confirmar/ }),
      String(LIST.length),
    );
    await user.click(within(dialog()).getByRole('button', { name: /^Remover 4 alunos/ }));
    expect(
      await within(dialog()).findByText(/O envio começa assim que a verificação terminar\.$/),
    ).toBeVisible();

    held.release();
    await screen.findByRole('heading', { name: 'Envio concluído' }, { timeout: 5000 });
    expect(removals(backend)).toHaveLength(4);
  });

  it('removes anyway, saying only what is sure, when the look-up is refused for good', async () => {
    const { user, backend } = await setup({ enrolments: SEEDED });
    // The review's look-up answers; the run's, just before the removals, is refused.
    backend.failNext(
      { status: 431 },
      {
        where: (request) =>
          request.pathname === '/v1/students/by-email' && lookups(backend).length > 1,
      },
    );
    await removeAll(user, [ANA, CARLA], 1);

    expect(lookups(backend)).toHaveLength(2);
    expect(counts()).toEqual({ 'Não estão mais na(s) turma(s)': '2' });
    expect(backend.enrolments('t1')).toEqual([BRUNO]);
  });

  it('asks again and removes nothing while the look-up gets no answer', async () => {
    const { user, backend } = await setup({ enrolments: SEEDED });
    // The run's look-up, after the review's.
    backend.failNext('network', {
      where: (request) =>
        request.pathname === '/v1/students/by-email' && lookups(backend).length > 1,
    });
    await removeAll(user, [ANA], 1);

    expect(lookups(backend).length).toBeGreaterThanOrEqual(3);
    expect(removals(backend)).toHaveLength(1);
    expect(results()['1']).toEqual(['Removido', 'Saiu de: Matemática 9º A e Física 1º B.']);
  });

  it('speaks English', async () => {
    const { user } = await setup({ enrolments: SEEDED, locale: 'en' });
    await removeAll(user, LIST, 2, 'en');

    expect(counts()).toEqual({ Removed: '2', 'Was not in the class(es)': '1', 'Not found': '1' });
    expect(results()['2']).toEqual([
      'Removed',
      'Removed from: Matemática 9º A. Was not in: Física 1º B (nothing changed).',
    ]);
  });
});
