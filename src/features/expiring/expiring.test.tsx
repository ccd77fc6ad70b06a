/**
 * The expiring-soon view (issue 37 item 4) through the page that composes it, against the
 * reference API in-process: found from the page's heading where the server offers the extension,
 * the window (30 days, 7 days, a date), the selected turmas only, the states, and a new expiry
 * for two enrolments at once; for several, the shared run view (counts, pause) and the outcome's
 * "Desfazer" where the server keeps an audit trail.
 */
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_EXTENSION } from '#contract';
import { createQueryClient } from '../../app/query-client';
import { TurmasPage } from '../../app/turmas-page';
import { presetExpiry, toInstant } from '../../components/expiry-field/expiry';
import { selectionStore } from '../../lib/selection-store';
import { tokenStore } from '../auth/token-store';
import { createTestApiClient, fetchWithout } from '../../testing/api-client';
import { closeTabAsks } from '../../testing/close-tab';
import { installReferenceApi, type ReferenceApiOptions } from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';
import { waitingNotice } from '../../testing/waiting-notice';
import { parseExpiringParam, untilProblem, windowOf } from './expiring-address';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
/** Today plus `days`, as the date field writes it (local time). */
const localDay = (days: number) => {
  const today = new Date();
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() + days).toLocaleDateString(
    'sv',
  );
};

const MATEMATICA = aTurma({ id: 't-mat', name: 'Matemática 9º A', countStudents: 3 });
const FISICA = aTurma({ id: 't-fis', name: 'Física 1º B', countStudents: 1 });

function installBackend(options: ReferenceApiOptions = {}) {
  return installReferenceApi({
    turmas: [MATEMATICA, FISICA],
    enrolments: {
      't-mat': [
        { email: 'ana@escola.test', name: 'Ana Souza', expirationDate: inDays(3) },
        { email: 'bruno@escola.test', name: 'Bruno Lima', expirationDate: inDays(60) },
        { email: 'carla@escola.test', name: 'Carla Dias' },
      ],
      't-fis': [{ email: 'davi@escola.test', name: 'Davi Rocha', expirationDate: inDays(10) }],
    },
    ...options,
  });
}

const renderPage = () => render(<TurmasPage api={createTestApiClient()} />);
// The view's code loads when it opens: the first time, a while on a busy machine.
const view = () => screen.findByRole('dialog', { name: 'Expirando em breve' }, { timeout: 10_000 });
const rowNames = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Matrículas que expiram em breve' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

/** A run's counts as the view shows them: each term and its figure. */
function runCounts(dialog: HTMLElement): Record<string, string | null | undefined> {
  return Object.fromEntries(
    within(dialog)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

/** A platform with the reads but not the audit extension: its answers do not list it. */
const withoutAudit = fetchWithout(AUDIT_EXTENSION);

/** Each test starts on the bare page, nothing selected, whatever the last one left. */
function startClean() {
  window.history.replaceState(null, '', '/');
  selectionStore.clear();
  tokenStore.clear();
  onlineManager.setOnline(true);
}
beforeEach(startClean);
afterEach(startClean);

describe('expiring soon', () => {
  it('opens from the page on the next 30 days, soonest first, and narrows to 7', async () => {
    installBackend();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Expirando em breve' }));
    const dialog = await view();
    expect(window.location.search).toBe('?expirando=30');
    await within(dialog).findByText('2 matrículas');
    expect(rowNames(dialog)).toEqual(['Ana Souzaana@escola.test', 'Davi Rochadavi@escola.test']);

    await user.click(within(dialog).getByText('7 dias'));
    await waitFor(() => expect(rowNames(dialog)).toEqual(['Ana Souzaana@escola.test']));
    expect(window.location.search).toBe('?expirando=7');
  });

  it('keeps to the selected turmas when asked', async () => {
    installBackend();
    selectionStore.add([{ id: 't-fis', name: 'Física 1º B' }]);
    window.history.replaceState(null, '', '/?expirando=30');
    const { user } = renderPage();
    const dialog = await view();
    await within(dialog).findByText('2 matrículas');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Só a turma selecionada' }));
    await within(dialog).findByText('1 matrícula');
    expect(rowNames(dialog)).toEqual(['Davi Rochadavi@escola.test']);
  });

  it('says when nothing expires, and offers a retry when the list fails', async () => {
    const backend = installBackend({ enrolments: {} });
    backend.failNext({ status: 500 }, { where: (r) => r.pathname.endsWith('/expiring') });
    window.history.replaceState(null, '', '/?expirando=30');
    const { user } = renderPage();
    const dialog = await view();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar as matrículas');
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await within(dialog).findByText('Nenhuma matrícula expira nos próximos 30 dias'),
    ).toBeVisible();
  });

  it('says an expired session as such, not as a failed list', async () => {
    const backend = installBackend({ enrolments: {} });
    backend.failNext({ status: 401 }, { where: (r) => r.pathname.endsWith('/expiring') });
    window.history.replaceState(null, '', '/?expirando=30');
    renderPage();
    const dialog = await view();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Sua sessão expirou: entre de novo e tente outra vez.');
    expect(alert).not.toHaveTextContent('Não foi possível carregar as matrículas');
  });

  it('offline, a new window says it cannot load it, never that nothing expires; back online, it loads', async () => {
    installBackend({
      enrolments: {
        't-fis': [{ email: 'davi@escola.test', name: 'Davi Rocha', expirationDate: inDays(10) }],
      },
    });
    window.history.replaceState(null, '', '/?expirando=7');
    const { user } = renderPage();
    const dialog = await view();
    await within(dialog).findByText('Nenhuma matrícula expira nos próximos 7 dias');

    act(() => onlineManager.setOnline(false));
    await user.click(within(dialog).getByText('Até uma data'));

    // The 7 days' empty answer is not the date's.
    const notice = await waitingNotice(
      dialog,
      'As matrículas aparecem assim que a conexão voltar.',
    );
    expect(within(notice).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByText(/^Nenhuma matrícula expira/)).toBeNull();

    act(() => onlineManager.setOnline(true));
    expect(await within(dialog).findByText('1 matrícula')).toBeVisible();
    expect(rowNames(dialog)).toEqual(['Davi Rochadavi@escola.test']);
  });

  it('opened offline, says it waits for the connection and sends nothing; back online, it loads', async () => {
    const backend = installBackend();
    // A client that has had the server's answer (which extensions it has) before the browser went
    // offline; the view opens with the browser offline and no event since.
    const api = createTestApiClient();
    await api.getClasses();
    let offline = true;
    backend.failNext('network', { times: Infinity, where: () => offline });
    const browserOnline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      window.history.replaceState(null, '', '/?expirando=30');
      render(<TurmasPage api={api} />, { queryClient: createQueryClient(() => {}) });
      const dialog = await view();

      await waitingNotice(dialog, 'As matrículas aparecem assim que a conexão voltar.');
      expect(backend.requests.some((request) => request.pathname.endsWith('/expiring'))).toBe(
        false,
      );

      offline = false;
      browserOnline.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(await within(dialog).findByText('2 matrículas')).toBeVisible();
    } finally {
      browserOnline.mockRestore();
    }
  });

  it('opened where the browser says offline although it is not, "Tentar novamente" loads it', async () => {
    installBackend();
    // The server's extensions known from before (as in the test above).
    const api = createTestApiClient();
    await api.getClasses();
    const browserOnline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      window.history.replaceState(null, '', '/?expirando=30');
      const { user } = render(<TurmasPage api={api} />, {
        queryClient: createQueryClient(() => {}),
      });
      const dialog = await view();
      const notice = await waitingNotice(
        dialog,
        'As matrículas aparecem assim que a conexão voltar.',
      );

      await user.click(within(notice).getByRole('button', { name: 'Tentar novamente' }));
      expect(await within(dialog).findByText('2 matrículas')).toBeVisible();
    } finally {
      browserOnline.mockRestore();
    }
  });

  it("offline, shows no other window's rows as this one's", async () => {
    installBackend();
    window.history.replaceState(null, '', '/?expirando=30');
    const { user } = renderPage();
    const dialog = await view();
    await within(dialog).findByText('2 matrículas');

    act(() => onlineManager.setOnline(false));
    await user.click(within(dialog).getByText('7 dias'));

    await waitingNotice(dialog, 'As matrículas aparecem assim que a conexão voltar.');
    expect(within(dialog).queryByText('2 matrículas')).toBeNull();
    expect(within(dialog).queryByRole('table')).toBeNull();
  });

  it("while a new window loads, the rows kept on screen do not give their count as the new one's", async () => {
    const backend = installBackend();
    window.history.replaceState(null, '', '/?expirando=30');
    const { user } = renderPage();
    const dialog = await view();
    await within(dialog).findByText('2 matrículas');
    const held = backend.hold((request) => request.pathname.endsWith('/expiring'));

    await user.click(within(dialog).getByText('7 dias'));
    await waitFor(() => expect(held.requests).toHaveLength(1));

    expect(within(dialog).getByRole('status')).toHaveTextContent('Carregando matrículas…');
    expect(within(dialog).queryByText('2 matrículas')).toBeNull();
    expect(within(dialog).getByRole('table')).toHaveAttribute('aria-busy', 'true');
    held.release();
    expect(await within(dialog).findByText('1 matrícula')).toHaveRole('status');
    expect(within(dialog).getByRole('table')).toHaveAttribute('aria-busy', 'false');
  });

  it('while a new window loads, an empty one before it is not said as its answer', async () => {
    const backend = installBackend({
      enrolments: {
        't-fis': [{ email: 'davi@escola.test', name: 'Davi Rocha', expirationDate: inDays(10) }],
      },
    });
    window.history.replaceState(null, '', '/?expirando=7');
    const { user } = renderPage();
    const dialog = await view();
    await within(dialog).findByText('Nenhuma matrícula expira nos próximos 7 dias');
    const held = backend.hold((request) => request.pathname.endsWith('/expiring'));

    await user.click(within(dialog).getByText('30 dias'));
    await waitFor(() => expect(held.requests).toHaveLength(1));

    expect(within(dialog).getByRole('status')).toHaveTextContent('Carregando matrículas…');
    expect(within(dialog).queryByText(/^Nenhuma matrícula expira/)).toBeNull();
    held.release();
    expect(await within(dialog).findByText('1 matrícula')).toBeVisible();
  });

  it('counts the 30 days as the console does: the "30 dias" preset is inside the window', async () => {
    // 23:59 local of today + 30, as "Expira em 30 dias" and the expiry field's preset have it.
    const presetIn30Days = toInstant(presetExpiry('in30Days', new Date()))!.toISOString();
    installBackend({
      enrolments: {
        't-mat': [{ email: 'eva@escola.test', name: 'Eva Prado', expirationDate: presetIn30Days }],
        't-fis': [{ email: 'davi@escola.test', name: 'Davi Rocha', expirationDate: inDays(10) }],
      },
    });
    window.history.replaceState(null, '', '/?expirando=30');
    renderPage();
    const dialog = await view();
    await within(dialog).findByText('2 matrículas');
    expect(rowNames(dialog)).toEqual(['Davi Rochadavi@escola.test', 'Eva Pradoeva@escola.test']);
  });

  it('ends the 7- and 30-day windows with the end of their last day, local time', () => {
    const now = new Date(2026, 2, 10, 9, 30);
    expect(windowOf({ days: 30 }, now)).toEqual({
      after: now.toISOString(),
      before: new Date(2026, 3, 10).toISOString(),
    });
    expect(windowOf({ days: 7 }, now).before).toBe(new Date(2026, 2, 18).toISOString());
    expect(windowOf({ until: '2026-03-17' }, now).before).toBe(new Date(2026, 2, 18).toISOString());
  });

  it('"Até uma data" starts on the last day of the 30 days, a date that can be changed', async () => {
    installBackend();
    window.history.replaceState(null, '', '/?expirando=7');
    const { user } = renderPage();
    const dialog = await view();
    await within(dialog).findByText('1 matrícula');

    await user.click(within(dialog).getByText('Até uma data'));

    const field = within(dialog).getByLabelText('Até o dia');
    expect(field).toHaveValue(localDay(30));
    expect(window.location.search).toBe(`?expirando=${localDay(30)}`);
    await waitFor(() =>
      expect(rowNames(dialog)).toEqual(['Ana Souzaana@escola.test', 'Davi Rochadavi@escola.test']),
    );
    expect(within(dialog).getByText('2 matrículas')).toBeVisible();

    await user.clear(field);
    await user.type(field, `${localDay(5)}{Enter}`);
    await waitFor(() => expect(rowNames(dialog)).toEqual(['Ana Souzaana@escola.test']));
    expect(window.location.search).toBe(`?expirando=${localDay(5)}`);
  });

  it('applies a typed day only once given whole: each digit of a year keeps the panel and its window', async () => {
    installBackend();
    const start = localDay(30);
    window.history.replaceState(null, '', `/?expirando=${start}`);
    renderPage();
    const dialog = await view();
    await within(dialog).findByText('2 matrículas');
    const field = within(dialog).getByLabelText('Até o dia');
    const year = String(Number(start.slice(0, 4)) + 1);
    const typed = `${year}${start.slice(4)}`;

    // As Chromium reports a year typed digit by digit: each one a whole date, 0002-…, 0020-….
    for (let digits = 1; digits <= 4; digits++) {
      fireEvent.keyDown(field, { key: year[digits - 1] });
      const reported = `${year.slice(0, digits).padStart(4, '0')}${start.slice(4)}`;
      fireEvent.change(field, { target: { value: reported } });
      expect(window.location.search).toBe(`?expirando=${start}`);
      expect(screen.getByRole('dialog', { name: 'Expirando em breve' })).toBe(dialog);
      expect(field).toHaveValue(reported);
      expect(field).not.toHaveAccessibleDescription();
    }

    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(window.location.search).toBe(`?expirando=${typed}`));
    expect(await within(dialog).findByText('3 matrículas')).toBeVisible();
  });

  it('says why a day typed whole cannot end the window, and keeps the panel, the day typed and the window', async () => {
    installBackend();
    const start = localDay(30);
    window.history.replaceState(null, '', `/?expirando=${start}`);
    const { user } = renderPage();
    const dialog = await view();
    await within(dialog).findByText('2 matrículas');
    const field = within(dialog).getByLabelText('Até o dia');

    await user.clear(field);
    await user.type(field, `${localDay(-3)}{Enter}`);
    expect(field).toHaveAccessibleDescription('Esse dia já passou: escolha hoje ou um dia depois.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue(localDay(-3));
    expect(window.location.search).toBe(`?expirando=${start}`);
    expect(within(dialog).getByText('2 matrículas')).toBeVisible();

    // Leaving the field with it empty: the day is asked for.
    await user.clear(field);
    await user.tab();
    expect(field).toHaveAccessibleDescription('Escolha o dia.');
    expect(window.location.search).toBe(`?expirando=${start}`);

    // A real day again: the error goes, the window follows.
    await user.type(field, `${localDay(5)}{Enter}`);
    await waitFor(() => expect(window.location.search).toBe(`?expirando=${localDay(5)}`));
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(field).not.toHaveAccessibleDescription();
    await waitFor(() => expect(rowNames(dialog)).toEqual(['Ana Souzaana@escola.test']));
  });

  it('says in English why a day cannot end the window', async () => {
    installBackend();
    window.history.replaceState(null, '', `/?expirando=${localDay(30)}`);
    const { user } = render(<TurmasPage api={createTestApiClient()} />, { locale: 'en' });
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Expiring soon' },
      { timeout: 10_000 },
    );
    const field = within(dialog).getByLabelText('Until');
    await user.clear(field);
    await user.type(field, `${localDay(-1)}{Enter}`);
    expect(field).toHaveAccessibleDescription('That day has passed: choose today or a later day.');
    expect(window.location.search).toBe(`?expirando=${localDay(30)}`);
  });

  it('reads a day in the address by its year as written, and checks the range of a day given', () => {
    expect(parseExpiringParam('?expirando=0002-12-30')).toEqual({ until: '0002-12-30' });
    expect(parseExpiringParam('?expirando=2027-02-29')).toBeNull();
    const now = new Date(2026, 10, 29, 22, 30);
    // A day long gone ends the window now: nothing, rather than a window ending in 1902.
    expect(windowOf({ until: '0002-12-30' }, now).before).toBe(now.toISOString());
    expect(untilProblem('0002-12-30', now)).toBe('past');
    expect(untilProblem('2026-11-28', now)).toBe('past');
    expect(untilProblem('2026-11-29', now)).toBeNull();
    expect(untilProblem('9999-12-30', now)).toBeNull();
    expect(untilProblem('9999-12-31', now)).toBe('tooLate');
    expect(untilProblem('20261-12-30', now)).toBe('tooLate');
    expect(untilProblem('2027-02-29', now)).toBe('invalid');
    expect(untilProblem('', now)).toBe('required');
  });

  it('gives two enrolments a new expiry, through the enrol write', async () => {
    const backend = installBackend();
    window.history.replaceState(null, '', '/?expirando=30');
    const { user } = renderPage();
    const dialog = await view();
    await within(dialog).findByText('2 matrículas');
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Selecionar todas as matrículas desta página' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Estender validade' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar nova validade' }));

    const outcome = await within(dialog).findByRole('status', {
      name: (_, element) => element.textContent.startsWith('2 matrículas estendidas.'),
    });
    // Done: the form is gone, its outcome (with Desfazer) stays and has the focus.
    expect(within(dialog).queryByText(/^Nova validade para/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Aplicar nova validade' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancelar' })).toBeNull();
    expect(outcome).toHaveFocus();
    expect(within(outcome).getByRole('button', { name: 'Desfazer' })).toBeVisible();
    const writes = backend.requests.filter((request) => request.method === 'POST');
    expect(writes.map((request) => request.pathname).sort()).toEqual([
      '/v1/classe/t-fis/add-student',
      '/v1/classe/t-mat/add-student',
    ]);
    const newExpiry = backend.expiryOf('t-mat', 'ana@escola.test');
    expect(newExpiry).not.toBeNull();
    expect(Date.parse(newExpiry!)).toBeGreaterThan(Date.now() + 30 * DAY);
    expect(backend.expiryOf('t-fis', 'davi@escola.test')).toBe(newExpiry);
  });

  it('moves focus into the form as it opens, and back to "Estender validade" when cancelled', async () => {
    installBackend();
    window.history.replaceState(null, '', '/?expirando=30');
    const { user } = renderPage();
    const dialog = await view();
    await within(dialog).findByText('2 matrículas');
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Selecionar Ana Souza em Matemática 9º A' }),
    );
    const extend = within(dialog).getByRole('button', { name: 'Estender validade' });
    act(() => extend.focus());
    await user.keyboard('{Enter}');

    // The form opens above the button: focus goes to it, and Tab goes on through it.
    const heading = await within(dialog).findByRole('heading', {
      name: 'Nova validade para 1 matrícula',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    const form = within(dialog).getByRole('group', { name: 'Nova validade para 1 matrícula' });
    await user.tab();
    expect(within(form).getByRole('textbox', { name: /^Validade da matrícula/ })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(within(dialog).queryByRole('heading', { name: /^Nova validade/ })).toBeNull();
    expect(extend).toHaveFocus();
  });

  it('moves focus back into the open form when "Estender validade" is pressed again', async () => {
    installBackend();
    window.history.replaceState(null, '', '/?expirando=30');
    const { user } = renderPage();
    const dialog = await view();
    await within(dialog).findByText('2 matrículas');
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Selecionar Ana Souza em Matemática 9º A' }),
    );
    const extend = within(dialog).getByRole('button', { name: 'Estender validade' });
    await user.click(extend);
    const heading = await within(dialog).findByRole('heading', {
      name: 'Nova validade para 1 matrícula',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    const noExpiry = within(dialog).getByRole('checkbox', { name: 'Sem validade' });
    await user.click(noExpiry);

    await user.click(extend);
    await waitFor(() => expect(heading).toHaveFocus());
    // The same form, what was chosen in it kept.
    expect(noExpiry).toBeChecked();

    act(() => extend.focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('keeps the form open to try again when none could be extended', async () => {
    const backend = installBackend();
    window.history.replaceState(null, '', '/?expirando=30');
    const { user } = renderPage();
    const dialog = await view();
    await within(dialog).findByText('2 matrículas');
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Selecionar Ana Souza em Matemática 9º A' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Estender validade' }));
    backend.failNext({ status: 409 }, { where: (request) => request.method === 'POST' });
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar nova validade' }));

    const outcome = await within(dialog).findByRole('alert');
    expect(outcome).toHaveTextContent(
      '1 não pôde ser estendida; segue selecionada para tentar de novo:',
    );
    // Which one, and what the server said.
    expect(within(outcome).getByRole('listitem')).toHaveTextContent(
      /^Ana Souza em Matemática 9º A: .*409/,
    );
    expect(outcome).toHaveFocus();
    expect(within(dialog).getByText('Nova validade para 1 matrícula')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Aplicar nova validade' })).toBeEnabled();
  });

  it('shows a run of several as every run: paused, it counts; Desfazer restores the expiries', async () => {
    const six = Array.from({ length: 6 }, (_, index) => ({
      email: `aluno${index}@escola.test`,
      name: `Aluno ${index}`,
      expirationDate: inDays(index + 2),
    }));
    const backend = installBackend({ enrolments: { 't-mat': six } });
    window.history.replaceState(null, '', '/?expirando=30');
    const { user } = renderPage();
    const dialog = await view();
    await within(dialog).findByText('6 matrículas');
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Selecionar todas as matrículas desta página' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Estender validade' }));
    const writes = () => backend.requests.filter((request) => request.method === 'POST');
    const emailOf = (request: { body: unknown }) => (request.body as { email: string }).email;
    // The first four calls (the runner's four in flight) wait until paused.
    const held = backend.hold((request) => request.method === 'POST');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar nova validade' }));
    await waitFor(() => expect(held.requests).toHaveLength(4));
    // One of them is refused for good.
    const refused = emailOf(held.requests[1]!);
    backend.failNext(
      { status: 409 },
      { where: (request) => request.method === 'POST' && emailOf(request) === refused },
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
    expect(writes()).toHaveLength(4);
    // Paused, the run still has work to do: closing the tab asks first, and the panel stays.
    expect(closeTabAsks()).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Fechar expirando em breve' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(dialog).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    const outcome = await within(dialog).findByRole('alert');
    expect(closeTabAsks()).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Fechar expirando em breve' })).toBeVisible();
    expect(outcome).toHaveTextContent(
      '5 matrículas estendidas. 1 não pôde ser estendida; segue selecionada para tentar de novo:',
    );
    const refusedName = six.find((student) => student.email === refused)!.name;
    expect(within(outcome).getByRole('listitem')).toHaveTextContent(
      new RegExp(`^${refusedName} em Matemática 9º A: .*409`),
    );
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(writes()).toHaveLength(6);
    const extended = (email: string) =>
      Date.parse(backend.expiryOf('t-mat', email)!) > Date.now() + 30 * DAY;
    expect(
      six.filter((student) => !extended(student.email)).map((student) => student.email),
    ).toEqual([refused]);
    // Out of the window now, all but the refused one, selected to try again.
    await within(dialog).findByText('1 matrícula · 1 selecionada');
    expect(
      within(dialog).getByRole('checkbox', {
        name: `Selecionar ${refusedName} em Matemática 9º A`,
      }),
    ).toBeChecked();

    await user.click(within(outcome).getByRole('button', { name: 'Desfazer' }));
    expect(await within(outcome).findByText('Desfeito')).toBeVisible();
    expect(within(outcome).getByText('Matemática 9º A: 5 alterações desfeitas')).toBeVisible();
    for (const student of six) {
      expect(backend.expiryOf('t-mat', student.email)).toBe(student.expirationDate);
    }
    // Back in the window, read again; the one not extended still selected.
    expect(await within(dialog).findByText('6 matrículas · 1 selecionada')).toBeVisible();
  });

  it('offers no Undo where the server keeps no audit trail (in English)', async () => {
    const backend = installBackend();
    window.history.replaceState(null, '', '/?expirando=30');
    const { user } = render(<TurmasPage api={createTestApiClient({ fetch: withoutAudit })} />, {
      locale: 'en',
    });
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Expiring soon' },
      { timeout: 10_000 },
    );
    await within(dialog).findByText('2 enrolments');
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Select every enrolment on this page' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Extend expiry' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply new expiry' }));

    await within(dialog).findByText('2 enrolments extended.');
    const said = within(dialog)
      .getAllByRole('status')
      .find((region) => region.textContent.startsWith('2 enrolments extended.'));
    expect(said).toBeDefined();
    expect(Date.parse(backend.expiryOf('t-mat', 'ana@escola.test')!)).toBeGreaterThan(
      Date.now() + 30 * DAY,
    );
    expect(within(dialog).queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it("opens a student's page from their name, over the view, and Back returns to it", async () => {
    installBackend();
    window.history.replaceState(null, '', '/?expirando=30');
    const { user } = renderPage();
    const dialog = await view();
    await user.click(await within(dialog).findByRole('link', { name: 'Ana Souza' }));

    expect(new URLSearchParams(window.location.search).get('aluno')).toBe('ana@escola.test');
    const page = await screen.findByRole('dialog', { name: 'Ana Souza' }, { timeout: 10_000 });
    expect(await within(page).findByText('Matemática 9º A')).toBeVisible();
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ana Souza' })).toBeNull());
    expect(window.location.search).toBe('?expirando=30');
    expect(within(await view()).getByRole('link', { name: 'Davi Rocha' })).toBeVisible();
  });

  it('shows a read credential the window to export, with nothing to tick or extend', async () => {
    const READ_TOKEN = 'read-token-of-the-secretaria-sede-0001';
    installBackend({ credentials: [{ name: 'secretaria-sede', role: 'read', token: READ_TOKEN }] });
    tokenStore.set(READ_TOKEN);
    window.history.replaceState(null, '', '/?expirando=30');
    render(<TurmasPage api={createTestApiClient({ getToken: tokenStore.get })} />);
    const dialog = await view();
    await within(dialog).findByText('2 matrículas');
    await waitFor(() => expect(within(dialog).queryAllByRole('checkbox')).toEqual([]));

    const table = within(dialog).getByRole('table', { name: 'Matrículas que expiram em breve' });
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Ana Souza', 'Davi Rocha']);
    expect(within(dialog).queryByRole('button', { name: 'Estender validade' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  });

  it('is not offered by a server without the extension', async () => {
    installBackend({ extensions: false });
    renderPage();
    await screen.findByRole('table', { name: 'Lista de turmas' });
    await screen.findAllByText('Matemática 9º A');
    expect(screen.queryByRole('button', { name: 'Expirando em breve' })).toBeNull();
  });
});
