/**
 * The student's page (issue 37): opened by its address, its states, changing an expiry, and a
 * move between turmas, including one whose second call fails. Through the page that composes it,
 * against the reference API in-process.
 */
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { TurmasPage } from '../../app/turmas-page';
import { announceSessionRestored } from '../../components/form-dialog/session-restored';
import type { ApiClient } from '../../api/client';
import { getClassStudents } from '../../api/extension-calls';
import { createTestApiClient } from '../../testing/api-client';
import {
  installReferenceApi,
  type ReferenceApiOptions,
  type SeededEnrolment,
} from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';
import { waitingNotice } from '../../testing/waiting-notice';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY + 60_000).toISOString();

const MATEMATICA = aTurma({ id: 't-mat', name: 'Matemática 9º A', countStudents: 1 });
const HISTORIA = aTurma({ id: 't-his', name: 'História 9º A', countStudents: 1 });
const ARTES = aTurma({ id: 't-art', name: 'Artes 9º A', countStudents: 1 });
const FISICA = aTurma({ id: 't-fis', name: 'Física 1º B', countStudents: 0 });

const ANA = { email: 'ana.souza@escola.test', name: 'Ana Souza' };
const ana = (expirationDate?: string): SeededEnrolment => ({
  ...ANA,
  ...(expirationDate && { expirationDate }),
});

function installBackend(options: ReferenceApiOptions = {}) {
  return installReferenceApi({
    turmas: [MATEMATICA, HISTORIA, ARTES, FISICA],
    enrolments: {
      't-mat': [ana(inDays(12))],
      't-his': [ana(inDays(-3))],
      't-art': [ana()],
    },
    ...options,
  });
}

function openPage(email = ANA.email) {
  window.history.replaceState(null, '', `/?aluno=${encodeURIComponent(email)}`);
  return render(<TurmasPage api={createTestApiClient()} />);
}

const studentTable = () => screen.getByRole('table', { name: 'Turmas de Ana Souza' });
const rowOf = (turma: string) =>
  within(studentTable())
    .getAllByRole('row')
    .find((row) => within(row).queryByText(turma) !== null)!;
/**
 * A turma's students as an undo must leave them: e-mail, expiry and enrolment date (only
 * updatedAt moves).
 */
const enrolmentsOf = async (api: ApiClient, turmaId: string) =>
  (await getClassStudents(api, turmaId)).data.map(({ email, expirationDate, enrolledAt }) => ({
    email,
    expirationDate,
    enrolledAt,
  }));
const turmaNames = () =>
  within(studentTable())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => window.history.replaceState(null, '', '/'));

describe('the student page', () => {
  it('"Matricular em mais turmas" opens the form filled in, typing in its turma search', async () => {
    installBackend();
    const { user } = openPage();
    const page = await screen.findByRole('dialog', { name: 'Ana Souza' });
    await user.click(
      await within(page).findByRole('button', { name: 'Matricular em mais turmas' }),
    );

    // The form's code is loaded on demand: its first load in a test file is transformed then.
    const form = await screen.findByRole(
      'dialog',
      { name: 'Matricular aluno' },
      { timeout: 10_000 },
    );
    expect(within(form).getByLabelText(/^Nome do aluno/)).toHaveValue('Ana Souza');
    const search = within(form).getByRole('combobox', { name: 'Adicionar turma' });
    await waitFor(() => expect(search).toHaveFocus());
    await user.keyboard('Físi');
    expect(search).toHaveValue('Físi');
    expect(within(form).getByLabelText(/^Nome do aluno/)).toHaveValue('Ana Souza');
  });

  it('opens from its address with every turma, its expiry and the focus on its heading', async () => {
    installBackend();
    openPage();

    const page = await screen.findByRole('dialog', { name: 'Ana Souza' });
    await waitFor(
      () => expect(within(page).getByRole('heading', { name: 'Ana Souza' })).toHaveFocus(),
      { timeout: 3000 },
    );
    expect(within(page).getByText(ANA.email)).toBeVisible();
    expect(within(page).getByRole('heading', { name: 'Turmas (3)' })).toBeVisible();
    expect(turmaNames()).toEqual(['Artes 9º A', 'História 9º A', 'Matemática 9º A']);
    expect(rowOf('Matemática 9º A')).toHaveTextContent('Expira em 12 dias');
    expect(rowOf('História 9º A')).toHaveTextContent('Expirada');
    expect(rowOf('Artes 9º A')).toHaveTextContent('Sem validade');
  });

  it('sorts by expiry, soonest first, none last; then the other way', async () => {
    installBackend();
    const { user } = openPage();
    await screen.findByRole('table', { name: 'Turmas de Ana Souza' });

    const header = screen.getByRole('columnheader', { name: 'Validade' });
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(turmaNames()).toEqual(['História 9º A', 'Matemática 9º A', 'Artes 9º A']);
    await user.click(within(header).getByRole('button'));
    expect(turmaNames()).toEqual(['Artes 9º A', 'Matemática 9º A', 'História 9º A']);
  });

  it('says when no student has the e-mail of the address', async () => {
    installBackend();
    openPage('ninguem@escola.test');

    const page = await screen.findByRole('dialog', { name: 'Aluno não encontrado' });
    expect(
      await within(page).findByText(/Nenhum aluno tem o e-mail “ninguem@escola.test”/),
    ).toBeVisible();
  });

  it('says when the student could not be read, and reads again on retry', async () => {
    const backend = installBackend();
    backend.failNext(
      { status: 500 },
      { where: (request) => request.pathname.endsWith('/by-email') },
    );
    const { user } = openPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar o aluno');
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table', { name: 'Turmas de Ana Souza' })).toBeVisible();
  });

  it('opened offline, says it waits for the connection, not that it failed; back online, it loads', async () => {
    const backend = installBackend();
    // A client that has had the server's answer (which extensions it has) before the browser went
    // offline; the page opens with the browser offline and no event since.
    const api = createTestApiClient();
    await api.getClasses();
    let offline = true;
    backend.failNext('network', { times: Infinity, where: () => offline });
    const browserOnline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      window.history.replaceState(null, '', `/?aluno=${encodeURIComponent(ANA.email)}`);
      render(<TurmasPage api={api} />, { queryClient: createQueryClient(() => {}) });
      const page = await screen.findByRole('dialog', { name: ANA.email });

      await waitingNotice(page, 'O aluno aparece assim que a conexão voltar.');
      expect(within(page).queryByRole('alert')).toBeNull();
      expect(backend.requests.some((request) => request.pathname.endsWith('/by-email'))).toBe(
        false,
      );

      offline = false;
      browserOnline.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(await screen.findByRole('table', { name: 'Turmas de Ana Souza' })).toBeVisible();
    } finally {
      browserOnline.mockRestore();
      onlineManager.setOnline(true);
    }
  });

  it('shows nothing for the address where the server does not read students', async () => {
    const backend = installBackend({ extensions: false });
    openPage();

    await screen.findByText('Matemática 9º A');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(backend.requests.some((request) => request.pathname.endsWith('/by-email'))).toBe(false);
  });

  it('changes the expiry in the turmas ticked, in one v1 call', async () => {
    const backend = installBackend();
    const { user } = openPage();
    await screen.findByRole('table', { name: 'Turmas de Ana Souza' });

    await user.click(
      within(studentTable()).getByRole('checkbox', { name: 'Selecionar Matemática 9º A' }),
    );
    await user.click(
      within(studentTable()).getByRole('checkbox', { name: 'Selecionar História 9º A' }),
    );
    await user.click(screen.getByRole('button', { name: 'Alterar validade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar validade' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sem validade' }));
    await user.click(within(dialog).getByRole('button', { name: 'Alterar validade' }));

    expect(await screen.findByText(/^Validade alterada em /)).toBeVisible();
    await waitFor(() => expect(rowOf('História 9º A')).toHaveTextContent('Sem validade'));
    expect(rowOf('Matemática 9º A')).toHaveTextContent('Sem validade');
    const writes = backend.requests.filter((request) => request.method === 'POST');
    expect(writes).toHaveLength(1);
    expect(writes[0]!.body).toEqual({
      name: 'Ana Souza',
      email: ANA.email,
      // In the student's order of turmas, by name.
      classes: [{ id: 't-his' }, { id: 't-mat' }],
    });
  });
});

describe('the dialogs’ focus', () => {
  const tick = async (user: ReturnType<typeof openPage>['user'], turma: string) =>
    user.click(within(studentTable()).getByRole('checkbox', { name: `Selecionar ${turma}` }));

  it('"Alterar validade" opens on the expiry, not the ✕; closed, back to its button', async () => {
    installBackend();
    const { user } = openPage();
    await screen.findByRole('table', { name: 'Turmas de Ana Souza' });
    await tick(user, 'Matemática 9º A');
    const opener = screen.getByRole('button', { name: 'Alterar validade' });

    for (const close of ['Cancelar', '{Escape}']) {
      await user.click(opener);
      const dialog = await screen.findByRole('dialog', { name: 'Alterar validade' });
      await waitFor(() =>
        expect(
          within(dialog).getByRole('textbox', { name: /^Validade da matrícula/ }),
        ).toHaveFocus(),
      );
      if (close === 'Cancelar')
        await user.click(within(dialog).getByRole('button', { name: close }));
      else await user.keyboard(close);
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      await waitFor(() => expect(opener).toHaveFocus());
    }

    // Sent, its button goes with the ticks: the outcome, with its Desfazer, has the focus.
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Alterar validade' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sem validade' }));
    await user.click(within(dialog).getByRole('button', { name: 'Alterar validade' }));
    const outcome = await waitFor(() => {
      const found = screen
        .getAllByRole('status')
        .find((status) => status.textContent.startsWith('Validade alterada em Matemática 9º A.'));
      expect(found).toBeDefined();
      return found!;
    });
    await waitFor(() => expect(outcome).toHaveFocus());

    // Its ✕ is the notice's, named so; dismissed, focus goes to the page's heading.
    expect(within(outcome).queryByRole('button', { name: 'Fechar página do aluno' })).toBeNull();
    await user.click(within(outcome).getByRole('button', { name: 'Fechar aviso' }));
    expect(outcome).not.toBeInTheDocument();
    const page = screen.getByRole('dialog', { name: 'Ana Souza' });
    expect(within(page).getByRole('heading', { name: 'Ana Souza' })).toHaveFocus();
  });

  it('"Remover das turmas" opens on the typed confirmation; closed, back to its button', async () => {
    installBackend();
    const { user } = openPage();
    await screen.findByRole('table', { name: 'Turmas de Ana Souza' });
    await tick(user, 'Artes 9º A');
    const opener = screen.getByRole('button', { name: 'Remover das turmas' });

    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Remover das turmas' });
    const confirmation = within(dialog).getByRole('textbox', {
      name: 'Digite o e-mail do aluno para confirmar',
    });
    await waitFor(() => expect(confirmation).toHaveFocus());
    // Enter there sends nothing until the e-mail is typed.
    await user.keyboard('{Enter}');
    expect(dialog).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('a change refused for an expired session', () => {
  it('says so, and drops it once the person has signed in again', async () => {
    const backend = installBackend();
    backend.failNext({ status: 401 }, { where: (request) => request.method === 'POST' });
    const { user } = openPage();
    await screen.findByRole('table', { name: 'Turmas de Ana Souza' });
    await user.click(
      within(studentTable()).getByRole('checkbox', { name: 'Selecionar Matemática 9º A' }),
    );
    await user.click(screen.getByRole('button', { name: 'Alterar validade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar validade' });
    await user.click(within(dialog).getByRole('button', { name: 'Alterar validade' }));
    expect(await within(dialog).findByText(/Entre novamente para continuar/)).toBeVisible();

    // The sign-in over the page accepted a new token: what is left is to send again.
    act(() => announceSessionRestored());
    expect(within(dialog).queryByText(/Entre novamente para continuar/)).toBeNull();
    expect(dialog).toBeVisible();
  });
});

describe('moving between turmas', () => {
  async function startMove(
    user: ReturnType<typeof openPage>['user'],
    to: { search: string; name: RegExp } = { search: 'fisica', name: /Física 1º B/ },
  ) {
    await screen.findByRole('table', { name: 'Turmas de Ana Souza' });
    await user.click(screen.getByRole('button', { name: 'Mover de Matemática 9º A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mover para outra turma' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Adicionar turma' }), to.search);
    await user.click(await within(dialog).findByRole('option', { name: to.name }));
    await user.click(within(dialog).getByRole('button', { name: 'Mover' }));
    return dialog;
  }

  it('enrols in the new turma keeping the expiry, then removes from the old', async () => {
    const backend = installBackend();
    const { user } = openPage();
    await startMove(user);

    expect(await screen.findByText('Movido de Matemática 9º A para Física 1º B.')).toBeVisible();
    await waitFor(() =>
      expect(turmaNames()).toEqual(['Artes 9º A', 'Física 1º B', 'História 9º A']),
    );
    expect(rowOf('Física 1º B')).toHaveTextContent('Expira em 12 dias');
    const writes = backend.requests.filter((request) => request.method !== 'GET');
    expect(writes.map((request) => [request.method, request.pathname])).toEqual([
      ['POST', '/v1/classe/t-fis/add-student'],
      ['DELETE', '/v1/classe/remove-student'],
    ]);
  });

  it('shows the turma it leaves as not for picking, and warns of a shorter expiry where it goes', async () => {
    // Ana's expiry in Matemática is 12 days away; in Artes she has none.
    const backend = installBackend();
    const { user } = openPage();
    await screen.findByRole('table', { name: 'Turmas de Ana Souza' });
    await user.click(screen.getByRole('button', { name: 'Mover de Matemática 9º A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mover para outra turma' });
    const search = within(dialog).getByRole('combobox', { name: 'Adicionar turma' });

    await user.type(search, 'matematica');
    // The answer for what was typed: Matemática alone.
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox', { name: 'Turmas encontradas' }))
          .getAllByRole('option')
          .map((option) => option.getAttribute('aria-label')),
      ).toEqual(['Matemática 9º A']),
    );
    const leaving = screen.getByRole('option', { name: 'Matemática 9º A' });
    expect(leaving).toHaveAttribute('aria-disabled', 'true');
    expect(leaving).toHaveAccessibleDescription('A turma de onde sai');
    await user.click(leaving);
    await user.keyboard('{ArrowDown}{Enter}');
    const chosen = within(dialog).getByRole('list', { name: 'Para a turma' });
    expect(within(chosen).queryAllByRole('listitem')).toEqual([]);

    await user.clear(search);
    await user.type(search, 'artes');
    await user.click(await within(dialog).findByRole('option', { name: 'Artes 9º A' }));
    const warnings = within(dialog).getByRole('note', { name: 'Avisos sobre a turma de destino' });
    expect(warnings).toHaveTextContent(
      /^Artes 9º A: hoje a matrícula não tem validade; passará a terminar em /,
    );
    expect(backend.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('starts in the turma search, and goes back to it when sent with no turma', async () => {
    const backend = installBackend();
    const { user } = openPage();
    await screen.findByRole('table', { name: 'Turmas de Ana Souza' });
    await user.click(screen.getByRole('button', { name: 'Mover de Matemática 9º A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mover para outra turma' });
    const search = within(dialog).getByRole('combobox', { name: 'Adicionar turma' });
    await waitFor(() => expect(search).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Mover' }));
    await waitFor(() => expect(search).toHaveAccessibleDescription('Escolha a turma de destino.'));
    expect(search).toHaveFocus();
    expect(backend.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('closes the turma list once one is picked: the next click lands on what is below it', async () => {
    installBackend();
    const { user } = openPage();
    await screen.findByRole('table', { name: 'Turmas de Ana Souza' });
    await user.click(screen.getByRole('button', { name: 'Mover de Matemática 9º A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mover para outra turma' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Adicionar turma' }), 'fisica');
    await user.click(await within(dialog).findByRole('option', { name: /Física 1º B/ }));

    // Closed while focus is still in the search: nothing collapses as a click takes it away
    // (the e2e test student-page-move.spec.ts clicks where the checkbox is on the screen).
    expect(screen.queryByRole('listbox', { name: 'Turmas encontradas' })).toBeNull();
    const keep = within(dialog).getByRole('checkbox', { name: 'Manter a validade atual' });
    await user.click(keep);
    expect(keep).not.toBeChecked();
    expect(within(dialog).getByRole('list', { name: 'Para a turma' })).toHaveTextContent(
      'Física 1º B',
    );
  });

  it('an Escape in the move dialog closes its turma list, not the dialog nor the page', async () => {
    installBackend();
    const { user } = openPage();
    await screen.findByRole('table', { name: 'Turmas de Ana Souza' });
    await user.click(screen.getByRole('button', { name: 'Mover de Matemática 9º A' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mover para outra turma' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Adicionar turma' }), 'fisica');
    // Picked from the keyboard.
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox', { name: 'Turmas encontradas' })).getAllByRole('option'),
      ).toHaveLength(1),
    );
    await user.keyboard('{ArrowDown}{Enter}');
    expect(within(dialog).getByRole('list', { name: 'Para a turma' })).toHaveTextContent(
      'Física 1º B',
    );
    // One turma to go to: picked, the list closes; Down opens it again.
    expect(screen.queryByRole('listbox', { name: 'Turmas encontradas' })).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox', { name: 'Turmas encontradas' })).toBeVisible();

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('listbox', { name: 'Turmas encontradas' })).toBeNull(),
    );
    expect(dialog).toBeVisible();
    expect(within(dialog).getByRole('list', { name: 'Para a turma' })).toHaveTextContent(
      'Física 1º B',
    );
    expect(screen.getByRole('dialog', { name: 'Ana Souza' })).toBeVisible();
    expect(window.location.search).toContain('aluno=');
  });

  it('offers Desfazer once moved: the student is back with the old expiry and date', async () => {
    const backend = installBackend();
    const api = createTestApiClient();
    const before = await enrolmentsOf(api, 't-mat');
    const { user } = openPage();
    await startMove(user);
    await screen.findByText('Movido de Matemática 9º A para Física 1º B.');
    const notice = screen
      .getAllByRole('status')
      .find((region) => region.textContent.startsWith('Movido de'))!;
    await user.click(within(notice).getByRole('button', { name: 'Desfazer' }));
    await waitFor(() => expect(backend.enrolments('t-mat')).toEqual([ANA.email]));
    expect(backend.enrolments('t-fis')).toEqual([]);
    // Back as before.
    expect(await enrolmentsOf(api, 't-mat')).toEqual(before);
    await waitFor(() =>
      expect(turmaNames()).toEqual(['Artes 9º A', 'História 9º A', 'Matemática 9º A']),
    );
  });

  it('says where the student is when the removal fails, and finishes on request', async () => {
    const backend = installBackend();
    backend.failNext({ status: 500 }, { where: (request) => request.method === 'DELETE' });
    const { user } = openPage();
    const dialog = await startMove(user);

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('A mudança ficou pela metade');
    expect(alert).toHaveTextContent(
      'O aluno agora está em Matemática 9º A e em Física 1º B: foi matriculado em Física 1º B, mas não foi removido de Matemática 9º A.',
    );
    await waitFor(() => expect(turmaNames()).toContain('Física 1º B'));
    expect(turmaNames()).toContain('Matemática 9º A');

    await user.click(
      within(dialog).getByRole('button', { name: 'Terminar: remover de Matemática 9º A' }),
    );
    expect(await screen.findByText('Movido de Matemática 9º A para Física 1º B.')).toBeVisible();
    await waitFor(() => expect(turmaNames()).not.toContain('Matemática 9º A'));
  });

  it('half moved into a turma the student was in, Desfazer sets its expiry back and keeps them', async () => {
    const backend = installBackend();
    backend.failNext({ status: 500 }, { where: (request) => request.method === 'DELETE' });
    const api = createTestApiClient();
    const before = await enrolmentsOf(api, 't-art');
    const { user } = openPage();
    // Artes, without an expiry, gets Matemática's 12 days.
    const dialog = await startMove(user, { search: 'artes', name: /Artes 9º A/ });

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'O aluno continua em Matemática 9º A e em Artes 9º A: a validade em Artes 9º A foi alterada, mas ele não foi removido de Matemática 9º A.',
    );
    expect(within(dialog).queryByRole('button', { name: /remover de Artes/ })).toBeNull();
    await user.click(
      within(dialog).getByRole('button', { name: 'Desfazer: validade de antes em Artes 9º A' }),
    );
    expect(
      await screen.findByText(/Desfeito: a validade em Artes 9º A voltou a ser a de antes/),
    ).toBeVisible();
    expect(await enrolmentsOf(api, 't-art')).toEqual(before);
    expect(backend.enrolments('t-mat')).toEqual([ANA.email]);
  });

  it('says the enrolment may have been made when its answer did not come, and nothing when refused', async () => {
    const backend = installBackend();
    backend.failNext('network', { where: (request) => request.method === 'POST' });
    const { user } = openPage();
    const dialog = await startMove(user);

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Não sabemos se o aluno foi matriculado em Física 1º B: a resposta do servidor não chegou. Ele continua em Matemática 9º A',
    );
    expect(alert).not.toHaveTextContent('Nada mudou');

    backend.failNext({ status: 404 }, { where: (request) => request.method === 'POST' });
    await user.click(within(dialog).getByRole('button', { name: 'Mover' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Não foi possível matricular em Física 1º B. Nada mudou: o aluno continua em Matemática 9º A.',
      ),
    );
  });

  it('undoes the enrolment in the new turma when asked instead', async () => {
    const backend = installBackend();
    backend.failNext({ status: 500 }, { where: (request) => request.method === 'DELETE' });
    const { user } = openPage();
    const dialog = await startMove(user);

    await user.click(
      await within(dialog).findByRole('button', { name: 'Desfazer: remover de Física 1º B' }),
    );
    expect(await screen.findByText(/Desfeito: o aluno foi removido de Física 1º B/)).toBeVisible();
    await waitFor(() =>
      expect(turmaNames()).toEqual(['Artes 9º A', 'História 9º A', 'Matemática 9º A']),
    );
  });
});
