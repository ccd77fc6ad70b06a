/**
 * Best match first (issue 32): while a search is typed and no column is chosen, a server that
 * ranks (RANK_EXTENSION in Api-Extensions) is asked without sortBy and its order is shown as
 * "Melhor correspondência"; a plain v1 platform is asked by name, as always.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessibleText } from '../../../testing/accessible-text';
import { createTestApiClient } from '../../../testing/api-client';
import { installReferenceApi, type ReferenceApi } from '../../../testing/msw/reference-api';
import { render } from '../../../testing/render';
import { aTurma, demoTurmas } from '../../../testing/sample-classes';
import { ClassBrowser } from '../list/class-browser';

/** As the demo: 2,016 turmas, every name once and again with "· Unidade 2". */
const DEMO = demoTurmas(2016);

const table = () => screen.getByRole('table', { name: 'Lista de turmas' });
const rowNames = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => accessibleText(within(row).getAllByRole('cell')[1]!));
const nameHeader = () => screen.getByRole('columnheader', { name: /Nome/ });
const studentsHeader = () => screen.getByRole('columnheader', { name: /Alunos/ });
const lastSearch = (backend: ReferenceApi) =>
  backend
    .listRequests()
    .filter((request) => 'query' in request.searchParams)
    .at(-1)?.searchParams;
/** The rows answer what the URL asks for: no answer on its way. */
const settled = () => waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'false'));

async function search(text: string) {
  const { user } = render(<ClassBrowser api={createTestApiClient()} />);
  await screen.findByText('2.016 turmas');
  await user.type(screen.getByLabelText('Buscar turmas'), `${text}{Enter}`);
  await screen.findByText(/turmas? encontradas?$/);
  await settled();
  return user;
}

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => window.history.replaceState(null, '', '/'));

describe('Best match first, when the server ranks', () => {
  it.each([
    [
      '1ª série E Língua Portuguesa',
      ['1ª série E — Língua Portuguesa', '1ª série E — Língua Portuguesa · Unidade 2'],
    ],
    ['8 ano D arte', ['8º ano D — Arte', '8º ano D — Arte · Unidade 2']],
    [
      '2 ano B geografia',
      [
        '2º ano B — Geografia',
        '2º ano B — Geografia · Unidade 2',
        ...[1, 3, 4, 5, 6, 7, 8, 9].map((grade) => `${grade}º ano B — Geografia · Unidade 2`),
      ],
    ],
  ])('"%s" lists the turma named first', async (query, expected) => {
    const backend = installReferenceApi({ turmas: DEMO });

    await search(query);

    expect(rowNames()).toEqual(expected);
    expect(lastSearch(backend)).toEqual({ page: '1', pageSize: '20', query });
    expect(nameHeader()).toHaveAttribute('aria-sort', 'other');
    expect(within(nameHeader()).getByText('Melhor correspondência')).toBeVisible();
    // Heard on the column's button; the column keeps its short name, read beside each cell.
    expect(nameHeader()).toHaveAccessibleName('Nome');
    expect(within(nameHeader()).getByRole('button', { name: 'Nome' })).toHaveAccessibleDescription(
      'Em ordem de melhor correspondência com a busca',
    );
    expect(studentsHeader()).toHaveAttribute('aria-sort', 'none');
  });

  it('finds a name of more words than a search takes, pasted whole, first', async () => {
    const long = (year: number) => `1º ano do Ensino Médio – Turma C – Manhã – ${year}`;
    const longTurma = (year: number) => aTurma({ id: `t-longo-${year}`, name: long(year) });
    const backend = installReferenceApi({
      turmas: [...DEMO.slice(0, 100), longTurma(2025), longTurma(2026)],
    });
    const { user } = render(<ClassBrowser api={createTestApiClient()} />);
    await screen.findByText('102 turmas');

    await user.type(screen.getByLabelText('Buscar turmas'), `${long(2026)}{Enter}`);
    await screen.findByText(/turmas? encontradas?$/);
    await settled();

    expect(rowNames()[0]).toBe(long(2026));
    // Nine words: the server takes eight; "do" joins, and goes first.
    expect(lastSearch(backend)?.query).toBe('1o ano ensino medio turma c manha 2026');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sorts by the column chosen, and goes back to best match from its button or Back', async () => {
    const backend = installReferenceApi({ turmas: DEMO });
    const user = await search('2 ano B geografia');
    const ranked = rowNames();

    await user.click(within(nameHeader()).getByRole('button', { name: 'Nome' }));

    expect(window.location.search).toBe('?q=2+ano+B+geografia&sort=name');
    expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending');
    await settled();
    expect(lastSearch(backend)).toEqual({
      page: '1',
      pageSize: '20',
      sortBy: 'name',
      query: '2 ano B geografia',
    });
    expect(rowNames()[0]).toBe('1º ano B — Geografia · Unidade 2');

    // Back: no column chosen again, best match again; the answer by name is not it.
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(window.location.search).toBe('?q=2+ano+B+geografia');
    expect(nameHeader()).toHaveAttribute('aria-sort', 'other');
    await settled();
    expect(rowNames()).toEqual(ranked);

    await user.click(within(studentsHeader()).getByRole('button'));
    expect(studentsHeader()).toHaveAttribute('aria-sort', 'descending');
    expect(nameHeader()).toHaveAttribute('aria-sort', 'none');
    await user.click(
      within(nameHeader()).getByRole('button', { name: 'Ordenar por melhor correspondência' }),
    );

    expect(window.location.search).toBe('?q=2+ano+B+geografia');
    expect(nameHeader()).toHaveAttribute('aria-sort', 'other');
    await settled();
    expect(rowNames()).toEqual(ranked);
  });

  it('keeps a shared link by name by name, and one with no order chosen best match first', async () => {
    const backend = installReferenceApi({ turmas: DEMO });
    window.history.replaceState(null, '', '/?q=2+ano+B+geografia&sort=name');
    const { unmount } = render(<ClassBrowser api={createTestApiClient()} />);

    await waitFor(() => expect(rowNames()[0]).toBe('1º ano B — Geografia · Unidade 2'));
    expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending');
    expect(backend.listRequests().every((request) => request.searchParams.sortBy === 'name')).toBe(
      true,
    );
    unmount();

    window.history.replaceState(null, '', '/?q=2+ano+B+geografia');
    render(<ClassBrowser api={createTestApiClient()} />);

    await waitFor(() => expect(rowNames()[0]).toBe('2º ano B — Geografia'));
    await settled();
    expect(nameHeader()).toHaveAttribute('aria-sort', 'other');
    expect(lastSearch(backend)).toEqual({ page: '1', pageSize: '20', query: '2 ano B geografia' });
  });

  it('says "best match" in English', async () => {
    installReferenceApi({ turmas: DEMO });
    window.history.replaceState(null, '', '/?q=8+ano+D+arte');
    render(<ClassBrowser api={createTestApiClient()} />, { locale: 'en' });

    const name = await screen.findByRole('columnheader', { name: 'Name' });
    await waitFor(() => expect(name).toHaveAttribute('aria-sort', 'other'));
    expect(within(name).getByText('Best match')).toBeVisible();
    expect(within(name).getByRole('button', { name: 'Name' })).toHaveAccessibleDescription(
      'In order of best match with the search',
    );
  });
});

describe('By name, on a plain v1 platform', () => {
  it('asks by name while searching and shows the order the platform returns', async () => {
    const backend = installReferenceApi({ turmas: DEMO, extensions: false });
    const query = '2 ano B geografia';
    const expected = await createTestApiClient().getClasses({ query, sortBy: 'name' });

    await search(query);

    expect(rowNames()).toEqual(expected.data.map((turma) => turma.name));
    expect(lastSearch(backend)).toEqual({ page: '1', pageSize: '20', sortBy: 'name', query });
    expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.queryByText('Melhor correspondência')).not.toBeInTheDocument();
  });
});
