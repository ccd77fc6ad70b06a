/**
 * History against a platform without the `audit` extension (issue 38, "## Undo"): what this
 * browser sent, from the console's sent log (src/api/sent-log.ts), through the page that composes
 * it and the reference API in-process with its extensions off; its storage (the tab's, or the
 * device's for 30 days), its clearing, and nothing kept against a server with `audit`.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Console } from '../../app/app';
import { TurmasPage } from '../../app/turmas-page';
import { sentLog } from '../../app/history-sent-log';
import { newRunId, type ApiClient } from '../../api/client';
import { SENT_LOG_KEY, type SentEntry } from '../../api/sent-log';
import { tokenStore } from '../auth/token-store';
import { selectionStore } from '../../lib/selection-store';
import { createTestApiClient, TEST_TOKEN } from '../../testing/api-client';
import { installReferenceApi } from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';

const MATEMATICA = aTurma({ id: 't-mat', name: 'Matemática 9º A', countStudents: 0 });
const FISICA = aTurma({ id: 't-fis', name: 'Física 1º B', countStudents: 0 });

/** The console's client as src/app/api.ts makes it: every write told to the sent log. */
const consoleClient = () => createTestApiClient({ onWrite: (write) => sentLog.record(write) });

function installBackend({ extensions = false } = {}) {
  return installReferenceApi({ turmas: [MATEMATICA, FISICA], extensions });
}

/** An enrolment, then a bulk run of three rows of which the server refuses one. */
async function sendWrites(api: ApiClient) {
  await api.getClasses();
  await api.addStudentToClass('t-mat', { name: 'Ana Souza', email: 'ana@escola.test' });
  const runId = newRunId();
  for (const [name, email, turma] of [
    ['Bia Lima', 'bia@escola.test', 't-fis'],
    ['Caio Reis', 'caio@escola.test', 't-sumida'],
    ['Dora Melo', 'dora@escola.test', 't-fis'],
  ] as const) {
    await api
      .addStudentToClasses({ name, email, classes: [{ id: turma }] }, { runId })
      .catch(() => undefined);
  }
}

/** Until every recorded write has its answer (the log keeps a write once it is answered). */
async function recorded(count: number) {
  await waitFor(() => expect(sentLog.entries()).toHaveLength(count));
  sentLog.flush();
}

const stored = (storage: Storage) => storage.getItem(SENT_LOG_KEY);

async function openHistory(api: ApiClient) {
  window.history.replaceState(null, '', '/?historico');
  const view = render(<TurmasPage api={api} />);
  const dialog = await screen.findByRole('dialog', { name: 'Histórico' }, { timeout: 10_000 });
  return { ...view, dialog };
}

function startClean() {
  window.history.replaceState(null, '', '/');
  selectionStore.clear();
  tokenStore.clear();
  sentLog.clear();
  sessionStorage.clear();
  localStorage.clear();
}
beforeEach(startClean);
afterEach(startClean);

describe('history without the audit extension', () => {
  it('lists what this browser sent, newest first, with each outcome and no Desfazer', async () => {
    installBackend();
    const api = consoleClient();
    await sendWrites(api);
    await recorded(4);

    const { dialog } = await openHistory(api);
    expect(
      within(dialog).getByText(/lista mostra o que este navegador enviou, não todas/),
    ).toHaveTextContent(/Fica guardada só nesta aba/);
    const list = within(dialog).getByRole('list', {
      name: 'Enviado por este navegador, o mais recente primeiro',
    });
    const run = within(list).getByRole('group', { name: 'Lote: 3 envios' });
    const lines = within(run)
      .getAllByText(/^Matrícula de /)
      .map((line) => line.textContent);
    expect(lines).toEqual([
      'Matrícula de Dora Melo <dora@escola.test> em Física 1º B',
      'Matrícula de Caio Reis <caio@escola.test> em turma t-sumida',
      'Matrícula de Bia Lima <bia@escola.test> em Física 1º B',
    ]);
    expect(within(run).getAllByText('Física 1º B: feita')).toHaveLength(2);
    // The server's own words for the refused row.
    expect(within(run).getByText(/^turma t-sumida: recusada: .*t-sumida/)).toBeVisible();
    expect(
      within(list).getByText('Matrícula de Ana Souza <ana@escola.test> em Matemática 9º A'),
    ).toBeVisible();
    expect(within(list).getByText('Matemática 9º A: feita')).toBeVisible();
    expect(within(dialog).queryAllByRole('button', { name: /Desfazer/ })).toEqual([]);
  });

  it('filters by student and by turma', async () => {
    installBackend();
    const api = consoleClient();
    await sendWrites(api);
    await recorded(4);
    const { dialog, user } = await openHistory(api);
    await user.type(within(dialog).getByLabelText('Aluno (nome ou e-mail)'), 'caio');
    await waitFor(() => expect(within(dialog).queryByText(/Dora Melo/)).not.toBeInTheDocument());
    expect(within(dialog).getByText(/Caio Reis/)).toBeVisible();
    await user.clear(within(dialog).getByLabelText('Aluno (nome ou e-mail)'));
    await user.type(within(dialog).getByLabelText('Turma (nome ou id)'), 'matematica');
    await waitFor(() => expect(within(dialog).queryByText(/Caio Reis/)).not.toBeInTheDocument());
    expect(within(dialog).getByText(/Ana Souza/)).toBeVisible();
    await user.type(within(dialog).getByLabelText('Turma (nome ou id)'), ' 2º');
    expect(await within(dialog).findByText('Nenhum envio corresponde aos filtros')).toBeVisible();
  });

  it('keeps a removal with the server’s refusal, named from an earlier write', async () => {
    installBackend();
    const api = consoleClient();
    await api.getClasses();
    await api.addStudentToClass('t-fis', { name: 'Bia Lima', email: 'bia@escola.test' });
    await api.removeStudentFromClasses({ email: 'bia@escola.test', classes: [{ id: 't-fis' }] });
    await api
      .removeStudentFromClasses({ email: 'zeca@escola.test', classes: [{ id: 't-fis' }] })
      .catch(() => undefined);
    await recorded(3);
    const { dialog } = await openHistory(api);
    expect(
      within(dialog).getByText('Remoção de Bia Lima <bia@escola.test> de Física 1º B'),
    ).toBeVisible();
    expect(within(dialog).getByText('Remoção de zeca@escola.test de Física 1º B')).toBeVisible();
    expect(within(dialog).getByText(/^Física 1º B: recusada: .*not found/i)).toBeVisible();
  });

  it('keeps nothing against a server with audit: its trail is the truth', async () => {
    installBackend({ extensions: true });
    const api = consoleClient();
    await sendWrites(api);
    // Each write's answer has come (the run's refused row included) and been seen by the log.
    await new Promise((resolve) => setTimeout(resolve, 50));
    sentLog.flush();
    expect(sentLog.entries()).toEqual([]);
    expect(stored(sessionStorage)).toBeNull();
    expect(stored(localStorage)).toBeNull();
  });

  it('keeps it in the tab’s storage only, unless the sign-in chose this device', async () => {
    installBackend();
    tokenStore.set(TEST_TOKEN);
    const api = consoleClient();
    await sendWrites(api);
    await recorded(4);
    expect(JSON.parse(stored(sessionStorage)!)).toMatchObject({ version: 1 });
    expect(stored(localStorage)).toBeNull();

    // Signed in again remembering the device: what was kept moves there with the next write.
    tokenStore.set(TEST_TOKEN, { remember: true });
    await api.removeStudentFromClasses({ email: 'ana@escola.test', classes: [{ id: 't-mat' }] });
    await recorded(5);
    expect(stored(sessionStorage)).toBeNull();
    expect(JSON.parse(stored(localStorage)!)).toMatchObject({ entries: { length: 5 } });

    const { dialog } = await openHistory(api);
    expect(within(dialog).getByText(/por até 30 dias/)).toBeVisible();
  });

  it('drops entries older than 30 days when it reads them', () => {
    tokenStore.set(TEST_TOKEN, { remember: true });
    const day = 86_400_000;
    const entry = (daysAgo: number, email: string): SentEntry => ({
      id: newRunId(),
      at: new Date(Date.now() - daysAgo * day).toISOString(),
      runId: newRunId(),
      operation: 'enrol',
      student: { name: null, email },
      expirationDate: null,
      turmas: [{ id: 't-fis', name: 'Física 1º B' }],
      outcome: { kind: 'done' },
    });
    localStorage.setItem(
      SENT_LOG_KEY,
      JSON.stringify({
        version: 1,
        entries: [entry(29, 'recente@escola.test'), entry(31, 'antiga@escola.test')],
      }),
    );
    expect(sentLog.entries().map(({ student }) => student.email)).toEqual(['recente@escola.test']);
    expect(stored(localStorage)).not.toContain('antiga@escola.test');
  });

  it('ignores storage it cannot read, and goes on keeping what is sent', async () => {
    installBackend();
    const api = consoleClient();
    for (const junk of [
      'not json',
      '[]',
      JSON.stringify({ version: 2, entries: [] }),
      JSON.stringify({ version: 1, entries: [{ id: 1 }, null, 'x'] }),
    ]) {
      sessionStorage.setItem(SENT_LOG_KEY, junk);
      sentLog.clear();
      sessionStorage.setItem(SENT_LOG_KEY, junk);
      expect(sentLog.entries()).toEqual([]);
    }
    sentLog.clear();
    sessionStorage.setItem(SENT_LOG_KEY, '{"version":1,"entries":[{"id":"x"}]}');
    localStorage.setItem(SENT_LOG_KEY, '{');
    const { dialog } = await openHistory(api);
    expect(within(dialog).getByText('Nada enviado ainda')).toBeVisible();
    await api.addStudentToClass('t-mat', { name: 'Ana Souza', email: 'ana@escola.test' });
    expect(await within(dialog).findByText('Matemática 9º A: feita')).toBeVisible();
  });

  it('clears it all after a confirmation', async () => {
    installBackend();
    const api = consoleClient();
    await sendWrites(api);
    await recorded(4);
    const { dialog, user } = await openHistory(api);
    await user.click(within(dialog).getByRole('button', { name: 'Limpar histórico' }));
    // Kept: nothing is lost by a stray click.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(within(dialog).getByRole('button', { name: 'Limpar histórico' })).toHaveFocus();
    expect(stored(sessionStorage)).not.toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Limpar histórico' }));
    expect(within(dialog).getByRole('button', { name: 'Apagar histórico' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Apagar histórico' }));
    expect(await within(dialog).findByText('Nada enviado ainda')).toBeVisible();
    expect(stored(sessionStorage)).toBeNull();
    expect(sentLog.entries()).toEqual([]);
  });

  it('goes with the session when the person signs out', async () => {
    installBackend();
    tokenStore.set(TEST_TOKEN, { remember: true });
    const api = consoleClient();
    await sendWrites(api);
    await recorded(4);
    expect(stored(localStorage)).not.toBeNull();
    const { user } = render(<Console api={api}>{() => <p>Página</p>}</Console>);
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(stored(localStorage)).toBeNull());
    expect(sentLog.entries()).toEqual([]);
  });
});
