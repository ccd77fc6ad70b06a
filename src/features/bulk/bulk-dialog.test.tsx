// Expiries are instants of the browser's time zone: fix it, so "31/12 at 23:59" has one meaning.
process.env.TZ = 'America/Sao_Paulo';

import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import Papa from 'papaparse';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classQueries } from '../../api/class-queries';
import type { ApiClient } from '../../api/client';
import type { Locale } from '../../i18n/messages';
import { createTestApiClient, TEST_API_BASE_URL } from '../../testing/api-client';
import { mswServer } from '../../testing/msw/server';
import {
  installReferenceApi,
  type RecordedRequest,
  type ReferenceApi,
} from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';
import { BulkDialog } from './bulk-dialog';
import { captureDownloads } from '../../testing/captured-downloads';

/** Tuesday 10 March 2026, noon in São Paulo (UTC−3, no daylight saving). */
const NOW = new Date('2026-03-10T15:00:00.000Z');
/** The batch's default expiry, the end of the school year: 31 December 2026, 23:59 in São Paulo. */
const END_OF_SCHOOL_YEAR_UTC = '2027-01-01T02:59:00.000Z';

const MATEMATICA = aTurma({ id: 't1', name: 'Matemática 9º A', countStudents: 0 });
const FISICA = aTurma({ id: 't2', name: 'Física 1º B', countStudents: 0 });
const BOTH = [{ id: 't1' }, { id: 't2' }];

const ANA = 'ana.souza@escola.com.br';
const BRUNO = 'bruno.lima@escola.com.br';
const CARLA = 'carla.dias@escola.com.br';
const DAVI = 'davi.rocha@escola.com.br';

/** A list as staff paste it from a spreadsheet: a bad e-mail on line 3, line 2 again on line 5. */
const LIST = [
  'nome;e-mail;validade',
  `Ana Souza;${ANA};`,
  'Bruno Lima;bruno.lima@escola;',
  `Carla Dias;${CARLA};31/12/2027`,
  'Ana S.;Ana.Souza@Escola.com.br;',
  `Davi Rocha;${DAVI};`,
].join('\n');

/** `n` good students, one a line, under a header: lines 2 to n + 1. */
const cohort = (n: number) =>
  [
    'nome;e-mail',
    ...Array.from({ length: n }, (_, i) => `Aluno ${i + 1};aluno.${i + 1}@escola.com.br`),
  ].join('\n');

/** Students named after their e-mail, under a header: lines 2 onwards, in order. */
function cohortOf(emails: readonly string[]) {
  return ['nome;e-mail', ...emails.map((email) => `${email.split('@')[0]};${email}`)].join('\n');
}

// jsdom has no FontFaceSet, and Mantine's autosizing Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: new EventTarget(),
  });
}

beforeEach(() => {
  // Only Date: user-event, MSW, React and the runner still run on real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

/** The counts a page shows, from the same list queries the table uses. */
function TurmaCounts({ api }: { api: ApiClient }) {
  const list = useQuery(classQueries.list(api, {}));
  return (
    <ul aria-label="Contagens">
      {list.data?.data.map((turma) => (
        <li key={turma.id}>{`${turma.name}: ${turma.countStudents}`}</li>
      ))}
    </ul>
  );
}

/**
 * The dialog as the page holds it: a 401 expires the session (signedIn goes false), and the
 * sign-in gate, here a plain button, brings it back.
 */
function Harness({
  api,
  opened,
  onClose,
  onUnauthorized,
}: {
  api: ApiClient;
  opened: boolean;
  onClose: () => void;
  onUnauthorized: () => void;
}) {
  const [signedIn, setSignedIn] = useState(true);
  return (
    <>
      <TurmaCounts api={api} />
      <button type="button" onClick={() => setSignedIn(true)}>
        Entrar de novo
      </button>
      <BulkDialog
        api={api}
        opened={opened}
        turmas={[
          { id: MATEMATICA.id, name: MATEMATICA.name },
          { id: FISICA.id, name: FISICA.name },
        ]}
        onClose={onClose}
        onUnauthorized={() => {
          onUnauthorized();
          setSignedIn(false);
        }}
        signedIn={signedIn}
      />
    </>
  );
}

function setup({
  locale = 'pt-BR',
  enrolments = {},
}: { locale?: Locale; enrolments?: Record<string, string[]> } = {}) {
  const backend = installReferenceApi({ turmas: [MATEMATICA, FISICA], enrolments });
  const api = createTestApiClient();
  const onClose = vi.fn();
  const onUnauthorized = vi.fn();
  const ui = (opened: boolean) => (
    <Harness api={api} opened={opened} onClose={onClose} onUnauthorized={onUnauthorized} />
  );
  const view = render(ui(true), { locale });
  return {
    ...view,
    backend,
    onClose,
    onUnauthorized,
    /** Opens or closes the dialog, as the page does; the harness keeps its state. */
    setOpened: (opened: boolean) => view.rerender(ui(opened)),
  };
}

const dialog = (name?: string) => screen.getByRole('dialog', { name });
const summary = () => within(dialog()).getByText(/para enviar ·/);
const startButton = () => within(dialog()).getByRole('button', { name: /^(Matricular|Remover) / });
const emailOfLine = (line: number) =>
  within(dialog()).getByRole('textbox', { name: `E-mail da linha ${line}` });
/** A line under review: its card, a group named by the line. */
const reviewRow = (line: number) => within(dialog()).getByRole('group', { name: `Linha ${line}` });
const writes = (backend: ReferenceApi) =>
  backend.requests.filter((request) => request.method !== 'GET');
const emailOf = (request: Pick<RecordedRequest, 'body'>) =>
  (request.body as { email: string }).email;
const byEmail = (a: Pick<RecordedRequest, 'body'>, b: Pick<RecordedRequest, 'body'>) =>
  emailOf(a).localeCompare(emailOf(b));

/** The counts a summary shows, term by term, as a reader hears them. */
function counts(): Record<string, string | undefined> {
  return Object.fromEntries(
    within(dialog())
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

/** Outcome and detail of a line in the results table. */
function result(line: number): [string | null, string | null] {
  const table = within(dialog()).getByRole('table', { name: 'Resultado por linha' });
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByRole('rowheader', { name: String(line) }))!;
  const cells = within(row).getAllByRole('cell');
  return [cells[2]!.textContent, cells[3]!.textContent];
}

/** Downloads the results file, and reads it back as the browser would have saved it. */
async function downloadedRows(user: UserEvent): Promise<string[][]> {
  const downloads = captureDownloads();
  await user.click(within(dialog()).getByRole('button', { name: 'Baixar resultados (CSV)' }));
  downloads.restore();
  const text = (await downloads.saved[0]!.blob.text()).replace(/^\uFEFF/, '');
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

async function review(user: UserEvent, text: string, { remove = false } = {}) {
  if (remove) await user.click(screen.getByRole('radio', { name: 'Remover os alunos' }));
  await user.click(screen.getByRole('textbox', { name: 'Cole a lista de alunos' }));
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Revisar a lista' }));
  await screen.findByRole('button', { name: 'Voltar' });
}

const finished = (title = 'Envio concluído') =>
  screen.findByRole('heading', { name: title }, { timeout: 5000 });

/**
 * Enrolments are answered here first: `answer` gives a Response, or undefined to leave the call to
 * the backend. Every e-mail sent is logged, whoever answered it.
 */
function interceptEnrolments(answer: (email: string) => Response | undefined) {
  const sent: string[] = [];
  mswServer.use(
    http.post(`${TEST_API_BASE_URL}/classe/add-student`, async ({ request }) => {
      const { email } = (await request.clone().json()) as { email: string };
      sent.push(email);
      return answer(email);
    }),
  );
  return sent;
}

const apiError = (status: number, message: string, headers: Record<string, string> = {}) =>
  HttpResponse.json({ status: String(status), message }, { status, headers });

describe('Bulk dialog: the review', () => {
  it('does not offer to enrol into "0 turmas" once every turma is taken off', async () => {
    const { user } = setup();
    await review(user, LIST);
    for (const turma of [MATEMATICA, FISICA])
      await user.click(
        within(dialog()).getByRole('button', { name: `Tirar ${turma.name} da lista` }),
      );

    expect(startButton()).toHaveAccessibleName('Matricular 3 alunos');
  });

  it('counts a pasted list and names each problem with its line, sending nothing', async () => {
    const { user, backend } = setup();
    expect(dialog('Matrícula em lote')).toBeInTheDocument();
    await review(user, LIST);

    expect(summary()).toHaveTextContent(
      '3 alunos prontos para enviar · 2 linhas com problema · 0 linhas excluídas',
    );
    expect(reviewRow(3)).toHaveTextContent('E-mail inválido.');
    expect(emailOfLine(3)).toHaveValue('bruno.lima@escola');
    expect(emailOfLine(3)).toHaveAccessibleDescription('E-mail inválido.');
    expect(reviewRow(5)).toHaveTextContent('E-mail repetido: já está na linha 2.');
    // Only the lines with problems are there to fix.
    expect(within(dialog()).queryByRole('textbox', { name: 'E-mail da linha 2' })).toBeNull();
    expect(startButton()).toHaveAccessibleName('Matricular 3 alunos em 2 turmas');
    expect(startButton()).toBeEnabled();
    expect(writes(backend)).toEqual([]);
  });

  it('lets no quote that never closes hide the lines after it, in the review, the results or their file', async () => {
    const { user, backend } = setup();
    // A nickname in quotes opens a field that only line 5's quote would close (review D1).
    await review(
      user,
      [
        'nome,e-mail',
        `Ana Souza,${ANA}`,
        '"Mari" Silva,mari@escola.com.br',
        `Bruno Lima,${BRUNO}`,
        `"Dias, Carla",${CARLA}`,
        `Davi Rocha,${DAVI}`,
      ].join('\n'),
    );

    expect(
      within(dialog()).getByText(
        'Na linha 3 há aspas que nunca se fecham: essa linha foi lida como está, com as aspas, e as seguintes normalmente. Confira-a.',
      ),
    ).toBeVisible();
    // Five lines of students, five in the counts.
    expect(summary()).toHaveTextContent(
      '4 alunos prontos para enviar · 1 linha com problema · 0 linhas excluídas',
    );
    const quoteProblem =
      'Aspas que nunca se fecham: o nome foi lido como está, com as aspas, e as linhas seguintes à parte. Corrija este campo ou exclua a linha.';
    expect(reviewRow(3)).toHaveTextContent(quoteProblem);
    expect(within(dialog()).getByRole('textbox', { name: 'Nome da linha 3' })).toHaveValue(
      '"Mari" Silva',
    );

    await user.click(startButton());
    await finished();
    expect(counts()).toEqual({ Matriculados: '4', 'Com problema': '1' });
    expect(result(3)).toEqual(['Com problema', quoteProblem]);
    expect(result(5)).toEqual(['Matriculado', '']);
    expect(writes(backend).map(emailOf).sort()).toEqual([ANA, BRUNO, CARLA, DAVI]);
    const file = await downloadedRows(user);
    const lines = file.slice(file.findIndex((row) => row[0] === 'Linha') + 1);
    expect(lines.map((row) => [row[0], row.at(-2)])).toEqual([
      ['2', 'Matriculado'],
      ['3', 'Não enviado: linha com problema'],
      ['4', 'Matriculado'],
      ['5', 'Matriculado'],
      ['6', 'Matriculado'],
    ]);
  });

  it('gives focus to each step as it comes: the review’s summary, then the results’ title', async () => {
    const { user } = setup();
    await review(user, LIST);
    // The button that led there is gone: focus is on what the step says, not on the page.
    await waitFor(() => expect(summary()).toHaveFocus());
    await user.click(startButton());
    const title = await finished();
    await waitFor(() => expect(title).toHaveFocus());
  });

  it('keeps a row being fixed in place, counts it once it is right, and leaves excluded rows out', async () => {
    const { user, backend } = setup();
    await review(user, LIST);

    // Typed a character at a time: the row never leaves, even while it is briefly valid.
    await user.type(emailOfLine(3), '.com.br');
    expect(emailOfLine(3)).toHaveFocus();
    expect(emailOfLine(3)).toHaveValue(BRUNO);
    expect(reviewRow(3)).toHaveTextContent('Pronta para enviar');
    expect(summary()).toHaveTextContent(
      '4 alunos prontos para enviar · 1 linha com problema · 0 linhas excluídas',
    );

    await user.click(screen.getByRole('checkbox', { name: 'Excluir a linha 5' }));
    expect(summary()).toHaveTextContent(
      '4 alunos prontos para enviar · 0 linhas com problema · 1 linha excluída',
    );
    expect(reviewRow(5)).toHaveTextContent('Excluída');
    expect(emailOfLine(5)).toBeDisabled();
    expect(startButton()).toHaveAccessibleName('Matricular 4 alunos em 2 turmas');

    // Sent as fixed; the excluded line is reported as such.
    await user.click(startButton());
    await finished();
    expect(counts()).toEqual({ Matriculados: '4', Excluído: '1' });
    expect(result(3)).toEqual(['Matriculado', '']);
    expect(result(5)).toEqual(['Excluído', 'Excluída na revisão.']);
    expect(writes(backend).map(emailOf).sort()).toEqual([ANA, BRUNO, CARLA, DAVI]);
  });

  it('excludes every line with a problem and brings them back from the keyboard, focus kept', async () => {
    const { user } = setup();
    await review(user, LIST);

    screen.getByRole('button', { name: 'Excluir todas as linhas com problema' }).focus();
    await user.keyboard('{Enter}');
    expect(summary()).toHaveTextContent(
      '3 alunos prontos para enviar · 0 linhas com problema · 2 linhas excluídas',
    );
    // The button pressed is gone with its lines: focus goes to the one that undoes it.
    const includeAll = screen.getByRole('button', { name: 'Incluir de volta as excluídas' });
    await waitFor(() => expect(includeAll).toHaveFocus());

    await user.keyboard('{Enter}');
    expect(summary()).toHaveTextContent(
      '3 alunos prontos para enviar · 2 linhas com problema · 0 linhas excluídas',
    );
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Excluir todas as linhas com problema' }),
      ).toHaveFocus(),
    );
  });

  it('keeps fixes and exclusions through "Voltar" while the list is the same, and drops them for a new one', async () => {
    const { user } = setup();
    await review(user, LIST);
    await user.type(emailOfLine(3), '.com.br');
    await user.click(screen.getByRole('checkbox', { name: 'Excluir a linha 5' }));
    const reviewed = '4 alunos prontos para enviar · 0 linhas com problema · 1 linha excluída';
    expect(summary()).toHaveTextContent(reviewed);

    // Back to switch to removal and back again: the same list, reviewed as it was left.
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await user.click(screen.getByRole('radio', { name: 'Remover os alunos' }));
    await user.click(screen.getByRole('radio', { name: 'Matricular os alunos' }));
    await user.click(screen.getByRole('button', { name: 'Revisar a lista' }));
    await screen.findByRole('button', { name: 'Voltar' });
    expect(summary()).toHaveTextContent(reviewed);

    // A changed list is a new one: read afresh.
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await user.type(screen.getByRole('textbox', { name: 'Cole a lista de alunos' }), ' ');
    await user.click(screen.getByRole('button', { name: 'Revisar a lista' }));
    await screen.findByRole('button', { name: 'Voltar' });
    expect(summary()).toHaveTextContent(
      '3 alunos prontos para enviar · 2 linhas com problema · 0 linhas excluídas',
    );
  });

  it('takes Enter in a line’s fix or in the expiry as done with that field: only the button starts the run', async () => {
    const { user, backend } = setup();
    await review(user, LIST);

    await user.type(emailOfLine(3), '.com.br{Enter}');
    expect(emailOfLine(3)).toHaveFocus();
    expect(reviewRow(3)).toHaveTextContent('Pronta para enviar');
    const expiry = within(dialog()).getByRole('textbox', { name: 'Validade da matrícula' });
    await user.clear(expiry);
    await user.type(expiry, '30/06/2027{Enter}');
    expect(expiry).toHaveFocus();
    // Still the review, with nothing sent: the warnings are there to be read.
    expect(within(dialog()).getByRole('button', { name: 'Voltar' })).toBeVisible();
    expect(within(dialog()).queryByRole('progressbar')).toBeNull();
    expect(writes(backend)).toEqual([]);

    // The button itself, from the keyboard.
    startButton().focus();
    await user.keyboard('{Enter}');
    await finished();
    // The expiry typed, 30/06/2027 at 23:59 in São Paulo, went with the fixed line.
    expect(writes(backend).find((request) => emailOf(request) === BRUNO)?.body).toMatchObject({
      expirationDate: '2027-07-01T02:59:00.000Z',
    });
  });

  it('shows a long list 25 lines at a time, with the console’s pager under it', async () => {
    const { user } = setup();
    await review(user, cohort(30));
    const pages = within(dialog()).getByRole('navigation', { name: 'Páginas da lista' });
    const lines = () =>
      within(dialog())
        .getAllByRole('rowheader')
        .map((cell) => Number(cell.textContent));

    expect(lines()).toEqual(Array.from({ length: 25 }, (_, i) => i + 2));
    expect(within(dialog()).getByText('1–25 de 30')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Página 1 de 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(pages).getByRole('button', { name: 'Próxima página' }));

    expect(lines()).toEqual([27, 28, 29, 30, 31]);
    expect(within(dialog()).getByText('26–30 de 30')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Próxima página' })).toBeDisabled();
  });

  it('goes back to the pasted text, and starts a new list empty once a run is over', async () => {
    const { user } = setup();
    await review(user, cohort(1));
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByRole('textbox', { name: 'Cole a lista de alunos' })).toHaveValue(cohort(1));

    await user.click(screen.getByRole('button', { name: 'Revisar a lista' }));
    await user.click(await screen.findByRole('button', { name: 'Matricular 1 aluno em 2 turmas' }));
    await finished();
    await user.click(screen.getByRole('button', { name: 'Nova lista' }));

    expect(screen.getByRole('textbox', { name: 'Cole a lista de alunos' })).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Matricular os alunos' })).toBeChecked();
  });
});

describe('Bulk dialog: an enrolment run', () => {
  it('sends exactly the ready students with the turmas and their expiry, reports every line and refreshes the counts', async () => {
    const { user, backend } = setup();
    expect(await screen.findByText('Matemática 9º A: 0')).toBeInTheDocument();
    await review(user, LIST);
    await user.click(startButton());
    await finished();

    expect(
      writes(backend)
        .map((request) => ({ pathname: request.pathname, body: request.body }))
        .sort(byEmail),
    ).toEqual([
      {
        pathname: '/v1/classe/add-student',
        body: {
          name: 'Ana Souza',
          email: ANA,
          classes: BOTH,
          expirationDate: END_OF_SCHOOL_YEAR_UTC,
        },
      },
      {
        pathname: '/v1/classe/add-student',
        // Her line's own expiry: 31/12/2027 at 23:59 in São Paulo.
        body: {
          name: 'Carla Dias',
          email: CARLA,
          classes: BOTH,
          expirationDate: '2028-01-01T02:59:00.000Z',
        },
      },
      {
        pathname: '/v1/classe/add-student',
        body: {
          name: 'Davi Rocha',
          email: DAVI,
          classes: BOTH,
          expirationDate: END_OF_SCHOOL_YEAR_UTC,
        },
      },
    ]);
    expect(counts()).toEqual({ Matriculados: '3', 'Com problema': '2' });
    expect(result(2)).toEqual(['Matriculado', '']);
    expect(result(3)).toEqual(['Com problema', 'E-mail inválido.']);
    expect(result(5)).toEqual(['Com problema', 'E-mail repetido: já está na linha 2.']);
    // The filter names every line not done, a wider set than the count "Com problema".
    expect(within(dialog()).getByRole('radio', { name: 'Não feitas (2)' })).toBeInTheDocument();
    expect(backend.enrolments('t2')).toEqual([ANA, CARLA, DAVI]);
    // The page's list queries were refreshed once the run was over.
    expect(await screen.findByText('Matemática 9º A: 3')).toBeInTheDocument();
    expect(screen.getByText('Física 1º B: 3')).toBeInTheDocument();
    expect(backend.listRequests()).toHaveLength(2);
    // Nothing was left to retry.
    expect(screen.queryByRole('button', { name: /^Tentar de novo/ })).toBeNull();
  });

  it('reports a refusal with the API’s words; retries a 503 and, asked to, sends only that line again', async () => {
    const { user, backend } = setup();
    let busy = true;
    const sent = interceptEnrolments((email) =>
      email === BRUNO
        ? apiError(400, 'email: domain not accepted')
        : email === CARLA && busy
          ? apiError(503, 'Service busy', { 'Retry-After': '0' })
          : undefined,
    );
    await review(user, cohortOf([ANA, BRUNO, CARLA, DAVI]));
    await user.click(startButton());
    await finished();

    expect(counts()).toEqual({ Matriculados: '2', Recusado: '1', Falhou: '1' });
    expect(result(3)).toEqual(['Recusado', 'Resposta do servidor: “email: domain not accepted”']);
    expect(result(4)[0]).toBe('Falhou');
    expect(result(4)[1]).toContain('Resposta do servidor: “Service busy”');
    // Tried again on its own up to five times; the refusal was not.
    expect(sent.filter((email) => email === CARLA)).toHaveLength(5);
    expect(sent.filter((email) => email === BRUNO)).toHaveLength(1);

    // The way to retry comes first, before a table that may be thousands of lines long.
    const retry = screen.getByRole('button', { name: 'Tentar de novo a linha não feita' });
    const table = within(dialog()).getByRole('table', { name: 'Resultado por linha' });
    expect(retry.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    busy = false;
    await user.click(retry);
    await waitFor(() => expect(result(4)).toEqual(['Matriculado', '']));
    expect(counts()).toEqual({ Matriculados: '3', Recusado: '1' });
    expect(result(3)).toEqual(['Recusado', 'Resposta do servidor: “email: domain not accepted”']);
    expect(sent.filter((email) => email === CARLA)).toHaveLength(6);
    // Nothing that succeeded went again.
    expect(writes(backend).map(emailOf).sort()).toEqual([ANA, CARLA, DAVI]);
    expect(backend.enrolments('t1')).toEqual([ANA, CARLA, DAVI]);
  });

  it('pauses on a 401, asks once for sign-in, and goes on from where it stopped once signed in', async () => {
    const { user, backend, onUnauthorized } = setup();
    // The session expires after two answers.
    let accepted = 2;
    const sent = interceptEnrolments(() =>
      accepted-- > 0 ? undefined : apiError(401, 'Invalid or expired token'),
    );
    await review(user, cohort(6));
    await user.click(startButton());

    expect(
      await within(dialog()).findByText(
        'Pausado: sua sessão expirou. Entre novamente para continuar de onde parou.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // The two calls answered before it still count.
    await waitFor(() =>
      expect(counts()).toMatchObject({ Concluídos: '2', 'Ainda não tentados': '4' }),
    );
    expect(writes(backend)).toHaveLength(2);
    expect(within(dialog()).queryByRole('button', { name: 'Fechar' })).toBeNull();

    accepted = Infinity;
    await user.click(screen.getByRole('button', { name: 'Entrar de novo' }));
    await finished();

    expect(counts()).toEqual({ Matriculados: '6' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    const emails = Array.from({ length: 6 }, (_, i) => `aluno.${i + 1}@escola.com.br`);
    expect(writes(backend).map(emailOf).sort()).toEqual(emails.sort());
    expect(backend.enrolments('t1')).toHaveLength(6);
    // The two refused went again with the new token, and only they.
    expect(sent).toHaveLength(8);
  });

  it('pauses and continues from the buttons; a cancel leaves the rest unsent and says so', async () => {
    const { user, backend } = setup();
    await review(user, cohort(10));
    let held = backend.hold((request) => request.method === 'POST');
    await user.click(startButton());
    await waitFor(() => expect(held.requests).toHaveLength(4));
    await waitFor(() => expect(counts()).toMatchObject({ 'Em andamento': '4' }));
    expect(counts()).not.toHaveProperty('Aguardando nova tentativa');

    await user.click(within(dialog()).getByRole('button', { name: 'Pausar' }));
    await waitFor(() =>
      expect(within(dialog()).getByRole('status')).toHaveTextContent(
        'Pausando: aguardando 4 envios em andamento…',
      ),
    );
    held.release();
    await waitFor(() => expect(within(dialog()).getByRole('status')).toHaveTextContent('Pausado'));
    expect(counts()).toMatchObject({ Concluídos: '4', 'Ainda não tentados': '6' });
    expect(writes(backend)).toHaveLength(4);

    held = backend.hold((request) => request.method === 'POST');
    await user.click(within(dialog()).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(held.requests).toHaveLength(4));
    await user.click(within(dialog()).getByRole('button', { name: 'Cancelar o envio' }));
    await waitFor(() =>
      expect(within(dialog()).getByRole('status')).toHaveTextContent(
        'Cancelando: aguardando 4 envios em andamento…',
      ),
    );
    // Progress is what the server answered for: the two left unsent by the cancel are none.
    expect(within(dialog()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '4');
    expect(within(dialog()).getByText('40%')).toBeInTheDocument();
    held.release();
    await finished('Envio cancelado');

    // What was on its way when cancelled finished and counts; the rest was never sent.
    expect(counts()).toEqual({ Matriculados: '8', 'Não enviados': '2' });
    expect(result(9)).toEqual(['Matriculado', '']);
    expect(result(10)).toEqual(['Não enviado', 'Cancelado antes do envio.']);
    expect(result(11)).toEqual(['Não enviado', 'Cancelado antes do envio.']);
    expect(writes(backend)).toHaveLength(8);
    expect(
      screen.getByRole('button', { name: 'Tentar de novo as 2 linhas não feitas' }),
    ).toBeInTheDocument();
  });

  it('starts on "Pausar", so a second press of the key pauses and never cancels; "Cancelar o envio" comes after it', async () => {
    const { user, backend } = setup();
    await review(user, cohort(10));
    const held = backend.hold((request) => request.method === 'POST');
    startButton().focus();
    await user.keyboard('{Enter}');

    const pause = await within(dialog()).findByRole('button', { name: 'Pausar' });
    await waitFor(() => expect(pause).toHaveFocus());
    const cancel = within(dialog()).getByRole('button', { name: 'Cancelar o envio' });
    expect(pause.compareDocumentPosition(cancel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(dialog()).getByRole('status')).toHaveTextContent(
        'Pausando: aguardando 4 envios em andamento…',
      ),
    );
    held.release();
    const resume = await within(dialog()).findByRole('button', { name: 'Continuar' });
    // The same button, still with the focus: Enter again continues.
    expect(resume).toHaveFocus();
    await user.keyboard('{Enter}');
    await finished();
    expect(counts()).toEqual({ Matriculados: '10' });
  });

  it('keeps the focus in the run when "Cancelar o envio" turns disabled: on the status that says why', async () => {
    const { user, backend } = setup();
    await review(user, cohort(6));
    const held = backend.hold((request) => request.method === 'POST');
    await user.click(startButton());
    await waitFor(() => expect(held.requests).toHaveLength(4));

    await user.click(within(dialog()).getByRole('button', { name: 'Cancelar o envio' }));
    const status = within(dialog()).getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent('Cancelando: aguardando 4 envios em andamento…'),
    );
    expect(within(dialog()).getByRole('button', { name: 'Cancelar o envio' })).toBeDisabled();
    await waitFor(() => expect(status).toHaveFocus());

    held.release();
    await finished('Envio cancelado');
    expect(counts()).toEqual({ Matriculados: '4', 'Não enviados': '2' });
  });

  it('keeps the first run’s time in the results file after a retry, and says when the retry went', async () => {
    const { user, backend } = setup();
    await review(user, cohort(5));
    // Cancelled with four on their way: the fifth is never sent.
    const held = backend.hold((request) => request.method === 'POST');
    await user.click(startButton());
    await waitFor(() => expect(held.requests).toHaveLength(4));
    await user.click(within(dialog()).getByRole('button', { name: 'Cancelar o envio' }));
    held.release();
    await finished('Envio cancelado');

    vi.setSystemTime(NOW.getTime() + 5 * 60_000);
    await user.click(screen.getByRole('button', { name: 'Tentar de novo a linha não feita' }));
    await finished();
    expect(counts()).toEqual({ Matriculados: '5' });

    expect((await downloadedRows(user)).slice(0, 3)).toEqual([
      ['Operação', 'Matrícula em lote'],
      ['Enviado em', '10/03/2026, 12:00:00 (America/Sao_Paulo)', '2026-03-10T15:00:00.000Z'],
      ['Reenviado em', '10/03/2026, 12:05:00 (America/Sao_Paulo)', '2026-03-10T15:05:00.000Z'],
    ]);
  });

  it('cannot be closed while calls are in flight, and finds its results again when reopened', async () => {
    const { user, backend, onClose, setOpened } = setup();
    await review(user, cohort(2));
    const held = backend.hold((request) => request.method === 'POST');
    await user.click(startButton());
    await waitFor(() => expect(held.requests).toHaveLength(2));

    expect(within(dialog()).queryByRole('button', { name: 'Fechar' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    held.release();
    await finished();
    // Over: it closes like every other dialog (the corner button, the footer's, Escape).
    expect(within(dialog()).getAllByRole('button', { name: 'Fechar' })).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);

    setOpened(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    setOpened(true);
    expect(within(dialog()).getByRole('heading', { name: 'Envio concluído' })).toBeInTheDocument();
    expect(counts()).toEqual({ Matriculados: '2' });
    expect(writes(backend)).toHaveLength(2);
  });
});

describe('Bulk dialog: a removal run', () => {
  it('starts only with the number of students to be removed typed, sends {email, classes}, and reports who was not found', async () => {
    const { user, backend } = setup({ enrolments: { t1: [ANA, BRUNO], t2: [ANA] } });
    await review(user, [ANA, 'Bruno.Lima@escola.com.br', 'zeca@escola.com.br'].join('\n'), {
      remove: true,
    });

    expect(dialog('Remoção em lote')).toBeInTheDocument();
    // Once the look-up has found that no student has Zeca's e-mail, two are to be removed.
    await waitFor(() => expect(startButton()).toHaveAccessibleName('Remover 2 alunos de 2 turmas'));
    expect(startButton()).toBeDisabled();
    const confirmation = within(dialog()).getByRole('textbox', {
      name: 'Para confirmar, digite quantos alunos serão removidos: 2',
    });
    // The lines, not the students removed.
    await user.type(confirmation, '3');
    expect(confirmation).toHaveAccessibleDescription(
      'O número digitado não é o de alunos que serão removidos.',
    );
    expect(startButton()).toBeDisabled();
    await user.click(startButton());
    expect(writes(backend)).toEqual([]);

    await user.clear(confirmation);
    await user.type(confirmation, '2');
    expect(confirmation).not.toHaveAccessibleDescription(
      'O número digitado não é o de alunos que serão removidos.',
    );
    await user.click(startButton());
    await finished();

    expect(
      writes(backend)
        .map(({ method, body }) => ({ method, body }))
        .sort(byEmail),
    ).toEqual([
      { method: 'DELETE', body: { email: ANA, classes: BOTH } },
      { method: 'DELETE', body: { email: BRUNO, classes: BOTH } },
      { method: 'DELETE', body: { email: 'zeca@escola.com.br', classes: BOTH } },
    ]);
    // Both were in a turma at least, as the look-up before each removal said (bulk-removal.test).
    expect(counts()).toEqual({ Removidos: '2', 'Não encontrado': '1' });
    expect(result(2)[0]).toBe('Removido');
    expect(result(3)).toEqual(['Não encontrado', 'Nenhum aluno tem este e-mail.']);
    expect(backend.enrolments('t1')).toEqual([]);
    expect(backend.enrolments('t2')).toEqual([]);
  });
});

describe('Bulk dialog: an outage', () => {
  it('counts down to the next try each second, and its button tries now', async () => {
    const { user, backend } = setup();
    await review(user, cohort(4));
    // Every first send finds no server: the run pauses itself for an outage.
    backend.failNext('network', { times: 4, where: (request) => request.method === 'POST' });
    await user.click(startButton());

    await waitFor(() =>
      expect(within(dialog()).getByRole('status')).toHaveTextContent('Servidor indisponível'),
    );
    expect(within(dialog()).getByText('Tentando de novo em 5 s.')).toBeVisible();
    // Sent with no answer and none on its way now: waiting, not "in progress".
    expect(counts()).toMatchObject({ 'Aguardando nova tentativa': '4', 'Com falha': '0' });
    expect(counts()).not.toHaveProperty('Em andamento');
    // The run is not stopped: it tries by itself, and the button says what it does.
    expect(within(dialog()).queryByRole('button', { name: 'Continuar' })).toBeNull();
    const tryNow = within(dialog()).getByRole('button', { name: 'Tentar agora' });

    // Only Date is faked: the count moves as the clock does, a second at a time.
    vi.setSystemTime(NOW.getTime() + 1_000);
    expect(
      await within(dialog()).findByText('Tentando de novo em 4 s.', {}, { timeout: 2_000 }),
    ).toBeVisible();
    vi.setSystemTime(NOW.getTime() + 2_000);
    expect(
      await within(dialog()).findByText('Tentando de novo em 3 s.', {}, { timeout: 2_000 }),
    ).toBeVisible();
    expect(within(dialog()).getByRole('status')).toHaveTextContent(/^Servidor indisponível$/);

    await user.click(tryNow);
    await finished();
    expect(counts()).toEqual({ Matriculados: '4' });
    expect(backend.enrolments('t1')).toHaveLength(4);
  });

  it('says it is the connection while the browser is offline, and the server once it is back', async () => {
    const { user, backend } = setup();
    await review(user, cohort(4));
    act(() => onlineManager.setOnline(false));
    backend.failNext('network', { times: 4, where: (request) => request.method === 'POST' });
    await user.click(startButton());

    const status = await within(dialog()).findByRole('status', {}, { timeout: 5_000 });
    await waitFor(() => expect(status).toHaveTextContent(/^Sem conexão$/));
    expect(
      within(dialog()).getByText(
        'O envio continua sozinho quando a conexão voltar. Nada é dado como falha por isso.',
      ),
    ).toBeVisible();

    // Online again and still no answer: the server's, until it answers.
    act(() => onlineManager.setOnline(true));
    expect(status).toHaveTextContent(/^Servidor indisponível$/);
    expect(
      within(dialog()).getByText(
        'O envio continua sozinho quando o servidor responder. Nada é dado como falha por isso.',
      ),
    ).toBeVisible();

    await user.click(within(dialog()).getByRole('button', { name: 'Tentar agora' }));
    await finished();
    expect(counts()).toEqual({ Matriculados: '4' });
  });

  it('speaks English offline', async () => {
    const { user, backend } = setup({ locale: 'en' });
    await user.click(screen.getByRole('textbox', { name: 'Paste the list of students' }));
    await user.paste(cohort(4));
    await user.click(screen.getByRole('button', { name: 'Review the list' }));
    await screen.findByRole('button', { name: 'Back' });
    act(() => onlineManager.setOnline(false));
    backend.failNext('network', { times: 4, where: (request) => request.method === 'POST' });
    await user.click(within(dialog()).getByRole('button', { name: /^Enrol 4 students/ }));

    await waitFor(() =>
      expect(within(dialog()).getByRole('status')).toHaveTextContent(/^No connection$/),
    );
    expect(
      within(dialog()).getByText(
        'The run goes on by itself when the connection is back. Nothing is marked failed because of this.',
      ),
    ).toBeVisible();
    act(() => onlineManager.setOnline(true));
    await user.click(within(dialog()).getByRole('button', { name: 'Try now' }));
    await finished('Run complete');
  });
});

it('speaks English: the bulk dialog', async () => {
  const { user } = setup({ locale: 'en' });
  expect(dialog('Bulk enrolment')).toBeInTheDocument();
  await user.click(screen.getByRole('textbox', { name: 'Paste the list of students' }));
  await user.paste(LIST);
  await user.click(screen.getByRole('button', { name: 'Review the list' }));

  expect(
    await screen.findByRole('button', { name: 'Enrol 3 students in 2 classes' }),
  ).toBeEnabled();
  expect(
    screen.getByText('3 students ready to send · 2 lines with problems · 0 lines excluded'),
  ).toBeInTheDocument();
});

it('names the forms a line’s expiry takes, a time included, day first in both languages', async () => {
  // As the English expiry field writes it: month first, a 12-hour time.
  const list = ['nome;e-mail;validade', `Carla Dias;${CARLA};3/15/2027 6:00 PM`].join('\n');
  const { user, unmount } = setup({ locale: 'en' });
  await user.click(screen.getByRole('textbox', { name: 'Paste the list of students' }));
  await user.paste(list);
  await user.click(screen.getByRole('button', { name: 'Review the list' }));
  expect(await within(dialog()).findByRole('group', { name: 'Line 2' })).toHaveTextContent(
    'Invalid expiry: put the day first, as in 31/12/2026 or 31/12/2026 18:00 (or 2026-12-31 18:00).',
  );
  unmount();

  const portuguese = setup();
  await review(portuguese.user, list);
  expect(reviewRow(2)).toHaveTextContent(
    'Validade inválida: use 31/12/2026 ou 31/12/2026 18:00 (ou 2026-12-31 18:00).',
  );
});

it('says how a date that reads both ways was taken, where the interface writes the month first', async () => {
  const list = [
    'nome;e-mail;validade',
    `Carla Dias;${CARLA};31/12/2027`,
    `Davi Rocha;${DAVI};03/04/2027`,
  ].join('\n');
  const notice = /dates are read day first/;

  const { user, unmount } = setup({ locale: 'en' });
  await user.click(screen.getByRole('textbox', { name: 'Paste the list of students' }));
  await user.paste(list);
  await user.click(screen.getByRole('button', { name: 'Review the list' }));
  expect(
    await within(dialog('Bulk enrolment')).findByText(
      'The list’s dates are read day first, as in 31/12/2026: on line 3, “03/04/2027” is Apr 3, 2027, 11:59 PM. If the list puts the month first, correct its dates before sending.',
    ),
  ).toBeVisible();
  // Back, and a list whose dates read one way only: nothing to say.
  await user.click(screen.getByRole('button', { name: 'Back' }));
  await user.clear(screen.getByRole('textbox', { name: 'Paste the list of students' }));
  await user.paste(list.replace('03/04/2027', '13/04/2027'));
  await user.click(screen.getByRole('button', { name: 'Review the list' }));
  await screen.findByRole('button', { name: 'Enrol 2 students in 2 classes' });
  expect(within(dialog('Bulk enrolment')).queryByText(notice)).toBeNull();
  unmount();

  // Portuguese writes the day first: the same list is read as its staff wrote it.
  const portuguese = setup();
  await portuguese.user.click(screen.getByRole('textbox', { name: 'Cole a lista de alunos' }));
  await portuguese.user.paste(list);
  await portuguese.user.click(screen.getByRole('button', { name: 'Revisar a lista' }));
  await screen.findByRole('button', { name: 'Matricular 2 alunos em 2 turmas' });
  expect(within(dialog('Matrícula em lote')).queryByText(/lidas com o dia primeiro/)).toBeNull();
});
