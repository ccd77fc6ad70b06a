/**
 * The roster extension in the console (issue 21, items 5–7): detected from the answers the list
 * gets anyway, a turma's roster opened from a row or a chip, its states, and acting on the
 * students ticked in it. Through the page that composes it, against the reference API in-process.
 */
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TurmasPage } from '../../app/turmas-page';
import { createTestApiClient } from '../../testing/api-client';
import { closeTabAsks } from '../../testing/close-tab';
import {
  installReferenceApi,
  type ReferenceApi,
  type ReferenceApiOptions,
  type SeededEnrolment,
} from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';
import { selectionStore } from '../../lib/selection-store';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const MATEMATICA = aTurma({ id: 't-mat', name: 'Matemática 9º A', countStudents: 3 });
const FISICA = aTurma({ id: 't-fis', name: 'Física 1º B', countStudents: 0 });

const ANA: SeededEnrolment = {
  email: 'ana.souza@escola.test',
  name: 'Ana Souza',
  expirationDate: inDays(-2),
};
const BRUNO: SeededEnrolment = {
  email: 'bruno.lima@escola.test',
  name: 'Bruno Lima',
  expirationDate: inDays(5),
};
const CARLA: SeededEnrolment = { email: 'carla.dias@escola.test', name: 'Carla Dias' };

function installBackend(options: ReferenceApiOptions = {}) {
  return installReferenceApi({
    turmas: [MATEMATICA, FISICA],
    enrolments: { 't-mat': [ANA, BRUNO, CARLA] },
    ...options,
  });
}

function renderPage() {
  return render(<TurmasPage api={createTestApiClient()} />);
}

const turmasTable = () => screen.getByRole('table', { name: 'Lista de turmas' });
const rosterDialog = (name = 'Alunos de Matemática 9º A') => screen.findByRole('dialog', { name });
const rosterTable = () => screen.getByRole('table', { name: 'Alunos de Matemática 9º A' });
const rosterRequests = (backend: ReferenceApi) =>
  backend.requests.filter((request) => request.pathname.endsWith('/students'));
const studentNames = () =>
  within(rosterTable())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

/** A run's counts as the dialog shows them: each term and its figure. */
function runCounts(dialog: HTMLElement): Record<string, string | null | undefined> {
  return Object.fromEntries(
    within(dialog)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

async function openRosterFromRow(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Ver alunos de Matemática 9º A' }));
  const dialog = await rosterDialog();
  await within(dialog).findByText('3 alunos');
  return dialog;
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  selectionStore.clear();
});
afterEach(() => {
  onlineManager.setOnline(true);
  window.history.replaceState(null, '', '/');
  selectionStore.clear();
});

describe('detection', () => {
  it('offers "Alunos" on each row and each chip once the list says the server has the roster', async () => {
    const backend = installBackend();
    const { user } = renderPage();

    expect(
      await within(turmasTable()).findByRole('button', { name: 'Ver alunos de Física 1º B' }),
    ).toHaveTextContent('Alunos');
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Matemática 9º A' }));
    const tray = await screen.findByRole('region', { name: 'Turmas selecionadas' });
    expect(
      within(tray).getByRole('button', { name: 'Ver alunos de Matemática 9º A' }),
    ).toBeVisible();
    // Learnt from the list's own answer: no request was made to find out.
    expect(backend.requests.map((request) => request.pathname)).toEqual(['/v1/classe']);
  });

  it('shows no roster control anywhere against a plain v1, and asks it nothing more', async () => {
    const backend = installBackend({ extensions: false });
    // A link that names a turma's roster, shared from a server that had one.
    window.history.replaceState(null, '', '/?turma=t-mat');
    const { user } = renderPage();

    await within(turmasTable()).findByText('Matemática 9º A');
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Matemática 9º A' }));
    expect(screen.queryByRole('button', { name: /^Ver alunos de/ })).toBeNull();
    const rows = within(turmasTable()).getAllByRole('rowgroup')[1]!;
    expect(within(rows).queryByText('Alunos')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(rosterRequests(backend)).toEqual([]);
    // The enrol and remove actions are as they were.
    expect(
      screen.getByRole('button', { name: 'Matricular aluno em Matemática 9º A' }),
    ).toBeVisible();
  });
});

describe('the roster of a turma', () => {
  it('opens from a row with its students, their expiry states, and its place in the address', async () => {
    installBackend();
    const { user } = renderPage();
    const dialog = await openRosterFromRow(user);

    expect(window.location.search).toBe('?turma=t-mat');
    expect(studentNames()).toEqual(['Ana Souza', 'Bruno Lima', 'Carla Dias']);
    const rows = within(rosterTable()).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('ana.souza@escola.test');
    expect(rows[0]).toHaveTextContent('Expirada');
    expect(rows[1]).toHaveTextContent('Expira em 5 dias');
    expect(rows[2]).toHaveTextContent('Sem validade');
    expect(
      within(dialog).getByRole('heading', { name: 'Alunos de Matemática 9º A' }),
    ).toHaveFocus();

    // Back closes it, and gives focus back to the button that opened it.
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.search).toBe('');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Ver alunos de Matemática 9º A' })).toHaveFocus(),
    );
  });

  it('opens from a shared link, naming the turma once the list has found it', async () => {
    installBackend();
    window.history.replaceState(null, '', '/?turma=t-mat&rosterSort=-enrolledAt');
    const { user } = renderPage();

    const dialog = await rosterDialog();
    await within(dialog).findByText('3 alunos');
    expect(
      within(rosterTable()).getByRole('columnheader', { name: 'Matriculado em' }),
    ).toHaveAttribute('aria-sort', 'descending');

    // Nothing on the page opened it: Escape gives focus to the page's heading, not the body.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Turmas' })).toHaveFocus(),
    );
  });

  it('opens from a shared link to a turma no list shows, named by its roster’s answer', async () => {
    installBackend();
    // The list behind finds nothing: only the roster can name the turma.
    window.history.replaceState(null, '', '/?q=zzzz&turma=t-mat');
    renderPage();

    const dialog = await rosterDialog();
    await within(dialog).findByText('3 alunos');
    expect(screen.queryByText(/turma t-mat/)).toBeNull();
  });

  it('speaks English too', async () => {
    installBackend();
    window.history.replaceState(null, '', '/?turma=t-mat');
    render(<TurmasPage api={createTestApiClient()} />, { locale: 'en' });
    const dialog = await screen.findByRole('dialog', { name: 'Students of Matemática 9º A' });
    await within(dialog).findByText('3 students');
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual([
      expect.stringMatching(/^Expired \(/),
      expect.stringMatching(/^Expires in 5 days \(/),
      'No expiry',
    ]);
  });

  it('opens from a chip of the tray', async () => {
    installBackend();
    const { user } = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Selecionar Matemática 9º A' }));
    const tray = await screen.findByRole('region', { name: 'Turmas selecionadas' });
    await user.click(within(tray).getByRole('button', { name: 'Ver alunos de Matemática 9º A' }));
    expect(await rosterDialog()).toBeVisible();
  });

  it('shows skeleton rows while it loads', async () => {
    const backend = installBackend();
    const { user } = renderPage();
    const held = backend.hold((request) => request.pathname.endsWith('/students'));
    await user.click(await screen.findByRole('button', { name: 'Ver alunos de Matemática 9º A' }));
    const dialog = await rosterDialog();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Carregando alunos…');
    expect(rosterTable()).toHaveAttribute('aria-busy', 'true');
    held.release();
    expect(await within(dialog).findByText('3 alunos')).toBeVisible();
    expect(rosterTable()).toHaveAttribute('aria-busy', 'false');
  });

  it('says so when the turma has nobody', async () => {
    installBackend();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ver alunos de Física 1º B' }));
    const dialog = await rosterDialog('Alunos de Física 1º B');
    expect(await within(dialog).findByText('Nenhum aluno nesta turma')).toBeVisible();
  });

  it('offers "Matricular" when the turma has nobody, and shows whom it enrolled', async () => {
    const backend = installBackend();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ver alunos de Física 1º B' }));
    const roster = await rosterDialog('Alunos de Física 1º B');
    await within(roster).findByText('Nenhum aluno nesta turma');

    const enrol = within(roster).getByRole('button', { name: 'Matricular aluno em Física 1º B' });
    expect(enrol).toHaveTextContent('Matricular');
    await user.click(enrol);
    const form = await screen.findByRole('dialog', { name: 'Matricular aluno' });
    // Pasted: typed key by key, with the suggestions at each, it takes seconds on a busy machine.
    await user.click(within(form).getByRole('combobox', { name: 'Nome do aluno' }));
    await user.paste('Duda Reis');
    await user.click(within(form).getByRole('textbox', { name: 'E-mail do aluno' }));
    await user.paste('duda.reis@escola.test');
    await user.click(within(form).getByRole('button', { name: 'Matricular em 1 turma' }));

    expect(await within(form).findByText('Matrícula feita')).toBeVisible();
    expect(backend.enrolments('t-fis')).toEqual(['duda.reis@escola.test']);
    // The roster behind follows: the student is there.
    expect(await within(roster).findByText('1 aluno')).toBeVisible();
    expect(within(roster).getByText('Duda Reis')).toBeInTheDocument();
  });

  it('says "Turma não encontrada" for an address that names no turma', async () => {
    installBackend();
    window.history.replaceState(null, '', '/?turma=doesnotexist');
    renderPage();

    const dialog = await screen.findByRole('dialog', { name: 'Turma não encontrada' });
    expect(within(dialog).getByRole('heading', { name: 'Turma não encontrada' })).toBeVisible();
    expect(
      within(dialog).getByText(
        'O servidor não tem nenhuma turma com o código “doesnotexist”: ela pode ter sido ' +
          'excluída, ou o link está incompleto.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('Alunos de turma doesnotexist')).toBeNull();
  });

  it('says "Class not found" in English', async () => {
    installBackend();
    window.history.replaceState(null, '', '/?turma=doesnotexist');
    render(<TurmasPage api={createTestApiClient()} />, { locale: 'en' });

    expect(await screen.findByRole('dialog', { name: 'Class not found' })).toBeVisible();
  });

  it('searches by name or e-mail, says when nothing matches, and clears the search', async () => {
    const backend = installBackend();
    const { user } = renderPage();
    const dialog = await openRosterFromRow(user);
    const search = within(dialog).getByRole('searchbox', { name: 'Buscar alunos' });

    await user.type(search, 'bruno{Enter}');
    await waitFor(() => expect(studentNames()).toEqual(['Bruno Lima']));
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 aluno encontrado');
    expect(new URLSearchParams(window.location.search).get('rosterQ')).toBe('bruno');

    await user.clear(search);
    await user.type(search, 'zeca{Enter}');
    expect(
      await within(dialog).findByText('Nenhum aluno desta turma tem “zeca” no nome ou no e-mail.'),
    ).toBeVisible();
    // The empty state's button (the field has one of the same name, an icon).
    const clear = within(dialog).getAllByRole('button', { name: 'Limpar busca' });
    await user.click(clear.find((button) => button.textContent === 'Limpar busca')!);
    await waitFor(() => expect(studentNames()).toHaveLength(3));
    expect(search).toHaveFocus();
    expect(new URLSearchParams(window.location.search).has('rosterQ')).toBe(false);
    // Typed words may go out as they are typed (a slow machine spaces the keys past the
    // debounce); the whole words did, and clearing asked nothing again (the first page is cached).
    const queries = rosterRequests(backend).map((request) => request.searchParams.query);
    expect(queries[0]).toBeUndefined();
    expect(queries).toContain('bruno');
    expect(queries.at(-1)).toBe('zeca');
  });

  it('sorts by a column header, with aria-sort saying how', async () => {
    const backend = installBackend();
    const { user } = renderPage();
    const dialog = await openRosterFromRow(user);
    const header = within(dialog).getByRole('columnheader', { name: 'Validade' });
    expect(header).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(() => expect(studentNames()).toEqual(['Ana Souza', 'Bruno Lima', 'Carla Dias']));
    expect(rosterRequests(backend).at(-1)?.searchParams.sortBy).toBe('expirationDate');

    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'descending'));
    // No expiry counts as the latest: first going down.
    await waitFor(() => expect(studentNames()).toEqual(['Carla Dias', 'Bruno Lima', 'Ana Souza']));
  });

  it('pages through a big turma', async () => {
    const many = Array.from({ length: 55 }, (_, index) => ({
      email: `aluno${String(index).padStart(2, '0')}@escola.test`,
      name: `Aluno ${String(index).padStart(2, '0')}`,
    }));
    installBackend({
      turmas: [{ ...MATEMATICA, countStudents: 55 }],
      enrolments: { 't-mat': many },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ver alunos de Matemática 9º A' }));
    const dialog = await rosterDialog();
    await within(dialog).findByText('55 alunos');
    expect(studentNames()).toHaveLength(50);
    const pager = within(dialog).getByRole('navigation', { name: 'Páginas da lista de alunos' });
    await user.click(within(pager).getByRole('button', { name: 'Próxima página' }));
    await waitFor(() =>
      expect(studentNames()).toEqual(['Aluno 50', 'Aluno 51', 'Aluno 52', 'Aluno 53', 'Aluno 54']),
    );
    expect(within(dialog).getByText('51–55 de 55')).toBeVisible();
    expect(new URLSearchParams(window.location.search).get('rosterPage')).toBe('2');
  });

  it('offers every student found once a page is ticked, across pages', async () => {
    const many = Array.from({ length: 120 }, (_, index) => ({
      email: `aluno${String(index).padStart(3, '0')}@escola.test`,
      name: `Aluno ${String(index).padStart(3, '0')}`,
    }));
    const backend = installBackend({
      turmas: [{ ...MATEMATICA, countStudents: 120 }],
      enrolments: { 't-mat': many },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ver alunos de Matemática 9º A' }));
    const dialog = await rosterDialog();
    await within(dialog).findByText('120 alunos');

    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Selecionar todos os alunos desta página' }),
    );
    expect(within(dialog).getByText('Os 50 alunos desta página estão selecionados.')).toBeVisible();
    await user.click(
      within(dialog).getByRole('button', { name: 'Selecionar todos os 120 alunos encontrados' }),
    );

    expect(
      await within(dialog).findByText('Os 120 alunos encontrados estão selecionados.'),
    ).toBeVisible();
    const bar = within(dialog).getByRole('region', { name: 'Alunos selecionados' });
    expect(within(bar).getByRole('status')).toHaveTextContent('120 alunos selecionados');
    // Pages of 100, the most the API gives.
    const asked = rosterRequests(backend).map(({ searchParams }) => searchParams);
    expect(asked.filter(({ pageSize }) => pageSize === '100').map(({ page }) => page)).toEqual([
      '1',
      '2',
    ]);
  });

  it('says when the roster cannot load, and loads it on retry', async () => {
    const backend = installBackend();
    const { user } = renderPage();
    await within(turmasTable()).findByText('Matemática 9º A');
    backend.failNext(
      { status: 503 },
      { where: (request) => request.pathname.endsWith('/students') },
    );
    await user.click(screen.getByRole('button', { name: 'Ver alunos de Matemática 9º A' }));
    const dialog = await rosterDialog();
    expect(await within(dialog).findByText('Não foi possível carregar os alunos')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(dialog).findByText('3 alunos')).toBeVisible();
  });
});

describe('acting from the roster', () => {
  it('removes two students after their number is typed, and the counts follow', async () => {
    const backend = installBackend();
    const { user } = renderPage();
    const roster = await openRosterFromRow(user);
    await user.click(within(roster).getByRole('checkbox', { name: /^Selecionar Ana Souza/ }));
    await user.click(within(roster).getByRole('checkbox', { name: /^Selecionar Bruno Lima/ }));
    const bar = within(roster).getByRole('region', { name: 'Alunos selecionados' });
    expect(within(bar).getByRole('status')).toHaveTextContent('2 alunos selecionados');
    await user.click(within(bar).getByRole('button', { name: 'Remover da turma' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Remover 2 alunos da turma' });
    const submit = within(dialog).getByRole('button', { name: 'Remover 2 alunos' });
    const confirmation = within(dialog).getByRole('textbox', {
      name: 'Para confirmar, digite quantos alunos serão removidos: 2',
    });
    expect(confirmation).toHaveFocus();
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    // The near miss: one too many.
    await user.type(confirmation, '3');
    expect(confirmation).toHaveAccessibleDescription(
      'O número digitado não é o de alunos que serão removidos.',
    );
    await user.click(submit);
    expect(backend.enrolments('t-mat')).toHaveLength(3);

    await user.clear(confirmation);
    await user.type(confirmation, '2{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(backend.enrolments('t-mat')).toEqual(['carla.dias@escola.test']);
    const notice = await within(roster).findByText('2 alunos não estão mais em Matemática 9º A.');
    expect(notice).toBeVisible();
    // The button that opened the dialog went with the selection: focus is on what happened.
    const statusOf = (text: string) =>
      within(roster)
        .getAllByRole('status')
        // With the audit extension the notice also holds its "Desfazer".
        .find((region) => region.textContent.startsWith(text));
    await waitFor(() =>
      expect(statusOf('2 alunos não estão mais em Matemática 9º A.')).toHaveFocus(),
    );
    await waitFor(() => expect(studentNames()).toEqual(['Carla Dias']));
    expect(within(roster).queryByRole('region', { name: 'Alunos selecionados' })).toBeNull();
    const removals = backend.requests.filter((request) => request.method === 'DELETE');
    expect(removals.map((request) => request.body)).toEqual([
      { email: 'ana.souza@escola.test', classes: [{ id: 't-mat' }] },
      { email: 'bruno.lima@escola.test', classes: [{ id: 't-mat' }] },
    ]);

    // Behind the panel, the turma's count has dropped with it.
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = within(turmasTable()).getByRole('row', { name: /Matemática 9º A/ });
    await waitFor(() => expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('1'));
  });

  it('gives Escape to the dialog over the panel, not to both', async () => {
    installBackend();
    const { user } = renderPage();
    const roster = await openRosterFromRow(user);
    await user.click(within(roster).getByRole('checkbox', { name: /^Selecionar Carla Dias/ }));
    await user.click(within(roster).getByRole('button', { name: 'Remover da turma' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remover 1 aluno da turma' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Alunos de Matemática 9º A' })).toBeVisible();
    expect(window.location.search).toBe('?turma=t-mat');
    await waitFor(() =>
      expect(within(roster).getByRole('button', { name: 'Remover da turma' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for the e-mail to remove one student', async () => {
    const backend = installBackend();
    const { user } = renderPage();
    const roster = await openRosterFromRow(user);
    await user.click(within(roster).getByRole('checkbox', { name: /^Selecionar Carla Dias/ }));
    await user.click(within(roster).getByRole('button', { name: 'Remover da turma' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remover 1 aluno da turma' });
    const confirmation = within(dialog).getByRole('textbox', {
      name: 'Para confirmar, digite o e-mail do aluno',
    });
    await user.type(confirmation, 'CARLA.DIAS@escola.test');
    await user.click(within(dialog).getByRole('button', { name: 'Remover 1 aluno' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(backend.enrolments('t-mat')).toEqual([
      'ana.souza@escola.test',
      'bruno.lima@escola.test',
    ]);
  });

  it('pauses a removal before the next call, counts done, failed and not attempted, and goes on', async () => {
    const six = Array.from({ length: 6 }, (_, index) => `aluno${index}@escola.test`);
    const backend = installBackend({ enrolments: { 't-mat': six } });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ver alunos de Matemática 9º A' }));
    const roster = await rosterDialog();
    await within(roster).findByText('6 alunos');
    await user.click(
      within(roster).getByRole('checkbox', { name: 'Selecionar todos os alunos desta página' }),
    );
    await user.click(within(roster).getByRole('button', { name: 'Remover da turma' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remover 6 alunos da turma' });
    const deletes = () => backend.requests.filter((request) => request.method === 'DELETE');
    const emailOf = (request: { body: unknown }) => (request.body as { email: string }).email;
    // The first four calls (the runner's four in flight) wait until paused.
    const held = backend.hold((request) => request.method === 'DELETE');
    await user.type(within(dialog).getByRole('textbox', { name: /^Para confirmar/ }), '6{Enter}');
    await waitFor(() => expect(held.requests).toHaveLength(4));
    // One of them is refused for good.
    const refused = emailOf(held.requests[1]!);
    backend.failNext(
      { status: 409 },
      { where: (request) => request.method === 'DELETE' && emailOf(request) === refused },
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Pausar' }));
    held.release();

    expect(await within(dialog).findByText('Pausado')).toHaveAttribute('role', 'status');
    expect(runCounts(dialog)).toEqual({
      Concluídos: '3',
      'Com falha': '1',
      'Ainda não tentados': '2',
      'Tempo restante': 'calculando…',
    });
    expect(within(dialog).getByRole('progressbar', { name: 'Andamento' })).toHaveAttribute(
      'aria-valuenow',
      '4',
    );
    const items = within(within(dialog).getByRole('list', { name: 'Resultado por aluno' }));
    expect(items.getAllByText('Removido da turma')).toHaveLength(3);
    expect(items.getAllByText('Aguardando')).toHaveLength(2);
    // The counts are the server's: nothing more was sent (a runner that went on would have sent
    // the fifth as the fourth settled, before "Pausado" showed), three are gone.
    expect(deletes()).toHaveLength(4);
    expect(backend.enrolments('t-mat')).toHaveLength(3);
    expect(backend.enrolments('t-mat')).toContain(refused);
    // Paused, the run still has work to do: closing the tab asks first.
    expect(closeTabAsks()).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('1 aluno ficou como estava');
    expect(closeTabAsks()).toBe(false);
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(backend.enrolments('t-mat')).toEqual([refused]);
    expect(deletes()).toHaveLength(6);
    expect(
      await within(roster).findByText('5 alunos não estão mais em Matemática 9º A.'),
    ).toBeVisible();
  });

  it('shows each outcome when some fail, and sends only those again', async () => {
    const backend = installBackend();
    const { user } = renderPage();
    const roster = await openRosterFromRow(user);
    await user.click(
      within(roster).getByRole('checkbox', { name: 'Selecionar todos os alunos desta página' }),
    );
    await user.click(within(roster).getByRole('button', { name: 'Remover da turma' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remover 3 alunos da turma' });
    backend.failNext(
      { status: 503 },
      {
        where: (request) =>
          request.method === 'DELETE' && JSON.stringify(request.body).includes('bruno'),
      },
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Para confirmar/ }), '3{Enter}');

    const summary = await within(dialog).findByRole('alert');
    expect(summary).toHaveTextContent('1 aluno ficou como estava');
    await waitFor(() => expect(summary).toHaveFocus());
    const outcomes = within(dialog).getByRole('list', { name: 'Resultado por aluno' });
    const items = within(outcomes).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Removido da turma');
    expect(items[1]).toHaveTextContent('Não sabemos se foi feito');
    expect(items[1]).toHaveTextContent('código 503');
    expect(items[2]).toHaveTextContent('Removido da turma');
    expect(backend.enrolments('t-mat')).toEqual(['bruno.lima@escola.test']);
    // Behind the dialog the panel already says what was done.
    expect(
      within(roster).getByText('2 alunos não estão mais em Matemática 9º A.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Tentar de novo com 1 aluno' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(backend.enrolments('t-mat')).toEqual([]);
    const removals = backend.requests.filter((request) => request.method === 'DELETE');
    expect(removals).toHaveLength(4);
  });

  it('changes the expiry of the ticked students, saying it replaces theirs', async () => {
    const backend = installBackend();
    const { user } = renderPage();
    const roster = await openRosterFromRow(user);
    await user.click(within(roster).getByRole('checkbox', { name: /^Selecionar Ana Souza/ }));
    await user.click(within(roster).getByRole('checkbox', { name: /^Selecionar Bruno Lima/ }));
    await user.click(within(roster).getByRole('button', { name: 'Alterar validade' }));

    const dialog = await screen.findByRole('dialog', { name: 'Alterar a validade de 2 alunos' });
    expect(
      within(dialog).getByText(/A nova validade substitui a atual de cada aluno listado/),
    ).toBeVisible();
    // Everyone listed is in the turma: no "if the student is already in the turma" (issue 34).
    expect(within(dialog).queryByText(/Se o aluno já estiver na turma/)).toBeNull();
    expect(
      within(dialog).getByRole('checkbox', { name: /^Sem validade/ }),
    ).toHaveAccessibleDescription('O acesso não expira.');
    const students = within(dialog).getByRole('list', { name: 'Validade atual de cada aluno' });
    expect(within(students).getAllByRole('listitem')[0]).toHaveTextContent(
      'Validade atual: Expirada',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /^Sem validade/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Alterar validade' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Alterar/ })).toBeNull());
    expect(backend.expiryOf('t-mat', 'ana.souza@escola.test')).toBeNull();
    expect(backend.expiryOf('t-mat', 'bruno.lima@escola.test')).toBeNull();
    expect(await within(roster).findByText('A validade de 2 alunos foi alterada.')).toBeVisible();
    await waitFor(() => expect(within(rosterTable()).getAllByText('Sem validade')).toHaveLength(3));
  });
});

describe('a name stored before the contract refused its characters', () => {
  // U+202E shows what follows right to left: stored as is, this reads "Aluno exe.png".
  const LYING: SeededEnrolment = {
    email: 'lying@escola.test',
    name: 'Aluno \u202Egnp.exe\u202C',
    expirationDate: inDays(5),
  };
  const ESCAPED = 'Aluno [U+202E]gnp.exe[U+202C]';

  it('is shown escaped, in the roster and the dialogs, and its expiry can still be changed', async () => {
    const backend = installBackend({ enrolments: { 't-mat': [ANA, BRUNO, LYING] } });
    const { user } = renderPage();
    const roster = await openRosterFromRow(user);

    expect(studentNames()).toEqual([ESCAPED, 'Ana Souza', 'Bruno Lima']);
    await user.click(
      within(roster).getByRole('checkbox', { name: `Selecionar ${ESCAPED} (lying@escola.test)` }),
    );
    await user.click(within(roster).getByRole('button', { name: 'Alterar validade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar a validade de 1 aluno' });
    const students = within(dialog).getByRole('list', { name: 'Validade atual de cada aluno' });
    expect(within(students).getByRole('listitem')).toHaveTextContent(ESCAPED);

    // The server keeps the stored name: the body carries one the contract accepts.
    await user.click(within(dialog).getByRole('checkbox', { name: /^Sem validade/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Alterar validade' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Alterar/ })).toBeNull());
    expect(backend.expiryOf('t-mat', 'lying@escola.test')).toBeNull();
  });
});

describe('after a run from the roster: focus and words', { timeout: 40_000 }, () => {
  /** The roster's three students ticked, and the copy or move dialog opened for them. */
  async function openTravel(
    kind: 'copy' | 'move',
    locale: 'pt-BR' | 'en' = 'pt-BR',
    options: ReferenceApiOptions = {},
  ) {
    const pt = locale === 'pt-BR';
    const backend = installBackend(options);
    const { user } = render(<TurmasPage api={createTestApiClient()} />, { locale });
    await user.click(
      await screen.findByRole('button', {
        name: pt ? 'Ver alunos de Matemática 9º A' : 'See the students of Matemática 9º A',
      }),
    );
    const roster = await rosterDialog(
      pt ? 'Alunos de Matemática 9º A' : 'Students of Matemática 9º A',
    );
    await within(roster).findByText(pt ? '3 alunos' : '3 students');
    await user.click(
      within(roster).getByRole('checkbox', {
        name: pt ? 'Selecionar todos os alunos desta página' : 'Select every student on this page',
      }),
    );
    const action = {
      copy: pt ? 'Matricular estes alunos em…' : 'Enrol these students in…',
      move: pt ? 'Mover para outra turma…' : 'Move to another class…',
    }[kind];
    await user.click(within(roster).getByRole('button', { name: action }));
    const title = {
      copy: pt ? 'Matricular 3 alunos em outra turma' : 'Enrol 3 students in another class',
      move: pt ? 'Mover 3 alunos para outra turma' : 'Move 3 students to another class',
    }[kind];
    // Its code loads on the first click: slow on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: title }, { timeout: 10_000 });
    const search = within(dialog).getByRole('combobox', {
      name: pt ? 'Adicionar turma' : 'Add a class',
    });
    await user.type(search, 'Física');
    await user.click(
      await screen.findByRole('option', { name: /Física 1º B/ }, { timeout: 5_000 }),
    );
    return { backend, user, roster, dialog };
  }

  it('copies: focus stays in the dialog through the run, then is on its summary; Escape closes', async () => {
    const { backend, user, roster, dialog } = await openTravel('copy');
    // Ana's expiry, kept, has passed: she is warned of, and sent unless left out.
    await within(dialog).findByRole('list', { name: 'Alunos com aviso' });
    const held = backend.hold((request) => request.method === 'POST');
    await user.click(within(dialog).getByRole('button', { name: 'Matricular 3 alunos' }));
    await waitFor(() => expect(held.requests).toHaveLength(3));
    // The send button went with the form: focus is on the run's control, not the page's body.
    expect(within(dialog).getByRole('button', { name: 'Pausar' })).toHaveFocus();
    held.release();

    const summary = await within(dialog).findByText('Concluído — feitos: 3; não feitos: 0.');
    await waitFor(() => expect(summary).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Matricular/ })).toBeNull());
    expect(backend.enrolments('t-fis')).toHaveLength(3);
    // The panel's notice names both turmas, as the student page does.
    expect(
      await within(roster).findByText(
        '3 alunos de Matemática 9º A foram matriculados em Física 1º B.',
      ),
    ).toBeVisible();
  });

  it('moves after an outage: focus on the summary once the run is over, Escape closes, in English', async () => {
    const { backend, user, roster, dialog } = await openTravel('move', 'en');
    act(() => onlineManager.setOnline(false));
    backend.failNext('network', { times: 3, where: (request) => request.method === 'POST' });
    await user.click(within(dialog).getByRole('button', { name: 'Move 3 students' }));
    const status = await within(dialog).findByRole('status', {}, { timeout: 5_000 });
    await waitFor(() => expect(status).toHaveTextContent(/^No connection$/));

    act(() => onlineManager.setOnline(true));
    const tryNow = within(dialog).getByRole('button', { name: 'Try now' });
    await user.click(tryNow);
    const summary = await within(dialog).findByText('Finished — done: 3; not done: 0.');
    // The button pressed is gone with the progress: focus is on what the run did.
    await waitFor(() => expect(summary).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Move/ })).toBeNull());
    expect(backend.enrolments('t-mat')).toEqual([]);
    expect(
      await within(roster).findByText('3 students were moved from Matemática 9º A to Física 1º B.'),
    ).toBeVisible();
  });

  it('counts in its title the students the run sends, not those left out', async () => {
    const { backend, user, roster, dialog } = await openTravel('copy');
    const warned = within(await within(dialog).findByRole('list', { name: 'Alunos com aviso' }));
    await user.click(warned.getByRole('checkbox', { name: 'Deixar Ana Souza de fora' }));
    // Title, button and results say the same number.
    expect(dialog).toHaveAccessibleName('Matricular 2 alunos em outra turma');
    await user.click(within(dialog).getByRole('button', { name: 'Matricular 2 alunos' }));
    await within(dialog).findByText('Concluído — feitos: 2; não feitos: 0.');
    expect(dialog).toHaveAccessibleName('Matricular 2 alunos em outra turma');
    const outcomes = within(dialog).getByRole('list', { name: 'Resultado por aluno' });
    expect(within(outcomes).getAllByRole('listitem')).toHaveLength(2);
    expect(backend.enrolments('t-fis')).toEqual([BRUNO.email, CARLA.email]);
    await user.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    expect(
      await within(roster).findByText(
        '2 alunos de Matemática 9º A foram matriculados em Física 1º B.',
      ),
    ).toBeVisible();
  });

  it('has no number in its title when every student is left out', async () => {
    // All three in the target until later than what they would be sent: each one is warned of.
    const later = { expirationDate: inDays(400) };
    const { user, dialog } = await openTravel('move', 'pt-BR', {
      turmas: [MATEMATICA, { ...FISICA, countStudents: 3 }],
      enrolments: {
        't-mat': [ANA, BRUNO, CARLA],
        't-fis': [ANA, BRUNO, CARLA].map((student) => ({ ...student, ...later })),
      },
    });
    const warned = within(await within(dialog).findByRole('list', { name: 'Alunos com aviso' }));
    await waitFor(() => expect(warned.getAllByRole('listitem')).toHaveLength(3));
    await user.click(
      within(dialog).getByRole('button', { name: 'Deixar de fora todos com aviso' }),
    );
    expect(dialog).toHaveAccessibleName('Mover alunos para outra turma');
    expect(within(dialog).getByRole('button', { name: 'Nenhum aluno para enviar' })).toBeVisible();
  });
});

describe('changing the expiry from the roster', () => {
  /** Ana and Bruno ticked, and the expiry dialog opened for them. */
  async function openExpiry(locale: 'pt-BR' | 'en' = 'pt-BR') {
    const pt = locale === 'pt-BR';
    const backend = installBackend();
    const { user } = render(<TurmasPage api={createTestApiClient()} />, { locale });
    await user.click(
      await screen.findByRole('button', {
        name: pt ? 'Ver alunos de Matemática 9º A' : 'See the students of Matemática 9º A',
      }),
    );
    const roster = await rosterDialog(
      pt ? 'Alunos de Matemática 9º A' : 'Students of Matemática 9º A',
    );
    await within(roster).findByText(pt ? '3 alunos' : '3 students');
    const select = pt ? 'Selecionar' : 'Select';
    await user.click(within(roster).getByRole('checkbox', { name: new RegExp(`^${select} Ana`) }));
    await user.click(
      within(roster).getByRole('checkbox', { name: new RegExp(`^${select} Bruno`) }),
    );
    await user.click(
      within(roster).getByRole('button', { name: pt ? 'Alterar validade' : 'Change expiry' }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: pt ? 'Alterar a validade de 2 alunos' : 'Change the expiry of 2 students' },
      { timeout: 10_000 },
    );
    return { backend, user, dialog };
  }

  it('opens in the expiry field, lists the current expiries as such, then each outcome', async () => {
    const { backend, user, dialog } = await openExpiry();
    // What the dialog is for, not its ✕.
    const field = within(dialog).getByRole('textbox', { name: 'Validade da matrícula' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(within(dialog).queryByRole('list', { name: 'Resultado por aluno' })).toBeNull();
    const current = within(dialog).getByRole('list', { name: 'Validade atual de cada aluno' });
    expect(within(current).getAllByRole('listitem')[1]).toHaveTextContent(
      'Validade atual: Expira em 5 dias',
    );

    backend.failNext(
      { status: 409 },
      {
        where: (request) =>
          request.method === 'POST' && JSON.stringify(request.body).includes('bruno'),
      },
    );
    await user.click(within(dialog).getByRole('checkbox', { name: /^Sem validade/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Alterar validade' }));
    const summary = await within(dialog).findByRole('alert', {
      name: /^1 aluno ficou como estava/,
    });
    await waitFor(() => expect(summary).toHaveFocus());
    // A run has results now: the list says so.
    const outcomes = within(dialog).getByRole('list', { name: 'Resultado por aluno' });
    expect(within(outcomes).getAllByRole('listitem')[0]).toHaveTextContent('Validade alterada');
    expect(within(dialog).queryByRole('list', { name: 'Validade atual de cada aluno' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Alterar/ })).toBeNull());
  });

  it('opens in the expiry field and names the list in English too', async () => {
    const { dialog } = await openExpiry('en');
    const field = within(dialog).getByRole('textbox', { name: 'Enrolment expiry' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(
      within(dialog).getByRole('list', { name: "Each student's current expiry" }),
    ).toBeVisible();
  });
});
