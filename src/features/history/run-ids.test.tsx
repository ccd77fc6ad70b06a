/**
 * Run ids of the multi-call writes outside the bulk runner (issue 38): a roster move of several
 * students, the student page's move and multi-turma writes and the expiring view's extension
 * each send one run id for all their calls, so the audit entries share it and the success
 * message's "Desfazer" (or History's run) puts every count back. An undo is a run of its own
 * too, so a mistaken one is undone whole. A plain v1 server sees no X-Run-Id. Through the page that composes them, against the reference API in-process.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TurmasPage } from '../../app/turmas-page';
import { UndoWrite } from '../../api/audit-undo-parts';
import { newRunId, type ApiClient } from '../../api/client';
import { getAudit, undo } from '../../api/extension-calls';
import { AUDIT_EXTENSION } from '#contract';
import { selectionStore } from '../../lib/selection-store';
import { createTestApiClient, fetchWithout } from '../../testing/api-client';
import {
  installReferenceApi,
  type ReferenceApi,
  type ReferenceApiOptions,
} from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY + 60_000).toISOString();

const OITAVO = aTurma({ id: 't-8a', name: '8º ano A 2026', countStudents: 3 });
const NONO = aTurma({ id: 't-9a', name: '9º ano A 2027', countStudents: 1 });
const ANA = { email: 'ana@escola.test', name: 'Ana', expirationDate: inDays(5) };
const BIA = { email: 'bia@escola.test', name: 'Bia' };
const CAIO = { email: 'caio@escola.test', name: 'Caio', expirationDate: inDays(20) };

function installBackend(options: ReferenceApiOptions = {}) {
  return installReferenceApi({
    turmas: [OITAVO, NONO],
    enrolments: { 't-8a': [ANA, BIA, CAIO], 't-9a': [{ ...ANA, expirationDate: inDays(9) }] },
    ...options,
  });
}

const writesOf = (backend: ReferenceApi) =>
  backend.requests.filter((request) => request.method !== 'GET');

/** The run ids the writes carried: one, the same for all of them. */
function oneRunId(backend: ReferenceApi): string {
  const ids = new Set(writesOf(backend).map((request) => request.runId));
  expect([...ids]).toHaveLength(1);
  const [runId] = ids;
  expect(runId).toMatch(/^[0-9a-f]{32}$/);
  return runId!;
}

/** The status region that says `text` (a success message, with its "Desfazer"). */
const statusSaying = (text: string) =>
  screen.getAllByRole('status').find((region) => region.textContent.startsWith(text))!;

/** What the server's trail holds of a run: every entry names it. */
async function auditOfRun(api: ApiClient, runId: string) {
  const { data } = await getAudit(api, { runId, pageSize: 100 });
  return data;
}

async function counts(api: ApiClient) {
  const { data } = await api.getClasses();
  return Object.fromEntries(data.map((turma) => [turma.id, turma.countStudents]));
}

function startClean() {
  window.history.replaceState(null, '', '/');
  selectionStore.clear();
}
beforeEach(startClean);
afterEach(startClean);

async function openRoster(user: ReturnType<typeof render>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Ver alunos de 8º ano A 2026' }));
  const roster = await screen.findByRole(
    'dialog',
    { name: 'Alunos de 8º ano A 2026' },
    { timeout: 10_000 },
  );
  await within(roster).findByText('3 alunos');
  await user.click(
    within(roster).getByRole('checkbox', { name: 'Selecionar todos os alunos desta página' }),
  );
  return roster;
}

describe('one run id for a run of calls', { timeout: 40_000 }, () => {
  it('moves a roster of three under one run id, and its notice undoes all six calls', async () => {
    const backend = installBackend();
    const api = createTestApiClient();
    const before = await counts(api);
    const { user } = render(<TurmasPage api={api} />);
    const roster = await openRoster(user);
    await user.click(within(roster).getByRole('button', { name: 'Mover para outra turma…' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Mover 3 alunos para outra turma' },
      { timeout: 10_000 },
    );
    await user.type(within(dialog).getByRole('combobox', { name: 'Adicionar turma' }), '9º ano');
    await user.click(
      await screen.findByRole('option', { name: /9º ano A 2027/ }, { timeout: 5_000 }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mover 3 alunos' }));
    await within(dialog).findByText('Concluído — feitos: 3; não feitos: 0.', {}, { timeout: 5000 });
    expect(backend.enrolments('t-8a')).toEqual([]);

    // Each student's enrolment and removal, and the three students: one run.
    expect(writesOf(backend)).toHaveLength(6);
    const runId = oneRunId(backend);
    const entries = await auditOfRun(api, runId);
    expect(entries.map((entry) => [entry.operation, entry.student.email]).sort()).toEqual(
      [ANA, BIA, CAIO]
        .flatMap(({ email }) => [
          ['enrol', email],
          ['remove', email],
        ])
        .sort(),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    const moved = '3 alunos foram movidos de 8º ano A 2026 para 9º ano A 2027.';
    await within(roster).findByText(moved);
    await user.click(within(statusSaying(moved)).getByRole('button', { name: 'Desfazer' }));
    // Three students at once: asked first, focus on the question, nothing sent yet.
    const question = within(statusSaying(moved)).getByRole('group', {
      name: 'Desfazer para os 3 alunos? Cada um volta a como estava antes, turma por turma.',
    });
    expect(question).toHaveFocus();
    expect(backend.enrolments('t-8a')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Desfazer para 3 alunos' }));
    await waitFor(() => expect(backend.enrolments('t-8a')).toHaveLength(3));
    // The answer took the place, and the focus, of what sent it: inside the notice's live
    // region, with none of its own (it was read twice).
    const answer = await within(statusSaying(moved)).findByRole('group', { name: 'Desfeito' });
    await waitFor(() => expect(answer).toHaveFocus());
    expect(within(statusSaying(moved)).queryByRole('status')).toBeNull();
    // Ana was in 9º ano already: her expiry there is set back, not her enrolment removed.
    expect(backend.enrolments('t-9a')).toEqual([ANA.email]);
    expect(backend.expiryOf('t-8a', CAIO.email)).toBe(CAIO.expirationDate);
    expect(await counts(api)).toEqual(before);
  });

  it("runs the student page's removal from two turmas as one run its notice undoes", async () => {
    const backend = installBackend();
    const api = createTestApiClient();
    const before = await counts(api);
    window.history.replaceState(null, '', `/?aluno=${encodeURIComponent(ANA.email)}`);
    const { user } = render(<TurmasPage api={api} />);
    const table = await screen.findByRole('table', { name: 'Turmas de Ana' }, { timeout: 10_000 });
    await user.click(within(table).getByRole('checkbox', { name: 'Selecionar 8º ano A 2026' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Selecionar 9º ano A 2027' }));
    await user.click(screen.getByRole('button', { name: 'Remover das turmas' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remover das turmas' });
    // With the trail, the removal is said to be undoable; it still asks for the e-mail.
    expect(within(dialog).getByText(/pode ser desfeita no Histórico/)).toBeVisible();
    await user.type(within(dialog).getByRole('textbox'), ANA.email);
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    const done = (await screen.findByText(/^Removido de /)).textContent;
    const runId = oneRunId(backend);
    expect(await auditOfRun(api, runId)).toHaveLength(1);
    expect(await counts(api)).toEqual({ 't-8a': 2, 't-9a': 0 });

    await user.click(within(statusSaying(done)).getByRole('button', { name: 'Desfazer' }));
    await waitFor(() => expect(backend.enrolments('t-9a')).toEqual([ANA.email]));
    expect(await counts(api)).toEqual(before);
    expect(backend.expiryOf('t-8a', ANA.email)).toBe(ANA.expirationDate);
  });

  it('extends several expiring enrolments under one run id, undone whole', async () => {
    const backend = installBackend();
    const api = createTestApiClient();
    window.history.replaceState(null, '', '/?expirando=30');
    const { user } = render(<TurmasPage api={api} />);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Expirando em breve' },
      { timeout: 10_000 },
    );
    await within(dialog).findByText('3 matrículas');
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Selecionar todas as matrículas desta página' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Estender validade' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar nova validade' }));
    await within(dialog).findByText('3 matrículas estendidas.');

    expect(writesOf(backend)).toHaveLength(3);
    const runId = oneRunId(backend);
    expect(await auditOfRun(api, runId)).toHaveLength(3);
    await undo(api, { runId });
    expect(backend.expiryOf('t-8a', CAIO.email)).toBe(CAIO.expirationDate);
    expect(backend.expiryOf('t-8a', ANA.email)).toBe(ANA.expirationDate);
  });

  it('undoes a run of several students (as the bulk results do) under a run id of its own', async () => {
    const backend = installBackend();
    const api = createTestApiClient();
    await api.getClasses();
    const runId = newRunId();
    for (const { email } of [ANA, BIA, CAIO]) {
      await api.removeStudentFromClasses({ email, classes: [{ id: 't-8a' }] }, { runId });
    }
    // The bulk results' "Desfazer" for the whole run: asked first, for each student it did.
    const { user } = render(<UndoWrite api={api} body={{ runId }} students={3} />);
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    await user.click(screen.getByRole('button', { name: 'Desfazer para 3 alunos' }));
    await screen.findByRole('group', { name: 'Desfeito' });
    expect(backend.enrolments('t-8a')).toHaveLength(3);

    const undos = writesOf(backend).filter((request) => request.pathname === '/v1/audit/undo');
    expect(undos.map((request) => request.runId)).toEqual([
      expect.stringMatching(/^[0-9a-f]{32}$/),
    ]);
    const undoRun = undos[0]!.runId;
    expect(undoRun).not.toBe(runId);
    const entries = await auditOfRun(api, undoRun!);
    expect(entries.map((entry) => [entry.operation, entry.student.email]).sort()).toEqual(
      [ANA, BIA, CAIO].map(({ email }) => ['undo', email]),
    );
    // A mistaken undo is undone whole in turn: the three are out of the turma again.
    await undo(api, { runId: undoRun! });
    expect(backend.enrolments('t-8a')).toEqual([]);
  });

  it('sends no X-Run-Id where the server keeps no trail, and offers no Desfazer', async () => {
    const backend = installBackend();
    // A platform with the reads but not the audit extension: its answers do not list it.
    const withoutAudit = fetchWithout(AUDIT_EXTENSION);
    const { user } = render(<TurmasPage api={createTestApiClient({ fetch: withoutAudit })} />);
    const roster = await openRoster(user);
    await user.click(within(roster).getByRole('button', { name: 'Remover da turma' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remover 3 alunos da turma' });
    expect(within(dialog).getByText(/Não é possível desfazer esta remoção/)).toBeVisible();
    await user.type(
      within(dialog).getByRole('textbox', {
        name: 'Para confirmar, digite quantos alunos serão removidos: 3',
      }),
      '3{Enter}',
    );
    const removed = '3 alunos não estão mais em 8º ano A 2026.';
    await within(roster).findByText(removed);
    expect(backend.enrolments('t-8a')).toEqual([]);
    expect(writesOf(backend)).toHaveLength(3);
    expect(backend.requests.map((request) => request.runId)).toEqual(
      backend.requests.map(() => null),
    );
    expect(within(statusSaying(removed)).queryByRole('button', { name: 'Desfazer' })).toBeNull();
  });
});
