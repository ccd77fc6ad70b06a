/**
 * History (issue 38, "## Undo") through the page that composes it, against the reference API
 * in-process: found from the page's heading where the server offers `audit`, the latest writes in
 * words, the filters, and undo of one entry and of a whole run with the counts back where they
 * were; against a plain v1, no X-Run-Id and the sent log's view instead (sent-log.test.tsx).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Console } from '../../app/app';
import { createQueryClient } from '../../app/query-client';
import { TurmasPage } from '../../app/turmas-page';
import { newRunId, type ApiClient } from '../../api/client';
import { UndoWrite } from '../../api/audit-undo-parts';
import { getAudit, undo } from '../../api/extension-calls';
import { tokenStore } from '../auth/token-store';
import { selectionStore } from '../../lib/selection-store';
import { createTestApiClient, TEST_TOKEN } from '../../testing/api-client';
import { installReferenceApi, type ReferenceApiOptions } from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';
import { waitingNotice } from '../../testing/waiting-notice';

const MATEMATICA = aTurma({ id: 't-mat', name: 'Matemática 9º A', countStudents: 1 });
const FISICA = aTurma({ id: 't-fis', name: 'Física 1º B', countStudents: 0 });

function installBackend(options: ReferenceApiOptions = {}) {
  return installReferenceApi({
    turmas: [MATEMATICA, FISICA],
    enrolments: { 't-mat': [{ email: 'ana@escola.test', name: 'Ana Souza' }] },
    ...options,
  });
}

/** Writes as the console's run would: the first answer tells the client the extensions. */
async function writeRun(api: ApiClient) {
  await api.getClasses();
  const runId = newRunId();
  for (const email of ['bia@escola.test', 'caio@escola.test', 'dora@escola.test']) {
    await api.addStudentToClasses(
      { name: email.split('@')[0]!, email, classes: [{ id: 't-fis' }] },
      { runId },
    );
  }
  await api.removeStudentFromClasses(
    { email: 'ana@escola.test', classes: [{ id: 't-mat' }] },
    { runId: newRunId() },
  );
  return runId;
}

/**
 * 51 writes, one more than History's page: aluno0's first, alone on the second page; the other
 * 50 ten at a time, as they take a while one by one on a busy machine.
 */
async function writeMoreThanAPage(api: ApiClient) {
  await api.getClasses();
  const enrol = (index: number) =>
    api.addStudentToClasses({
      name: `Aluno ${index}`,
      email: `aluno${index}@escola.test`,
      classes: [{ id: 't-fis' }],
    });
  await enrol(0);
  // Ten at a time: the API takes at most 16 calls in flight from one client.
  for (let first = 1; first <= 50; first += 10) {
    await Promise.all(Array.from({ length: 10 }, (_, index) => enrol(first + index)));
  }
}

const view = () => screen.findByRole('dialog', { name: 'Histórico' }, { timeout: 10_000 });

/** History opened on the server's trail of `writeRun`, listed. */
async function historyAfterARun() {
  installBackend();
  const api = createTestApiClient();
  await writeRun(api);
  window.history.replaceState(null, '', '/?historico');
  const { user } = render(<TurmasPage api={api} />);
  const dialog = await view();
  await within(dialog).findByRole('list', { name: /Últimas alterações/ });
  return { user, dialog };
}

function startClean() {
  window.history.replaceState(null, '', '/');
  selectionStore.clear();
  tokenStore.clear();
  onlineManager.setOnline(true);
}
beforeEach(startClean);
afterEach(startClean);

describe('history', () => {
  it('lists the latest writes in words, undoes one, then a whole run: counts back', async () => {
    const backend = installBackend();
    const api = createTestApiClient();
    const runId = await writeRun(api);
    expect(backend.requests.filter((r) => r.method !== 'GET').map((r) => r.runId)).toEqual([
      runId,
      runId,
      runId,
      expect.stringMatching(/^[0-9a-f]{32}$/),
    ]);

    const { user } = render(<TurmasPage api={api} />);
    await screen.findAllByText('Física 1º B', {}, { timeout: 10_000 });
    await user.click(await screen.findByRole('button', { name: 'Histórico' }));
    const dialog = await view();
    expect(window.location.search).toBe('?historico=');
    const list = await within(dialog).findByRole('list', {
      name: 'Últimas alterações, as mais recentes primeiro',
    });
    expect(within(list).getByText('Removeu ana@escola.test de Matemática 9º A')).toBeVisible();
    const run = within(list).getByRole('group', { name: 'Lote: 3 alterações nesta página' });
    expect(within(run).getByText(/Matriculou dora@escola.test em Física 1º B/)).toBeVisible();
    // Each line says what it changed, as a single entry's card does.
    expect(within(run).getAllByText('fora da turma → sem validade')).toHaveLength(3);

    await user.click(
      within(list).getByRole('button', {
        name: 'Desfazer: Removeu ana@escola.test de Matemática 9º A',
      }),
    );
    expect(await within(dialog).findByText('Desfeito')).toBeVisible();
    expect(within(dialog).getByText('Matemática 9º A: 1 alteração desfeita')).toBeVisible();
    expect(backend.enrolments('t-mat')).toEqual(['ana@escola.test']);
    // Its button is gone: focus is on the answer, not on the page's body.
    await waitFor(() =>
      expect(within(dialog).getByRole('alert', { name: 'Resultado do desfazer' })).toHaveFocus(),
    );

    // A whole run is asked first; focus on the question, so no Enter sends it by accident.
    await user.click(within(run).getByRole('button', { name: /^Desfazer o lote inteiro/ }));
    const question = within(run).getByRole('group', { name: /^Desfazer o lote inteiro\?/ });
    expect(question).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(within(run).getByRole('button', { name: /^Desfazer o lote inteiro/ })).toHaveFocus(),
    );
    expect(backend.enrolments('t-fis')).toHaveLength(3);
    await user.click(within(run).getByRole('button', { name: /^Desfazer o lote inteiro/ }));
    await user.click(within(run).getByRole('button', { name: 'Desfazer o lote inteiro' }));
    expect(await within(dialog).findByText('Física 1º B: 3 alterações desfeitas')).toBeVisible();
    expect(backend.enrolments('t-fis')).toEqual([]);
    const counts = (await api.getClasses()).data.map((turma) => turma.countStudents);
    expect(counts.sort()).toEqual([0, 1]);

    // Undone: its lines say so once the trail is read again, and a second undo (which the
    // server could only refuse) is no longer offered.
    await waitFor(() => expect(within(run).getAllByText(/· Desfeita$/)).toHaveLength(3));
    expect(within(run).queryByRole('button', { name: /Desfazer o lote inteiro/ })).toBeNull();
    expect(within(run).getByRole('button', { name: /^Só este lote/ })).toBeVisible();
  });

  // Two undos of a run, each read back into the list: room for a busy machine.
  it(
    'undoes a run as a run of its own: its undos share one run id, and undoing them puts it back',
    {
      timeout: 40_000,
    },
    async () => {
      const backend = installBackend();
      const api = createTestApiClient();
      await writeRun(api);
      window.history.replaceState(null, '', '/?historico');
      const { user } = render(<TurmasPage api={api} />);
      const dialog = await view();
      const undoRun =
        /^Desfazer o lote inteiro: Matriculou dora@escola.test em Física 1º B e mais 2/;
      await user.click(await within(dialog).findByRole('button', { name: undoRun }));
      await user.click(within(dialog).getByRole('button', { name: 'Desfazer o lote inteiro' }));
      expect(await within(dialog).findByText('Física 1º B: 3 alterações desfeitas')).toBeVisible();
      expect(backend.enrolments('t-fis')).toEqual([]);

      // The undo named a run of its own, and each student's undo entry carries it.
      const undos = backend.requests.filter((r) => r.pathname === '/v1/audit/undo');
      expect(undos.map((r) => r.runId)).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/)]);
      const { data } = await getAudit(api, { pageSize: 100 });
      expect(
        data.filter((entry) => entry.operation === 'undo').map((entry) => entry.runId),
      ).toEqual([undos[0]!.runId, undos[0]!.runId, undos[0]!.runId]);

      // History shows them as one run, undone whole: the three students are back in Física.
      const undoUndos = await within(dialog).findByRole('button', {
        name: /^Desfazer o lote inteiro: Desfez uma alteração de \S+ em Física 1º B e mais 2 · /,
      });
      await user.click(undoUndos);
      await user.click(within(dialog).getByRole('button', { name: 'Desfazer o lote inteiro' }));
      await waitFor(() =>
        expect(backend.enrolments('t-fis')).toEqual([
          'bia@escola.test',
          'caio@escola.test',
          'dora@escola.test',
        ]),
      );
      // The first run is no longer undone: its "Desfazer o lote inteiro" is back.
      expect(await within(dialog).findByRole('button', { name: undoRun })).toBeVisible();
    },
  );

  // 52 writes and an undo of 51: seconds on a busy machine.
  it(
    'names the students an undo of a whole run refused, also those on no page read',
    {
      timeout: 60_000,
    },
    async () => {
      const backend = installBackend();
      const api = createTestApiClient();
      await api.getClasses();
      const runId = newRunId();
      const enrol = (index: number, expirationDate?: string) =>
        api.addStudentToClasses(
          {
            name: `Aluno ${index}`,
            email: `aluno${index}@escola.test`,
            classes: [{ id: 't-fis' }],
            ...(expirationDate && { expirationDate }),
          },
          expirationDate ? { runId: newRunId() } : { runId },
        );
      await enrol(0);
      // Ten at a time: the API takes at most 16 calls in flight from one client.
      for (let first = 1; first <= 50; first += 10) {
        await Promise.all(Array.from({ length: 10 }, (_, index) => enrol(first + index)));
      }
      // Later, aluno0's expiry changes: the run's first entry, on History's second page, is refused.
      await enrol(0, '2031-06-30T23:59:00.000Z');

      window.history.replaceState(null, '', '/?historico');
      const { user } = render(<TurmasPage api={api} />);
      const dialog = await view();
      const run = await within(dialog).findByRole(
        'group',
        { name: /^Lote: 49 alterações/ },
        { timeout: 10_000 },
      );
      expect(within(run).queryByText(/aluno0@/)).toBeNull();
      await user.click(within(run).getByRole('button', { name: /^Desfazer o lote inteiro/ }));
      await user.click(within(run).getByRole('button', { name: 'Desfazer o lote inteiro' }));
      expect(
        await within(dialog).findByText(
          /^Física 1º B: 50 alterações desfeitas, 1 recusada \(aluno0@escola\.test\): a matrícula mudou/,
          {},
          { timeout: 10_000 },
        ),
      ).toBeVisible();
      expect(backend.enrolments('t-fis')).toEqual(['aluno0@escola.test']);
    },
  );

  it('says an undo that restored some turmas only as undone in part, from the trail', async () => {
    const FILOSOFIA = aTurma({ id: 't-filo', name: '1º ano A — Filosofia', countStudents: 0 });
    const HISTORIA = aTurma({ id: 't-hist', name: '1º ano A — História', countStudents: 0 });
    const backend = installBackend({ turmas: [FILOSOFIA, HISTORIA], enrolments: {} });
    const api = createTestApiClient();
    await api.getClasses();
    const both = [{ id: 't-filo' }, { id: 't-hist' }];
    const student = { name: 'Eva Lima', email: 'eva@escola.test', classes: both };
    const expiry = (date: string) => ({ ...student, expirationDate: `${date}T00:00:00.000Z` });
    await api.addStudentToClasses(expiry('2027-06-30'), { runId: newRunId() });
    await api.addStudentToClasses(expiry('2027-12-31'), { runId: newRunId() });
    await api.removeStudentFromClasses(
      { email: 'eva@escola.test', classes: [{ id: 't-filo' }] },
      { runId: newRunId() },
    );
    window.history.replaceState(null, '', '/?historico');

    const { user, unmount } = render(<TurmasPage api={api} />);
    let dialog = await view();
    const change = 'Mudou a validade de eva@escola.test em 2 turmas';
    // The list's item that says it.
    const entry = async () => {
      const list = await within(dialog).findByRole('list', { name: /Últimas alterações/ });
      const items = await within(list).findAllByRole('listitem', {}, { timeout: 10_000 });
      return items.find((item) => within(item).queryByText(change))!;
    };
    await user.click(within(await entry()).getByRole('button', { name: `Desfazer: ${change}` }));
    expect(await within(dialog).findByText('Desfeito em parte')).toBeVisible();
    expect(
      within(dialog).getByText(
        /^1º ano A — Filosofia: 1 recusada \(eva@escola\.test\): a matrícula mudou depois/,
      ),
    ).toBeVisible();
    expect(backend.enrolments('t-hist')).toEqual(['eva@escola.test']);

    // The entry, read again, says which turma came back and which did not, and keeps its undo.
    const partly = async () => {
      const card = await entry();
      await within(card).findByText('Desfeita em parte');
      expect(within(card).queryByText('Desfeita')).toBeNull();
      expect(within(card).getByText(/^1º ano A — Filosofia: .* · não desfeita$/)).toBeVisible();
      expect(within(card).getByText(/^1º ano A — História: .* · desfeita$/)).toBeVisible();
      return within(card).getByRole('button', { name: `Desfazer: ${change}` });
    };
    await partly();
    // Not this tab's memory: a new one reads the same from the trail.
    unmount();
    const { user: again } = render(<TurmasPage api={api} />);
    dialog = await view();
    await again.click(await partly());
    expect(await within(dialog).findByText('Nada foi desfeito')).toBeVisible();
    expect(within(dialog).getByText(/^1º ano A — História: 1 recusada/)).toBeVisible();

    // The undo undone in turn: the change is back in place, and the entry no longer undone.
    await again.click(
      within(dialog).getByRole('button', {
        name: 'Desfazer: Desfez uma alteração de eva@escola.test em 1º ano A — História',
      }),
    );
    expect(await within(dialog).findByText('Desfeito')).toBeVisible();
    await waitFor(async () => expect(within(await entry()).queryByText(/Desfeita/)).toBeNull());
    expect(
      within(await entry()).getByRole('button', { name: `Desfazer: ${change}` }),
    ).toBeVisible();
  });

  it('names each run’s buttons after what they show and the run they belong to', async () => {
    installBackend();
    const api = createTestApiClient();
    await writeRun(api);
    const later = newRunId();
    for (const email of ['edu@escola.test', 'fabi@escola.test']) {
      await api.addStudentToClasses(
        { name: email.split('@')[0]!, email, classes: [{ id: 't-mat' }] },
        { runId: later },
      );
    }
    window.history.replaceState(null, '', '/?historico');
    const { user } = render(<TurmasPage api={api} />);
    const dialog = await view();
    await within(dialog).findByRole('list', { name: /Últimas alterações/ }, { timeout: 10_000 });

    const buttons = within(dialog).getAllByRole('button', { name: /Desfazer o lote inteiro/ });
    const names = buttons.map((button) => button.getAttribute('aria-label') ?? '');
    expect(names).toEqual([
      expect.stringMatching(
        /^Desfazer o lote inteiro: Matriculou fabi@escola.test em Matemática 9º A e mais 1 · .+ · .+$/,
      ),
      expect.stringMatching(
        /^Desfazer o lote inteiro: Matriculou dora@escola.test em Física 1º B e mais 2 · .+ · .+$/,
      ),
    ]);
    // Label in name: each starts with what it shows.
    for (const button of buttons) {
      expect(button.getAttribute('aria-label')!.startsWith(button.textContent)).toBe(true);
    }
    const only = within(dialog).getAllByRole('button', { name: /^Só este lote: Matriculou/ });
    expect(only).toHaveLength(2);

    await user.click(
      within(dialog).getByRole('button', {
        name: /^Desfazer o lote inteiro: Matriculou fabi@escola.test/,
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Desfazer o lote inteiro' }));
    expect(
      await within(dialog).findByText('Matemática 9º A: 2 alterações desfeitas'),
    ).toBeVisible();
  });

  it('an entry found by student leads to the rest of its run, focus on the filter it set', async () => {
    installBackend();
    const api = createTestApiClient();
    const runId = await writeRun(api);
    window.history.replaceState(null, '', '/?historico');
    const { user } = render(<TurmasPage api={api} />);
    const dialog = await view();
    await within(dialog).findByRole('list', { name: /Últimas alterações/ }, { timeout: 10_000 });

    await user.type(
      within(dialog).getByRole('combobox', { name: 'E-mail do aluno' }),
      'bia@escola.test',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Filtrar' }));
    const found = 'Matriculou bia@escola.test em Física 1º B';
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: `Só este lote: ${found}` }));

    const runField = within(dialog).getByRole('textbox', { name: 'Lote' });
    expect(runField).toHaveFocus();
    expect(runField).toHaveValue(runId);
    await waitFor(() =>
      expect(
        within(dialog).getByRole('group', { name: 'Lote: 3 alterações nesta página' }),
      ).toBeVisible(),
    );
  });

  it('names turmas no list of the tab shows, as the server names them, and so does undo', async () => {
    installBackend();
    const api = createTestApiClient();
    await writeRun(api);
    // The list behind finds nothing: only the trail's answers can name the turmas.
    window.history.replaceState(null, '', '/?q=zzzz&historico');

    const { user } = render(<TurmasPage api={api} />);
    const dialog = await view();
    const list = await within(dialog).findByRole('list', {
      name: 'Últimas alterações, as mais recentes primeiro',
    });
    expect(within(list).getByText('Removeu ana@escola.test de Matemática 9º A')).toBeVisible();
    await user.click(
      within(list).getByRole('button', {
        name: 'Desfazer: Removeu ana@escola.test de Matemática 9º A',
      }),
    );
    expect(await within(dialog).findByText('Matemática 9º A: 1 alteração desfeita')).toBeVisible();
    expect(within(dialog).queryByText(/turma t-/)).toBeNull();
  });

  it('shows a read credential the writes, with no Desfazer: it could not undo them', async () => {
    const READ_TOKEN = 'read-token-of-the-secretaria-sede-0001';
    installBackend({
      credentials: [{ name: 'secretaria-sede', role: 'read', token: READ_TOKEN }],
    });
    await writeRun(createTestApiClient());
    tokenStore.set(READ_TOKEN);
    const reader = createTestApiClient({ getToken: tokenStore.get });

    const { user } = render(<TurmasPage api={reader} />);
    expect(
      await screen.findByText('Esta credencial só pode consultar.', {}, { timeout: 10_000 }),
    ).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Histórico' }));
    const dialog = await view();
    const list = await within(dialog).findByRole('list', {
      name: 'Últimas alterações, as mais recentes primeiro',
    });
    expect(within(list).getByText('Removeu ana@escola.test de Matemática 9º A')).toBeVisible();
    expect(within(dialog).queryAllByRole('button', { name: /^Desfazer/ })).toEqual([]);
  });

  it('filters by student, and says when nothing matches', async () => {
    const { user, dialog } = await historyAfterARun();
    await user.type(within(dialog).getByLabelText('E-mail do aluno'), 'caio@escola.test');
    await user.click(within(dialog).getByRole('button', { name: 'Filtrar' }));
    // Gone as soon as the filtered read starts: its answer may come later.
    await waitFor(() =>
      expect(within(dialog).queryByText(/ana@escola.test/)).not.toBeInTheDocument(),
    );
    expect(
      await within(dialog).findByText('Matriculou caio@escola.test em Física 1º B'),
    ).toBeVisible();

    await user.clear(within(dialog).getByLabelText('E-mail do aluno'));
    await user.type(within(dialog).getByLabelText('E-mail do aluno'), 'ninguem@escola.test');
    await user.click(within(dialog).getByRole('button', { name: 'Filtrar' }));
    expect(await within(dialog).findByText('Nenhuma alteração encontrada')).toBeVisible();
  });

  it('names a character nobody can see in a pasted e-mail, and keeps what was pasted', async () => {
    const { user, dialog } = await historyAfterARun();
    const field = within(dialog).getByRole('combobox', { name: 'E-mail do aluno' });
    await user.click(field);
    await user.paste('caio\u200b@escola.test');
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Filtrar' }));
    expect(
      await within(dialog).findByText(
        'O e-mail tem um caractere invisível, espaço de largura zero [U+200B]: caio[U+200B]@escola.test. Apague-o ou digite o e-mail em vez de colar.',
      ),
    ).toBeVisible();
    expect(field).toHaveValue('caio\u200b@escola.test');
  });

  it('finds the student to filter by from their name, and filters by their e-mail', async () => {
    const { user, dialog } = await historyAfterARun();

    const field = within(dialog).getByRole('combobox', { name: 'E-mail do aluno' });
    // A name is no e-mail: sent as it is, it is refused in words that say what to do.
    await user.type(field, 'caio');
    await user.keyboard('{Escape}');
    // Escape closes the list, not the history.
    expect(field).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Filtrar' }));
    expect(
      await within(dialog).findByText('Escolha um aluno da lista, ou digite o e-mail dele.'),
    ).toBeVisible();

    await user.clear(field);
    await user.type(field, 'caio');
    await user.click(await within(dialog).findByRole('option', { name: /caio@escola\.test/ }));
    expect(field).toHaveValue('caio@escola.test');
    await user.click(within(dialog).getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    expect(within(dialog).getByText('Matriculou caio@escola.test em Física 1º B')).toBeVisible();
    expect(within(dialog).queryByText(/Escolha um aluno/)).toBeNull();

    // An e-mail typed whole and Enter: the filter, and no list left open over the answer.
    await user.clear(field);
    await user.type(field, 'bia@escola.test');
    expect(await within(dialog).findByRole('option', { name: /bia@escola\.test/ })).toBeVisible();
    await user.keyboard('{Enter}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).queryByRole('option')).toBeNull();
    expect(
      await within(dialog).findByText('Matriculou bia@escola.test em Física 1º B'),
    ).toBeVisible();
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
  });

  it('filters by a turma picked by name, or by the turma or student of an entry', async () => {
    const backend = installBackend();
    const api = createTestApiClient();
    await writeRun(api);
    window.history.replaceState(null, '', '/?historico');
    const { user } = render(<TurmasPage api={api} />);
    const dialog = await view();
    const list = () =>
      within(dialog).getByRole('list', { name: 'Últimas alterações, as mais recentes primeiro' });
    await within(dialog).findByRole('list', { name: /Últimas alterações/ });
    const filters = within(within(dialog).getByRole('form', { name: 'Filtrar o histórico' }));

    await user.type(filters.getByRole('combobox', { name: 'Adicionar turma' }), 'matem');
    await user.click(await screen.findByRole('option', { name: /Matemática 9º A/ }));
    await user.click(filters.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(within(dialog).queryByText(/dora@escola.test/)).toBeNull());
    expect(within(list()).getByText('Removeu ana@escola.test de Matemática 9º A')).toBeVisible();
    const audits = () => backend.requests.filter((r) => r.pathname === '/v1/audit');
    expect(audits().at(-1)!.searchParams.classId).toBe('t-mat');

    // From an entry: its student, then one of its turmas; the form shows what was chosen.
    await user.click(filters.getByRole('button', { name: 'Limpar filtros' }));
    await within(dialog).findByText(/Matriculou dora@escola.test/);
    await user.click(
      within(list()).getByRole('button', { name: 'Só este aluno: ana@escola.test' }),
    );
    await waitFor(() => expect(within(dialog).queryByText(/dora@escola.test/)).toBeNull());
    expect(filters.getByLabelText('E-mail do aluno')).toHaveValue('ana@escola.test');
    expect(audits().at(-1)!.searchParams).toMatchObject({ email: 'ana@escola.test' });

    await user.click(filters.getByRole('button', { name: 'Limpar filtros' }));
    await within(dialog).findByText(/Matriculou dora@escola.test/);
    await user.click(
      within(list()).getByRole('button', { name: 'Só esta turma: Matemática 9º A' }),
    );
    await waitFor(() => expect(within(dialog).queryByText(/dora@escola.test/)).toBeNull());
    expect(within(list()).getByText('Removeu ana@escola.test de Matemática 9º A')).toBeVisible();
    expect(filters.getByLabelText('E-mail do aluno')).toHaveValue('');
    expect(
      within(filters.getByRole('list', { name: 'Turma' })).getByText('Matemática 9º A'),
    ).toBeVisible();
  });

  it('under "Minhas", an entry another credential undid reads as undone, with no Desfazer', async () => {
    const MINE = 'write-token-of-the-coordenacao-0001';
    const THEIRS = 'write-token-of-the-secretaria-0001';
    installBackend({
      credentials: [
        { name: 'coordenacao', role: 'write', token: MINE },
        { name: 'secretaria', role: 'write', token: THEIRS },
      ],
    });
    tokenStore.set(MINE);
    const api = createTestApiClient({ getToken: tokenStore.get });
    await api.getClasses();
    await api.removeStudentFromClasses(
      { email: 'ana@escola.test', classes: [{ id: 't-mat' }] },
      { runId: newRunId() },
    );
    const [removal] = (await getAudit(api, { pageSize: 1 })).data;
    await api.addStudentToClasses(
      { name: 'Bia', email: 'bia@escola.test', classes: [{ id: 't-fis' }] },
      { runId: newRunId() },
    );
    // Undone by another credential: its undo is not among "Minhas".
    const theirs = createTestApiClient({ getToken: () => THEIRS });
    await theirs.getClasses();
    await undo(theirs, { entryId: removal!.id });
    window.history.replaceState(null, '', '/?historico');

    const { user } = render(<TurmasPage api={api} />);
    const dialog = await view();
    await within(dialog).findByRole('list', { name: /Últimas alterações/ }, { timeout: 10_000 });
    await user.click(await within(dialog).findByText('Minhas'));
    await waitFor(() => expect(within(dialog).queryByText(/^Desfez/)).toBeNull());
    const removed = 'Removeu ana@escola.test de Matemática 9º A';
    const card = within(dialog)
      .getAllByRole('listitem')
      .find((item) => within(item).queryByText(removed))!;
    expect(within(card).getByText('Desfeita')).toBeVisible();
    expect(within(card).queryByRole('button', { name: `Desfazer: ${removed}` })).toBeNull();
    expect(
      within(dialog).getByRole('button', {
        name: 'Desfazer: Matriculou bia@escola.test em Física 1º B',
      }),
    ).toBeVisible();
  });

  it('says when the list fails, and retries', async () => {
    const backend = installBackend();
    backend.failNext({ status: 500 }, { where: (r) => r.pathname === '/v1/audit' });
    window.history.replaceState(null, '', '/?historico');
    const { user } = render(<TurmasPage api={createTestApiClient()} />);
    const dialog = await view();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar o histórico');
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(dialog).findByText('Nenhuma alteração encontrada')).toBeVisible();
  });

  it('offline, "Minhas" says the history waits for the connection, with a retry; back online, it loads', async () => {
    // A credential the server names (`me`): "Minhas" filters by it.
    const TOKEN = 'write-token-of-the-coordenacao-0001';
    installBackend({ credentials: [{ name: 'coordenacao', role: 'write', token: TOKEN }] });
    tokenStore.set(TOKEN);
    const api = createTestApiClient({ getToken: tokenStore.get });
    await writeRun(api);
    window.history.replaceState(null, '', '/?historico');
    const { user } = render(<TurmasPage api={api} />);
    const dialog = await view();
    await within(dialog).findByRole('list', { name: /Últimas alterações/ });
    await within(dialog).findByText('Minhas');

    act(() => onlineManager.setOnline(false));
    await user.click(within(dialog).getByText('Minhas'));

    // The request waits for the connection (paused): never "Carregando" for good, nor a failure.
    const notice = await waitingNotice(dialog, 'O histórico aparece assim que a conexão voltar.');
    expect(within(notice).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    expect(within(dialog).queryByText('Carregando o histórico…')).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();

    act(() => onlineManager.setOnline(true));
    expect(await within(dialog).findByRole('list', { name: /Últimas alterações/ })).toBeVisible();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByText('Removeu ana@escola.test de Matemática 9º A')).toBeVisible();
  });

  it('offline, "Carregar mais" says the history waits for the connection, then loads the rest', async () => {
    installBackend();
    const api = createTestApiClient();
    await writeMoreThanAPage(api);
    window.history.replaceState(null, '', '/?historico');
    const { user } = render(<TurmasPage api={api} />);
    const dialog = await view();
    const list = await within(dialog).findByRole('list', { name: /Últimas alterações/ });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);

    act(() => onlineManager.setOnline(false));
    await user.click(within(dialog).getByRole('button', { name: 'Carregar mais' }));
    expect(
      await within(dialog).findByText('Sem conexão: o histórico se atualiza quando ela voltar.'),
    ).toBeVisible();

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(51));
    expect(within(dialog).queryByText(/^Sem conexão/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('keeps what was read when "Carregar mais" fails, says so, and its retry loads the rest', async () => {
    const backend = installBackend();
    const api = createTestApiClient();
    await writeMoreThanAPage(api);
    window.history.replaceState(null, '', '/?historico');
    const { user } = render(<TurmasPage api={api} />);
    const dialog = await view();
    const list = await within(dialog).findByRole('list', { name: /Últimas alterações/ });

    backend.failNext({ status: 500 }, { where: (r) => r.pathname === '/v1/audit' });
    await user.click(within(dialog).getByRole('button', { name: 'Carregar mais' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar mais alterações');
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(within(list).getByText('Matriculou aluno50@escola.test em Física 1º B')).toBeVisible();
    expect(within(list).queryByText('Matriculou aluno0@escola.test em Física 1º B')).toBeNull();

    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await within(list).findByText('Matriculou aluno0@escola.test em Física 1º B'),
    ).toBeVisible();
    expect(within(list).getAllByRole('listitem')).toHaveLength(51);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('keeps the list when reading it again after an undo fails, and says it may be out of date', async () => {
    const backend = installBackend();
    const api = createTestApiClient();
    await writeRun(api);
    window.history.replaceState(null, '', '/?historico');
    const { user } = render(<TurmasPage api={api} />);
    const dialog = await view();
    const list = await within(dialog).findByRole('list', { name: /Últimas alterações/ });

    backend.failNext({ status: 500 }, { where: (r) => r.pathname === '/v1/audit' });
    await user.click(
      within(list).getByRole('button', {
        name: 'Desfazer: Removeu ana@escola.test de Matemática 9º A',
      }),
    );
    expect(await within(dialog).findByText('Desfeito')).toBeVisible();
    const stale = await within(dialog).findByRole('alert', {
      name: /Não foi possível atualizar o histórico/,
    });
    expect(within(list).getByText('Removeu ana@escola.test de Matemática 9º A')).toBeVisible();

    await user.click(within(stale).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('alert', { name: /Não foi possível/ })).toBeNull(),
    );
    expect(
      within(list).queryByRole('button', {
        name: 'Desfazer: Removeu ana@escola.test de Matemática 9º A',
      }),
    ).toBeNull();
  });

  it('after signing in again, drops the undo the old token was refused, focus on its Desfazer', async () => {
    const backend = installBackend();
    tokenStore.set(TEST_TOKEN);
    const api = createTestApiClient({ getToken: tokenStore.get });
    await writeRun(api);
    window.history.replaceState(null, '', '/?historico');
    // The console as the app holds it: the session, its sign-in over the page, the app's client.
    const { user } = render(
      <Console api={api}>
        {(headingRef) => <TurmasPage api={api} headingRef={headingRef} />}
      </Console>,
      { queryClient: createQueryClient(() => tokenStore.expire()) },
    );
    const dialog = await view();
    const removed = 'Desfazer: Removeu ana@escola.test de Matemática 9º A';
    await within(dialog).findByRole('button', { name: removed }, { timeout: 10_000 });
    // The token was revoked meanwhile: the undo is refused, and the sign-in opens over the page.
    backend.failNext(
      { status: 401, body: { status: '401', message: 'Invalid or expired token' } },
      { where: (request) => request.pathname === '/v1/audit/undo' },
    );
    await user.click(within(dialog).getByRole('button', { name: removed }));
    const signIn = await screen.findByRole('dialog', { name: 'Sua sessão expirou' });
    await user.type(within(signIn).getByLabelText('Token de acesso'), `${TEST_TOKEN}{Enter}`);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sua sessão expirou' })).toBeNull(),
    );

    // Not sent again behind the person's back (as every form after a new token): the answer
    // that said to sign in is gone, and one press sends it.
    const undos = () => backend.requests.filter((r) => r.pathname === '/v1/audit/undo');
    expect(undos()).toHaveLength(1);
    expect(within(dialog).queryByRole('alert', { name: 'Resultado do desfazer' })).toBeNull();
    expect(within(dialog).queryByText(/token de acesso não é válido/)).toBeNull();
    // Back with the list, read again after the sign-in (its read after the undo met the 401).
    const button = await within(dialog).findByRole('button', { name: removed });
    await waitFor(() => expect(button).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Matemática 9º A: 1 alteração desfeita')).toBeVisible();
    expect(undos()).toHaveLength(2);
    expect(backend.enrolments('t-mat')).toEqual(['ana@escola.test']);
  });

  it('a success message’s Desfazer refused for the old token is back once signed in again', async () => {
    const backend = installBackend();
    tokenStore.set(TEST_TOKEN);
    const api = createTestApiClient({ getToken: tokenStore.get });
    await api.getClasses();
    const runId = newRunId();
    await api.removeStudentFromClasses(
      { email: 'ana@escola.test', classes: [{ id: 't-mat' }] },
      { runId },
    );
    const { user } = render(
      <Console api={api}>{() => <UndoWrite api={api} body={{ runId }} />}</Console>,
      { queryClient: createQueryClient(() => tokenStore.expire()) },
    );
    backend.failNext(
      { status: 401, body: { status: '401', message: 'Invalid or expired token' } },
      { where: (request) => request.pathname === '/v1/audit/undo' },
    );
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    const signIn = await screen.findByRole('dialog', { name: 'Sua sessão expirou' });
    await user.type(within(signIn).getByLabelText('Token de acesso'), `${TEST_TOKEN}{Enter}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(screen.queryByText(/token de acesso não é válido/)).toBeNull();
    const button = screen.getByRole('button', { name: 'Desfazer' });
    await waitFor(() => expect(button).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Matemática 9º A: 1 alteração desfeita')).toBeVisible();
    expect(backend.requests.filter((r) => r.pathname === '/v1/audit/undo')).toHaveLength(2);
  });

  it('counts a run’s alterations only: the calls that changed nothing are one quiet line', async () => {
    installBackend({
      enrolments: { 't-mat': ['ana@escola.test', { email: 'edu@escola.test', name: 'Edu' }] },
    });
    const api = createTestApiClient();
    await api.getClasses();
    // A move of two students to Física; the connection went mid-run, and Edu's calls were sent
    // again once it was back: the trail keeps both (decision 019), but only two moved anyone.
    const runId = newRunId();
    const move = async (email: string, name: string) => {
      await api.addStudentToClass('t-fis', { name, email }, { runId });
      await api.removeStudentFromClasses({ email, classes: [{ id: 't-mat' }] }, { runId });
    };
    await move('ana@escola.test', 'Ana Souza');
    await move('edu@escola.test', 'Edu');
    await move('edu@escola.test', 'Edu');
    window.history.replaceState(null, '', '/?historico');

    const { user } = render(<TurmasPage api={api} />);
    const dialog = await view();
    const run = await within(dialog).findByRole(
      'group',
      { name: 'Lote: 4 alterações nesta página' },
      { timeout: 10_000 },
    );
    expect(within(run).getAllByRole('listitem')).toHaveLength(4);
    expect(
      within(run).getByText(
        'e 2 chamadas que não mudaram nada: reenviadas, ou já estava como pedido',
      ),
    ).toBeVisible();
    expect(within(run).queryByText(/^Nada mudou/)).toBeNull();

    // Kept, and shown on request, each named by its turma and why nothing moved.
    const show = within(run).getByRole('button', {
      name: /^Mostrar as chamadas que não mudaram nada: Removeu edu@escola.test de Matemática 9º A e mais 3 · /,
    });
    await user.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    const unchanged = within(run).getByRole('list', { name: /^Chamadas que não mudaram nada: / });
    expect(
      within(unchanged)
        .getAllByRole('listitem')
        .map((item) => item.textContent.split(' · ')[0]),
    ).toEqual([
      'Nada mudou para edu@escola.test em Matemática 9º A (já estava fora)',
      'Nada mudou para edu@escola.test em Física 1º B (já estava como pedido)',
    ]);
    expect(within(run).getByRole('button', { name: /^Ocultar as chamadas/ })).toBe(show);
  });

  it('shows a server without the extension what this browser sent; it sees no X-Run-Id', async () => {
    const backend = installBackend({ extensions: false });
    const api = createTestApiClient();
    await writeRun(api);
    expect(backend.requests.map((request) => request.runId)).toEqual(
      backend.requests.map(() => null),
    );
    window.history.replaceState(null, '', '/?historico');
    render(<TurmasPage api={api} />);
    const dialog = await view();
    expect(within(dialog).getByText(/o que este navegador enviou/)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: /Desfazer/ })).not.toBeInTheDocument();
    expect(backend.requests.some((request) => request.pathname === '/v1/audit')).toBe(false);
  });
});
