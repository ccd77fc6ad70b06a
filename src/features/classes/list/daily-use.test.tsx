/**
 * The turmas list in daily use (issue 20): dates that are not tab stops, one "no match" line,
 * a page change that lands on the new rows, a failed list that reloads by itself, a tray that
 * folds on a phone, and odd but valid answers (empty names, totals that disagree with the rows).
 */
import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassListResponse } from '#contract';
import type { ApiClient } from '../../../api/client';
import { reconnectWhenServerBack } from '../../../api/server-back';
import { accessibleText } from '../../../testing/accessible-text';
import { createTestApiClient } from '../../../testing/api-client';
import { installReferenceApi } from '../../../testing/msw/reference-api';
import { render } from '../../../testing/render';
import { aClassPage, aTurma, manyTurmas } from '../../../testing/sample-classes';
import { ClassBrowser } from './class-browser';
import type { RowAction } from '../table/class-table';
import { selectionStore } from '../../../lib/selection-store';
import { SelectionTray } from '../selection/selection-tray';

const table = () => screen.getByRole('table', { name: 'Lista de turmas' });
const status = () => screen.getAllByRole('status')[0]!;

/** An API that answers every list with `page`, as a mock generated from the OpenAPI might. */
function answering(page: ClassListResponse): Pick<ApiClient, 'getClasses' | 'extensions'> {
  return { getClasses: () => Promise.resolve(page), extensions: noExtensions() };
}

/** What a server that never said it has extensions offers: none (a client's state before any answer). */
const noExtensions = () => createTestApiClient().extensions;

const ACTIONS: RowAction[] = [
  { label: 'Matricular', name: (turma) => `Matricular aluno em ${turma.name}`, onClick: vi.fn() },
  { label: 'Remover', name: (turma) => `Remover aluno de ${turma.name}`, onClick: vi.fn() },
];

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  selectionStore.clear();
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('Turmas list: keyboard and dates', () => {
  it('says in sight, for keyboard users too, the time zone the short dates are in', async () => {
    installReferenceApi({ turmas: [aTurma()] });
    render(<ClassBrowser api={createTestApiClient()} rowActions={ACTIONS} />);
    await screen.findByText('1 turma');

    // The table's caption: visible, and read with the table. The zone and its offset, e.g.
    // "Horário Padrão de Brasília (GMT-03:00)", or the offset alone for UTC.
    const caption = within(table()).getByText(/^Datas e horas no fuso .*GMT[+-]\d\d:\d\d\)?\.$/);
    expect(caption.tagName).toBe('CAPTION');
    expect(caption).toBeVisible();
  });

  it('makes the checkbox and the actions the only tab stops of a row; dates read as shown', async () => {
    installReferenceApi({
      turmas: [
        aTurma({ createdAt: '2026-01-10T12:00:00.000Z', updatedAt: '2026-02-01T08:30:05Z' }),
      ],
    });
    const { user } = render(<ClassBrowser api={createTestApiClient()} rowActions={ACTIONS} />);
    await screen.findByText('1 turma');
    const format = (options: Intl.DateTimeFormatOptions) => (iso: string) =>
      new Intl.DateTimeFormat('pt-BR', options).format(new Date(iso));
    const full = format({ dateStyle: 'full', timeStyle: 'long' });
    const short = format({
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });

    screen.getByRole('checkbox', { name: 'Selecionar Matemática 9º A' }).focus();
    await user.tab();
    expect(
      screen.getByRole('button', { name: 'Matricular aluno em Matemática 9º A' }),
    ).toHaveFocus();

    const [created, updated] = within(table()).getAllByRole('time');
    expect(created).not.toHaveAttribute('tabindex');
    expect(created).toHaveAttribute('title', full('2026-01-10T12:00:00.000Z'));
    // Read as it is shown; the full form is the date's description, the zone is in the caption.
    expect(accessibleText(updated!)).toBe(short('2026-02-01T08:30:05Z'));
    expect(updated).toHaveAccessibleDescription(full('2026-02-01T08:30:05Z'));
    expect(updated).toHaveAttribute('datetime', '2026-02-01T08:30:05Z');
  });

  it('says "Nenhuma turma encontrada" once when a search finds nothing', async () => {
    installReferenceApi({ turmas: manyTurmas(5) });
    window.history.replaceState(null, '', '/?q=astronomia');
    render(<ClassBrowser api={createTestApiClient()} />);

    expect(await screen.findByText(/Nenhuma turma tem “astronomia”/)).toBeVisible();
    expect(screen.getAllByText('Nenhuma turma encontrada')).toHaveLength(1);
    expect(status()).toHaveTextContent('Nenhuma turma encontrada');
  });
});

describe('Turmas list: changing pages', () => {
  it('moves focus to the table of the new page', async () => {
    installReferenceApi({ turmas: manyTurmas(45) });
    const { user } = render(<ClassBrowser api={createTestApiClient()} />);
    await screen.findByText('45 turmas');

    await user.click(screen.getByRole('button', { name: 'Próxima página' }));

    expect(table()).toHaveFocus();
    await screen.findByText('21–40 de 45');
  });

  it('loads a failed list again by itself when the connection comes back', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(5) });
    backend.failNext('network');
    // The app's reconnect (src/app/query-client.ts), on the test's client that does not retry.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    reconnectWhenServerBack(queryClient);
    render(<ClassBrowser api={createTestApiClient()} />, { queryClient });
    expect(await screen.findByText('Não foi possível carregar as turmas')).toBeVisible();

    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    expect(await screen.findByText('5 turmas')).toBeVisible();
    expect(screen.queryByText('Não foi possível carregar as turmas')).not.toBeInTheDocument();
  });
});

describe('Turmas list: odd but valid answers', () => {
  it('shows the rows that came back even when the total says 0', async () => {
    render(<ClassBrowser api={answering(aClassPage([aTurma({ name: 'Química 1º A' })], 0))} />);

    expect(await screen.findByRole('cell', { name: 'Química 1º A' })).toBeVisible();
    expect(status()).toHaveTextContent('1 turma');
    expect(screen.queryByText('Nenhuma turma encontrada')).not.toBeInTheDocument();
    expect(screen.getByText('1–1 de 1')).toBeVisible();
  });

  it('counts the range from the rows that came back, not the page size', async () => {
    const rows = manyTurmas(3);
    render(<ClassBrowser api={answering(aClassPage(rows, 45))} />);

    expect(await screen.findByText('1–3 de 45')).toBeVisible();
  });

  it('names a turma without a name "(sem nome)", in the row and in the tray', async () => {
    const { user } = render(
      <>
        <ClassBrowser
          api={answering(aClassPage([aTurma({ id: 'blank', name: '' })]))}
          rowActions={ACTIONS}
        />
        <SelectionTray />
      </>,
    );

    const checkbox = await screen.findByRole('checkbox', { name: 'Selecionar (sem nome)' });
    expect(screen.getByRole('cell', { name: '(sem nome)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Matricular aluno em (sem nome)' })).toBeVisible();
    await user.click(checkbox);
    const tray = await screen.findByRole('region', { name: 'Turmas selecionadas' });
    expect(within(tray).getByText('(sem nome)')).toBeVisible();
    expect(
      within(tray).getByRole('button', { name: 'Remover (sem nome) da seleção' }),
    ).toBeVisible();
  });

  it('says "(no name)" in English', async () => {
    render(<ClassBrowser api={answering(aClassPage([aTurma({ name: '' })]))} />, {
      locale: 'en',
    });

    expect(await screen.findByRole('checkbox', { name: 'Select (no name)' })).toBeVisible();
  });
});

describe('Selecting every turma found', () => {
  const pageCheckbox = () =>
    screen.getByRole('checkbox', { name: 'Selecionar todas as turmas desta página' });

  it('offers all N found once a page is ticked, across pages', async () => {
    installReferenceApi({ turmas: manyTurmas(45) });
    const { user } = render(
      <>
        <ClassBrowser api={createTestApiClient()} />
        <SelectionTray />
      </>,
    );
    await screen.findByText('45 turmas');

    await user.click(pageCheckbox());
    expect(screen.getByText('As 20 turmas desta página estão selecionadas.')).toBeVisible();
    await user.click(
      screen.getByRole('button', { name: 'Selecionar todas as 45 turmas encontradas' }),
    );

    expect(await screen.findByText('As 45 turmas encontradas estão selecionadas.')).toBeVisible();
    expect(selectionStore.get()).toHaveLength(45);
    const tray = await screen.findByRole('region', { name: 'Turmas selecionadas' });
    expect(within(tray).getByText('45 turmas selecionadas')).toBeVisible();
  });

  it('says why not beyond the 100 turmas one operation accepts', async () => {
    installReferenceApi({ turmas: manyTurmas(120) });
    const { user } = render(<ClassBrowser api={createTestApiClient()} />);
    await screen.findByText('120 turmas');

    await user.click(pageCheckbox());

    expect(
      screen.getByText(/A busca encontrou 120, mais do que as 100 que uma operação aceita/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Selecionar todas as/ })).not.toBeInTheDocument();
  });
});

describe('Selection tray on a phone', () => {
  it('shows the count and the buttons, and the chips on demand', async () => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- setup.ts's vi.fn, never bound
    const matchMedia = vi.mocked(window.matchMedia);
    const original = matchMedia.getMockImplementation()!;
    matchMedia.mockImplementation((query: string) =>
      Object.assign(original(query), { matches: query === '(max-width: 48em)' }),
    );
    try {
      selectionStore.add([
        { id: 'a', name: 'Artes 1º A' },
        { id: 'b', name: 'Física 2º B' },
      ]);
      const { user } = render(<SelectionTray />);
      const tray = await screen.findByRole('region', { name: 'Turmas selecionadas' });
      expect(within(tray).getByRole('status')).toHaveTextContent('2 turmas selecionadas');
      expect(within(tray).queryByText('Artes 1º A')).not.toBeInTheDocument();

      const show = within(tray).getByRole('button', { name: 'Mostrar turmas (2)' });
      expect(show).toHaveAttribute('aria-expanded', 'false');
      await user.click(show);

      expect(within(tray).getByText('Artes 1º A')).toBeVisible();
      const hide = within(tray).getByRole('button', { name: 'Ocultar turmas' });
      expect(hide).toHaveAttribute('aria-expanded', 'true');
      await user.click(hide);
      await waitFor(() => expect(within(tray).queryByText('Artes 1º A')).not.toBeInTheDocument());
    } finally {
      matchMedia.mockImplementation(original);
    }
  });
});

describe('Turmas list: an empty page that is not past the end', () => {
  it('on page 1, says the list came back empty though the server counts turmas, and reloads', async () => {
    const rows = manyTurmas(3);
    const getClasses = vi
      .fn<ApiClient['getClasses']>()
      .mockResolvedValueOnce(aClassPage([], 45))
      .mockResolvedValue(aClassPage(rows, 3));
    const { user } = render(<ClassBrowser api={{ getClasses, extensions: noExtensions() }} />);

    expect(await screen.findByText('Esta página veio vazia')).toBeVisible();
    expect(
      screen.getByText(/O servidor informa 45 turmas, mas esta página veio sem nenhuma/),
    ).toBeVisible();
    // No bare header row, no pager counting "1–0 de 45".
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/–0 de/)).not.toBeInTheDocument();
    // Page 1 is where it is: nothing to go back to.
    expect(
      screen.queryByRole('button', { name: 'Ir para a primeira página' }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Recarregar a lista' }));

    expect(await screen.findByRole('cell', { name: rows[0]!.name })).toBeVisible();
    expect(getClasses.mock.calls.filter(([query]) => query?.page === 1)).toHaveLength(2);
  });

  it('on a later page (rows gone between requests), offers the first page', async () => {
    const rows = manyTurmas(20);
    const getClasses = vi.fn<ApiClient['getClasses']>((query) =>
      Promise.resolve(query?.page === 2 ? aClassPage([], 45) : aClassPage(rows, 45)),
    );
    window.history.replaceState(null, '', '/?page=2');
    const { user } = render(<ClassBrowser api={{ getClasses, extensions: noExtensions() }} />);

    expect(await screen.findByText('Esta página veio vazia')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ir para a primeira página' }));

    expect(await screen.findByRole('cell', { name: rows[0]!.name })).toBeVisible();
    expect(window.location.search).toBe('');
  });
});

describe('Turmas list: a new page or order that fails', () => {
  const rowNames = () =>
    within(table())
      .getAllByRole('row')
      .slice(1)
      .map((row) => accessibleText(within(row).getAllByRole('cell')[1]!));

  it('keeps the rows on screen, says the page failed, and loads it on retry', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(45) });
    // Page 2 fails twice: its prefetch, then the request the click makes.
    backend.failNext({ status: 503 }, { times: 2, where: (r) => r.searchParams.page === '2' });
    const { user } = render(<ClassBrowser api={createTestApiClient()} />);
    await screen.findByText('45 turmas');
    const firstPage = rowNames();
    await waitFor(() =>
      expect(backend.listRequests().some((r) => r.searchParams.page === '2')).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: 'Próxima página' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar a página 2');
    expect(alert).toHaveTextContent('As turmas abaixo são as que já estavam na tela.');
    expect(rowNames()).toEqual(firstPage);
    expect(screen.queryByText('Não foi possível carregar as turmas')).not.toBeInTheDocument();
    expect(status()).toHaveTextContent('45 turmas');

    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));

    await waitFor(() => expect(rowNames()).not.toEqual(firstPage));
    expect(rowNames()).toHaveLength(20);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the rows when a new order fails too', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(45) });
    const { user } = render(<ClassBrowser api={createTestApiClient()} />);
    await screen.findByText('45 turmas');
    const firstPage = rowNames();
    backend.failNext('network', { where: (r) => r.searchParams.sortBy === '-countStudents' });

    const students = screen.getByRole('columnheader', { name: /Alunos/ });
    await user.click(within(students).getByRole('button'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar a lista pedida');
    expect(rowNames()).toEqual(firstPage);
  });
});
