import { Button, Modal, TextInput } from '@mantine/core';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessibleText } from '../../../testing/accessible-text';
import { createTestApiClient } from '../../../testing/api-client';
import { installReferenceApi, type ReferenceApi } from '../../../testing/msw/reference-api';
import { render } from '../../../testing/render';
import { aTurma, manyTurmas } from '../../../testing/sample-classes';
import { ClassBrowser } from './class-browser';
import type { RowAction } from '../table/class-table';
import { selectionStore } from '../../../lib/selection-store';

function renderBrowser(options?: Parameters<typeof render>[1]) {
  return render(<ClassBrowser api={createTestApiClient()} />, options);
}

const table = () => screen.getByRole('table', { name: 'Lista de turmas' });
/** The names in the table body, top to bottom, as a screen reader reads them. */
const rowNames = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => accessibleText(within(row).getAllByRole('cell')[1]!));
const status = () => screen.getByRole('status');
const listParams = (backend: ReferenceApi) =>
  backend.listRequests().map((request) => request.searchParams);

/** What the API itself answers, as the truth to compare the table with. */
async function namesFromApi(
  query: Parameters<ReturnType<typeof createTestApiClient>['getClasses']>[0],
) {
  const page = await createTestApiClient().getClasses(query);
  return page.data.map((turma) => turma.name);
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  selectionStore.clear();
});
afterEach(() => {
  onlineManager.setOnline(true);
  window.history.replaceState(null, '', '/');
});

describe('ClassBrowser: loading and paging', () => {
  it('shows skeleton rows, then the first page by name with the total', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(45) });
    const firstPage = backend.hold();
    renderBrowser();

    expect(status()).toHaveTextContent('Carregando turmas…');
    expect(table()).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(firstPage.requests).toHaveLength(1));
    firstPage.release();

    expect(await screen.findByText('45 turmas')).toHaveRole('status');
    expect(table()).toHaveAttribute('aria-busy', 'false');
    expect(rowNames()).toHaveLength(20);
    expect(rowNames()[0]).toBe('Artes 1º A');
    expect(screen.getByText('1–20 de 45')).toBeVisible();
    expect(listParams(backend)[0]).toEqual({ page: '1', pageSize: '20', sortBy: 'name' });
  });

  it('prefetches the next page, so "next" shows it at once', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(45) });
    const expected = await namesFromApi({ page: 2 });
    const asked = backend.listRequests().length;
    const { user } = renderBrowser();
    await screen.findByText('45 turmas');
    // The console's own request for page 2, not the one above.
    await waitFor(() =>
      expect(
        listParams(backend)
          .slice(asked)
          .map((params) => params.page),
      ).toContain('2'),
    );
    const requestsBefore = backend.listRequests().length;

    await user.click(screen.getByRole('button', { name: 'Próxima página' }));

    // No waiting: the rows are already there, and nothing was asked of the server again.
    expect(rowNames()).toEqual(expected);
    expect(table()).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByText('21–40 de 45')).toBeVisible();
    expect(window.location.search).toBe('?page=2');
    expect(
      backend
        .listRequests()
        .slice(requestsBefore)
        .map((r) => r.searchParams.page),
    ).toEqual(expect.not.arrayContaining(['2']));
  });

  it('keeps the previous page on screen, marked busy, while the next one loads', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(45) });
    const { user } = renderBrowser();
    await screen.findByText('45 turmas');
    const firstPage = rowNames();
    const lastPage = backend.hold((request) => request.searchParams.page === '3');

    await user.click(screen.getByRole('button', { name: 'Última página' }));

    expect(rowNames()).toEqual(firstPage);
    expect(table()).toHaveAttribute('aria-busy', 'true');
    lastPage.release();
    await waitFor(() => expect(rowNames()).toHaveLength(5));
    expect(table()).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByText('41–45 de 45')).toBeVisible();
  });

  it('never lets a late answer for an older page replace a newer one', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(45) });
    const pageThree = await namesFromApi({ page: 3 });
    // Page 2 (asked for ahead, then on "next") answers only after page 3 has.
    const slowPageTwo = backend.hold((request) => request.searchParams.page === '2');
    const { user } = renderBrowser();
    await screen.findByText('45 turmas');
    await waitFor(() => expect(slowPageTwo.requests).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await user.click(screen.getByRole('button', { name: 'Página 3 de 3' }));
    await waitFor(() => expect(rowNames()).toEqual(pageThree));
    await act(async () => {
      slowPageTwo.release();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });

    expect(rowNames()).toEqual(pageThree);
    expect(window.location.search).toBe('?page=3');
  });

  it('changes the page size and starts again from the first page', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(120) });
    window.history.replaceState(null, '', '/?page=3');
    const { user } = renderBrowser();
    await screen.findByText('120 turmas');

    await user.selectOptions(screen.getByLabelText('Turmas por página'), '50');

    await waitFor(() => expect(rowNames()).toHaveLength(50));
    expect(window.location.search).toBe('?pageSize=50');
    expect(listParams(backend)).toContainEqual({ page: '1', pageSize: '50', sortBy: 'name' });
    expect(screen.getByText('1–50 de 120')).toBeVisible();
  });

  it('shows the last page for a link past the end, without a new history entry', async () => {
    installReferenceApi({ turmas: manyTurmas(45) });
    window.history.replaceState(null, '', '/?page=9');
    const historyLength = window.history.length;
    renderBrowser();

    await waitFor(() => expect(rowNames()).toHaveLength(5));
    expect(window.location.search).toBe('?page=3');
    expect(window.history.length).toBe(historyLength);
  });
});

describe('ClassBrowser: the URL holds the view', () => {
  it('opens the view a link describes', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(120) });
    window.history.replaceState(null, '', '/?q=matem&page=2&pageSize=10&sort=-countStudents');
    const expected = await namesFromApi({
      query: 'matem',
      page: 2,
      pageSize: 10,
      sortBy: '-countStudents',
    });
    renderBrowser();

    await waitFor(() => expect(rowNames()).toEqual(expected));
    expect(listParams(backend)[0]).toEqual({
      page: '2',
      pageSize: '10',
      sortBy: '-countStudents',
      query: 'matem',
    });
    expect(screen.getByLabelText('Buscar turmas')).toHaveValue('matem');
    expect(screen.getByLabelText('Turmas por página')).toHaveValue('10');
    expect(screen.getByRole('columnheader', { name: /Alunos/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('button', { name: 'Página 2 de 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('falls back to the default for each broken parameter and tidies the address', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(45) });
    window.history.replaceState(null, '', '/?page=abc&pageSize=7&sort=size&q=%20fís%20&keep=1');
    renderBrowser();

    await screen.findByText(/turmas? encontradas?/);
    expect(listParams(backend)[0]).toEqual({
      page: '1',
      pageSize: '20',
      sortBy: 'name',
      query: 'fís',
    });
    expect(new URLSearchParams(window.location.search)).toEqual(
      new URLSearchParams({ q: 'fís', keep: '1' }),
    );
  });

  it('follows Back and Forward', async () => {
    installReferenceApi({ turmas: manyTurmas(45) });
    const [pageOne, pageTwo] = [await namesFromApi({ page: 1 }), await namesFromApi({ page: 2 })];
    const { user } = renderBrowser();
    await screen.findByText('45 turmas');
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(rowNames()).toEqual(pageTwo));

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(window.location.search).toBe('');
    expect(rowNames()).toEqual(pageOne);

    await act(async () => {
      window.history.forward();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(window.location.search).toBe('?page=2');
    expect(rowNames()).toEqual(pageTwo);
  });
});

/**
 * Types `text` into the search one key every `gap` ms, on a fake clock so that a busy machine
 * cannot stretch a gap into a pause; then `then` runs on that clock.
 */
function typeAtGaps(text: string, gap: number, then: (advance: (ms: number) => void) => void) {
  const field = screen.getByLabelText('Buscar turmas');
  act(() => field.focus());
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
  try {
    for (let length = 1; length <= text.length; length += 1) {
      if (length > 1) advance(gap);
      fireEvent.change(field, { target: { value: text.slice(0, length) } });
    }
    then(advance);
  } finally {
    vi.useRealTimers();
  }
}

describe('ClassBrowser: search', () => {
  it('sends one request for a burst of typing, ignoring accents and case', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(120) });
    renderBrowser();
    await screen.findByText('120 turmas');
    const before = backend.listRequests().length;

    typeAtGaps('educacao fis', 100, (advance) => advance(1000));

    expect(await screen.findByText('12 turmas encontradas')).toHaveRole('status');
    const searches = backend
      .listRequests()
      .slice(before)
      .filter((r) => 'query' in r.searchParams);
    // No sortBy: the reference server ranks a search (best-match.test.tsx).
    expect(searches.map((request) => request.searchParams)).toEqual([
      { page: '1', pageSize: '20', query: 'educacao fis' },
    ]);
    expect(rowNames().every((name) => name.startsWith('Educação Física'))).toBe(true);
    expect(window.location.search).toBe('?q=educacao+fis');
  });

  it('searches once the pause is long for this typist', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(120) });
    renderBrowser();
    await screen.findByText('120 turmas');
    const searched = () => backend.listRequests().filter((r) => 'query' in r.searchParams);

    // Keys 100 ms apart: a pause of 140 ms ends the burst, where a fixed debounce waited 180.
    typeAtGaps('química', 100, (advance) => {
      advance(139);
      expect(window.location.search).toBe('');
      advance(1);
      expect(window.location.search).toBe('?q=qu%C3%ADmica');
    });
    expect(await screen.findByText('12 turmas encontradas')).toBeVisible();
    expect(searched().map((request) => request.searchParams.query)).toEqual(['química']);
  });

  it('announces the count of the rows on screen, not the old count with the new wording', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(120) });
    const { user } = renderBrowser();
    await screen.findByText('120 turmas');
    const search = backend.hold((request) => request.searchParams.query === 'química');

    await user.type(screen.getByLabelText('Buscar turmas'), 'química{Enter}');
    await waitFor(() => expect(search.requests).toHaveLength(1));

    expect(status()).toHaveTextContent(/^120 turmas$/);
    search.release();
    expect(await screen.findByText('12 turmas encontradas')).toHaveRole('status');
  });

  it('searches at once on Enter, and starts from the first page', async () => {
    installReferenceApi({ turmas: manyTurmas(120) });
    window.history.replaceState(null, '', '/?page=4');
    const { user } = renderBrowser();
    await screen.findByText('120 turmas');

    await user.type(screen.getByLabelText('Buscar turmas'), 'química{Enter}');

    // Synchronously on Enter, not after the debounce.
    expect(window.location.search).toBe('?q=qu%C3%ADmica');
    expect(await screen.findByText('12 turmas encontradas')).toBeVisible();
  });

  it('makes one history entry of a whole search, so Back leaves it', async () => {
    installReferenceApi({ turmas: manyTurmas(45) });
    const { user } = renderBrowser();
    await screen.findByText('45 turmas');
    const field = screen.getByLabelText('Buscar turmas');
    const historyLength = window.history.length;

    await user.type(field, 'mat');
    await waitFor(() => expect(window.location.search).toBe('?q=mat'));
    await user.type(field, 'emática');
    await waitFor(() => expect(window.location.search).toBe('?q=matem%C3%A1tica'));
    expect(window.history.length).toBe(historyLength + 1);

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(field).toHaveValue('');
    expect(await screen.findByText('45 turmas')).toBeVisible();
  });

  it('clears the search with its button and with Escape, keeping focus in the field', async () => {
    installReferenceApi({ turmas: manyTurmas(45) });
    window.history.replaceState(null, '', '/?q=arte');
    const { user } = renderBrowser();
    const field = screen.getByLabelText('Buscar turmas');
    await screen.findByText(/encontradas/);

    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(await screen.findByText('45 turmas')).toBeVisible();

    await user.type(field, 'arte{Enter}');
    await screen.findByText(/encontradas/);
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('');
    expect(window.location.search).toBe('');
  });

  it('"/" jumps to the search field', async () => {
    installReferenceApi({ turmas: manyTurmas(5) });
    const { user } = renderBrowser();
    await screen.findByText('5 turmas');

    await user.keyboard('/');

    expect(screen.getByLabelText('Buscar turmas')).toHaveFocus();
    expect(screen.getByLabelText('Buscar turmas')).toHaveValue('');
  });

  it('"/" is left alone while a dialog is open over the list, and in a field', async () => {
    installReferenceApi({ turmas: manyTurmas(5) });
    const { user } = render(
      <>
        <ClassBrowser api={createTestApiClient()} />
        <Modal opened onClose={() => {}} title="Matricular aluno">
          <TextInput label="Validade" />
          <Button>Cancelar</Button>
        </Modal>
      </>,
    );
    await screen.findByText('5 turmas');
    const dialog = screen.getByRole('dialog', { name: 'Matricular aluno' });
    const search = screen.getByLabelText('Buscar turmas');

    const cancel = within(dialog).getByRole('button', { name: 'Cancelar' });
    cancel.focus();
    await user.keyboard('/abc');
    expect(cancel).toHaveFocus();
    await user.keyboard('15/03/2027');
    expect(cancel).toHaveFocus();

    await user.type(within(dialog).getByRole('textbox', { name: 'Validade' }), '15/03/2027');
    expect(within(dialog).getByRole('textbox', { name: 'Validade' })).toHaveValue('15/03/2027');
    expect(search).not.toHaveFocus();
    expect(search).toHaveValue('');
    expect(window.location.search).toBe('');
  });
});

/** The parts of `element` drawn marked (the marked copy is hidden from assistive technology). */
const marked = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('mark', { hidden: true })
    .map((mark) => mark.textContent);

describe('ClassBrowser: why a row matched', () => {
  it('marks the words of the search in each name, which still reads as the plain name', async () => {
    installReferenceApi({ turmas: manyTurmas(120) });
    window.history.replaceState(null, '', '/?q=educacao+FIS');
    renderBrowser();

    expect(await screen.findByText('12 turmas encontradas')).toHaveRole('status');
    const cell = screen.getByRole('cell', { name: 'Educação Física 1º A' });
    expect(marked(cell)).toEqual(['Educação', 'Fís']);
    expect(rowNames()).toHaveLength(12);
    for (const name of rowNames()) {
      expect(marked(screen.getByRole('cell', { name }))).toEqual(['Educação', 'Fís']);
    }
    // Out of the accessibility tree: a screen reader hears each name whole, once.
    expect(within(table()).queryAllByRole('mark')).toEqual([]);
    expect(screen.getByRole('checkbox', { name: 'Selecionar Educação Física 1º A' })).toBeVisible();
  });

  it('marks nothing without a search', async () => {
    installReferenceApi({ turmas: manyTurmas(45) });
    renderBrowser();

    expect(await screen.findByText('45 turmas')).toBeVisible();
    expect(marked(table())).toEqual([]);
    expect(screen.getByRole('cell', { name: 'Artes 1º A' })).toHaveTextContent(/^Artes 1º A$/);
  });

  it('keeps the marks of the rows on screen until the next search answers', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(120) });
    window.history.replaceState(null, '', '/?q=artes');
    const { user } = renderBrowser();
    expect(await screen.findByText('12 turmas encontradas')).toBeVisible();
    const artes = () => screen.getByRole('cell', { name: 'Artes 1º A' });
    expect(marked(artes())).toEqual(['Artes']);
    const next = backend.hold((request) => request.searchParams.query === 'artes 1º');

    await user.type(screen.getByLabelText('Buscar turmas'), ' 1º{Enter}');
    await waitFor(() => expect(next.requests).toHaveLength(1));

    // The rows shown were found by "artes": "1º" is not what found them.
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(marked(artes())).toEqual(['Artes']);
    next.release();
    await waitFor(() => expect(marked(artes())).toEqual(['Artes', '1º']));
  });

  it('marks words typed in any order, as the server matches them', async () => {
    installReferenceApi({ turmas: manyTurmas(120) });
    window.history.replaceState(null, '', '/?q=2%C2%BA+fisica+EDUCACAO');
    renderBrowser();

    await waitFor(() =>
      expect(rowNames()).toEqual(['Educação Física 2º A', 'Educação Física 2º B']),
    );
    expect(marked(screen.getByRole('cell', { name: 'Educação Física 2º A' }))).toEqual([
      'Educação',
      'Física',
      '2º',
    ]);
  });

  it('suggests searching with fewer words when several found nothing', async () => {
    installReferenceApi({ turmas: manyTurmas(120) });
    window.history.replaceState(null, '', '/?q=matem%C3%A1tica+rob%C3%B3tica');
    const { user } = renderBrowser();

    expect(
      await screen.findByText(
        'Nenhuma turma tem todas as palavras de “matemática robótica” no nome. Tente com menos palavras.',
      ),
    ).toBeVisible();
    expect(status()).toHaveTextContent('Nenhuma turma encontrada');
    expect(screen.getByRole('button', { name: 'Buscar sem “matemática”' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Buscar sem “robótica”' }));

    const field = screen.getByLabelText('Buscar turmas');
    expect(field).toHaveValue('matemática');
    // The buttons go with the empty state: focus goes to the search, where the words are.
    expect(field).toHaveFocus();
    expect(window.location.search).toBe('?q=matem%C3%A1tica');
    expect(await screen.findByText('12 turmas encontradas')).toBeVisible();
    expect(marked(screen.getByRole('cell', { name: 'Matemática 1º A' }))).toEqual(['Matemática']);
  });

  it('offers a number and a letter typed together apart, as names write them', async () => {
    installReferenceApi({ turmas: manyTurmas(140) });
    window.history.replaceState(null, '', '/?q=8A');
    const { user } = renderBrowser();

    expect(
      await screen.findByText(
        'Nenhuma turma tem “8A” no nome. Confira a grafia ou busque por parte do nome.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Buscar por “8 A”' }));

    const field = screen.getByLabelText('Buscar turmas');
    expect(field).toHaveValue('8 A');
    expect(field).toHaveFocus();
    expect(window.location.search).toBe('?q=8+A');
    expect(await screen.findByText('11 turmas encontradas')).toBeVisible();
    // The turmas of the section named come first; "Artes 8º B" only has a word that starts so.
    const names = rowNames();
    expect(names.slice(0, 10).every((name) => name.endsWith('8º A'))).toBe(true);
    expect(names.slice(10)).toEqual(['Artes 8º B']);
  });

  it('suggests fewer words in English too', async () => {
    installReferenceApi({ turmas: manyTurmas(45) });
    window.history.replaceState(null, '', '/?q=arts+robotics');
    renderBrowser({ locale: 'en' });

    expect(
      await screen.findByText(
        'No class has every word of “arts robotics” in its name. Try fewer words.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Search without “arts”' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Search without “robotics”' })).toBeVisible();
  });
});

describe('ClassBrowser: sorting', () => {
  it('cycles a column descending, ascending, then back to the default order', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(45) });
    window.history.replaceState(null, '', '/?page=2');
    const { user } = renderBrowser();
    await screen.findByText('45 turmas');
    const students = screen.getByRole('columnheader', { name: /Alunos/ });
    const name = screen.getByRole('columnheader', { name: /Nome/ });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(students).toHaveAttribute('aria-sort', 'none');

    await user.click(within(students).getByRole('button'));
    expect(window.location.search).toBe('?sort=-countStudents');
    expect(students).toHaveAttribute('aria-sort', 'descending');
    expect(name).toHaveAttribute('aria-sort', 'none');
    await waitFor(() =>
      expect(listParams(backend)).toContainEqual({
        page: '1',
        pageSize: '20',
        sortBy: '-countStudents',
      }),
    );

    await user.click(within(students).getByRole('button'));
    expect(window.location.search).toBe('?sort=countStudents');
    expect(students).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(students).getByRole('button'));
    expect(window.location.search).toBe('');
    expect(name).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(name).getByRole('button'));
    expect(window.location.search).toBe('?sort=-name');
    expect(name).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts from the keyboard', async () => {
    installReferenceApi({ turmas: manyTurmas(45) });
    const expected = await namesFromApi({ sortBy: '-updatedAt' });
    const { user } = renderBrowser();
    await screen.findByText('45 turmas');

    within(screen.getByRole('columnheader', { name: /Atualizada em/ }))
      .getByRole('button')
      .focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(rowNames()).toEqual(expected));
  });
});

describe('ClassBrowser: row actions', () => {
  it("runs the action clicked with its row's turma, on any page", async () => {
    installReferenceApi({ turmas: manyTurmas(25) });
    const enrol = vi.fn();
    const remove = vi.fn();
    const rowActions: RowAction[] = [
      { label: 'Matricular', name: (turma) => `Matricular aluno em ${turma.name}`, onClick: enrol },
      {
        label: 'Remover',
        name: (turma) => `Remover aluno de ${turma.name}`,
        destructive: true,
        onClick: remove,
      },
    ];
    const { user } = render(<ClassBrowser api={createTestApiClient()} rowActions={rowActions} />);
    await screen.findByText('25 turmas');
    const [first, , third] = rowNames();

    await user.click(screen.getByRole('button', { name: `Matricular aluno em ${first}` }));
    await user.click(screen.getByRole('button', { name: `Remover aluno de ${third}` }));
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(rowNames()).toHaveLength(5));
    const [onPageTwo] = rowNames();
    // From the keyboard too: Enter on a focused button is a click.
    screen.getByRole('button', { name: `Remover aluno de ${onPageTwo}` }).focus();
    await user.keyboard('{Enter}');

    const named = (name: string | null) => ({ id: expect.any(String) as unknown, name });
    expect(enrol.mock.calls).toEqual([[named(first!)]]);
    expect(remove.mock.calls).toEqual([[named(third!)], [named(onPageTwo!)]]);
  });
});

describe('ClassBrowser: designed states', () => {
  it('says when there are no turmas at all', async () => {
    installReferenceApi({ turmas: [] });
    renderBrowser();

    expect(await screen.findByText('Nenhuma turma cadastrada')).toBeVisible();
    expect(status()).toHaveTextContent('0 turmas');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when nothing matches the search, and clears it from there', async () => {
    installReferenceApi({ turmas: manyTurmas(45) });
    window.history.replaceState(null, '', '/?q=astronomia');
    const { user } = renderBrowser();

    expect(
      await screen.findByText('Nenhuma turma tem “astronomia” no nome.', { exact: false }),
    ).toBeVisible();
    expect(status()).toHaveTextContent('Nenhuma turma encontrada');
    // One word: nothing to leave out.
    expect(screen.queryByRole('button', { name: /^Buscar sem/ })).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Limpar busca' }).at(-1)!);

    expect(await screen.findByText('45 turmas')).toBeVisible();
    expect(screen.getByLabelText('Buscar turmas')).toHaveValue('');
  });

  it('explains a failure and loads again on retry', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(5) });
    backend.failNext({ status: 503 });
    const { user } = renderBrowser();

    expect(await screen.findByText('Não foi possível carregar as turmas')).toBeVisible();
    expect(screen.getByText(/Serviço ocupado ou indisponível \(código 503\)/)).toBeVisible();
    // The alert tells what happened; the status line does not claim it is still loading.
    expect(status()).toBeEmptyDOMElement();

    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));

    expect(await screen.findByText('5 turmas')).toBeVisible();
    expect(rowNames()).toHaveLength(5);
  });

  it('keeps the rows when a refresh fails, and says they may be out of date', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(5) });
    const { user, queryClient } = renderBrowser();
    await screen.findByText('5 turmas');

    backend.failNext('network');
    await act(() => queryClient.refetchQueries());

    expect(await screen.findByText(/Não foi possível atualizar a lista/)).toBeVisible();
    expect(rowNames()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() =>
      expect(screen.queryByText(/Não foi possível atualizar a lista/)).not.toBeInTheDocument(),
    );
  });

  it('waits for the connection when offline, then loads', async () => {
    installReferenceApi({ turmas: manyTurmas(5) });
    onlineManager.setOnline(false);
    renderBrowser();

    expect(await screen.findByText('Sem conexão com a internet')).toBeVisible();
    expect(status()).toBeEmptyDOMElement();

    act(() => onlineManager.setOnline(true));

    expect(await screen.findByText('5 turmas')).toBeVisible();
  });

  it('offline with a new search typed, shows the last answer as what it is: rows, count and marks of that search', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(120) });
    const { user } = renderBrowser();
    await screen.findByText('120 turmas');
    const field = screen.getByLabelText('Buscar turmas');
    await user.type(field, 'matem{Enter}');
    expect(await screen.findByText('12 turmas encontradas')).toBeVisible();
    const found = rowNames();
    const searched = () => backend.listRequests().length;
    const before = searched();

    act(() => onlineManager.setOnline(false));
    await user.clear(field);
    await user.type(field, 'fisica{Enter}');

    // Not "12 turmas encontradas" beside "fisica": the count says whose it is, as the alert does.
    expect(status()).toHaveTextContent(/^12 turmas encontradas para “matem”$/);
    expect(
      screen.getByText(
        'Sem conexão — mostrando os resultados de “matem”, a última busca carregada. A nova ' +
          'busca será feita assim que a conexão voltar.',
      ),
    ).toBeVisible();
    expect(rowNames()).toEqual(found);
    expect(marked(screen.getByRole('cell', { name: 'Matemática 1º A' }))).toEqual(['Matem']);
    expect(searched()).toBe(before);

    act(() => onlineManager.setOnline(true));

    expect(await screen.findByText('24 turmas encontradas')).toHaveRole('status');
    expect(screen.queryByText(/Sem conexão/)).not.toBeInTheDocument();
    expect(marked(screen.getByRole('cell', { name: 'Física 1º A' }))).toEqual(['Física']);
  });

  it('offline with a search typed over the whole list, says the list shown has no search', async () => {
    installReferenceApi({ turmas: manyTurmas(45) });
    const { user } = renderBrowser();
    await screen.findByText('45 turmas');

    act(() => onlineManager.setOnline(false));
    await user.type(screen.getByLabelText('Buscar turmas'), 'artes{Enter}');

    expect(status()).toHaveTextContent(/^45 turmas$/);
    expect(screen.getByText(/^Sem conexão — mostrando a lista sem busca/)).toBeVisible();
    expect(marked(table())).toEqual([]);
  });

  it('when a new search fails, names the search whose rows, count and marks stay', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(120) });
    window.history.replaceState(null, '', '/?q=matem');
    const { user } = renderBrowser();
    await waitFor(() => expect(status()).toHaveTextContent('12 turmas encontradas'));
    await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'false'));
    const found = rowNames();
    backend.failNext('network', { where: (request) => request.searchParams.query === 'fisica' });

    const field = screen.getByLabelText('Buscar turmas');
    fireEvent.change(field, { target: { value: 'fisica' } });
    await user.type(field, '{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar a lista pedida');
    expect(alert).toHaveTextContent(
      'As turmas abaixo são os resultados de “matem”, que já estavam na tela.',
    );
    expect(status()).toHaveTextContent(/^12 turmas encontradas para “matem”$/);
    expect(rowNames()).toEqual(found);
    expect(marked(screen.getByRole('cell', { name: 'Matemática 1º A' }))).toEqual(['Matem']);
  });

  it('renders turma names as text, never as markup', async () => {
    const name = '<img src=x onerror="window.hacked=1"> Turma';
    installReferenceApi({ turmas: [aTurma({ name })] });
    renderBrowser();

    expect(await screen.findByRole('cell', { name })).toBeVisible();
    expect(within(table()).queryByRole('img', { hidden: true })).toBeNull();
  });

  it('speaks English numbers, dates and words in English', async () => {
    installReferenceApi({
      turmas: [aTurma({ countStudents: 1234, updatedAt: '2026-02-01T08:30:00.000Z' })],
    });
    renderBrowser({ locale: 'en' });

    expect(await screen.findByText('1 class')).toBeVisible();
    expect(screen.getByRole('cell', { name: '1,234' })).toBeVisible();
    expect(screen.getByRole('table', { name: 'Class list' })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: /Updated/ })).toBeVisible();
  });
});
