import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApiClient } from '../../../testing/api-client';
import { installReferenceApi } from '../../../testing/msw/reference-api';
import { render } from '../../../testing/render';
import { manyTurmas } from '../../../testing/sample-classes';
import { TurmasPage } from '../../../app/turmas-page';
import { ClassBrowser } from '../list/class-browser';
import { SELECTION_STORAGE_KEY, selectionStore } from '../../../lib/selection-store';
import { SelectionTray } from './selection-tray';

function renderWithTray() {
  return render(
    <>
      <ClassBrowser api={createTestApiClient()} />
      <SelectionTray />
    </>,
  );
}

const tray = () => screen.getByRole('region', { name: 'Turmas selecionadas' });
const trayNames = () =>
  within(tray())
    .getAllByRole('button', { name: /^Remover .* da seleção$/ })
    .map((button) => button.getAttribute('aria-label')!.replace(/^Remover (.*) da seleção$/, '$1'));
const rowCheckbox = (name: string) => screen.getByRole('checkbox', { name: `Selecionar ${name}` });
const pageCheckbox = () =>
  screen.getByRole('checkbox', { name: 'Selecionar todas as turmas desta página' });

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  selectionStore.clear();
});

describe('Selecting turmas', () => {
  it('keeps what was ticked across pages and searches, with the names shown in the tray', async () => {
    installReferenceApi({ turmas: manyTurmas(45) });
    const { user } = renderWithTray();
    await screen.findByText('45 turmas');
    expect(screen.queryByRole('region', { name: 'Turmas selecionadas' })).not.toBeInTheDocument();

    await user.click(rowCheckbox('Artes 1º A'));
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    const [firstOnPageTwo] = await waitFor(() => {
      const names = screen.getAllByRole('checkbox', { name: /^Selecionar (?!todas)/ });
      expect(names[0]).not.toHaveAccessibleName('Selecionar Artes 1º A');
      return names.map((box) => box.getAttribute('aria-label')!.replace('Selecionar ', ''));
    });
    await user.click(rowCheckbox(firstOnPageTwo!));
    await user.type(screen.getByLabelText('Buscar turmas'), 'química{Enter}');
    await user.click(await screen.findByRole('checkbox', { name: 'Selecionar Química 1º A' }));

    expect(within(tray()).getByRole('status')).toHaveTextContent('3 turmas selecionadas');
    expect(trayNames()).toEqual(['Artes 1º A', firstOnPageTwo, 'Química 1º A']);

    // Back on the first page, the ticked turma is still ticked.
    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(await screen.findByText('45 turmas')).toBeVisible();
    expect(rowCheckbox('Artes 1º A')).toBeChecked();
    expect(pageCheckbox()).toBePartiallyChecked();
  });

  it('ticks and unticks a whole page without touching the other pages', async () => {
    installReferenceApi({ turmas: manyTurmas(45) });
    window.history.replaceState(null, '', '/?page=3');
    const { user } = renderWithTray();
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(6));
    selectionStore.add([{ id: 'elsewhere', name: 'Turma de outra página' }]);

    await user.click(pageCheckbox());
    expect(pageCheckbox()).toBeChecked();
    expect(within(tray()).getByRole('status')).toHaveTextContent('6 turmas selecionadas');

    await user.click(pageCheckbox());
    expect(pageCheckbox()).not.toBeChecked();
    expect(trayNames()).toEqual(['Turma de outra página']);
  });

  it('drops one turma from its chip, or all of them with "clear"', async () => {
    installReferenceApi({ turmas: manyTurmas(5) });
    const { user } = renderWithTray();
    await screen.findByText('5 turmas');
    await user.click(pageCheckbox());
    const [first, ...rest] = trayNames();

    await user.click(within(tray()).getByRole('button', { name: `Remover ${first} da seleção` }));
    expect(trayNames()).toEqual(rest);
    expect(rowCheckbox(first!)).not.toBeChecked();
    expect(pageCheckbox()).toBePartiallyChecked();

    await user.click(within(tray()).getByRole('button', { name: 'Limpar seleção' }));
    expect(screen.queryByRole('region', { name: 'Turmas selecionadas' })).not.toBeInTheDocument();
    expect(pageCheckbox()).not.toBeChecked();
  });

  it('writes the selection to sessionStorage, so a reload keeps it', async () => {
    installReferenceApi({ turmas: manyTurmas(5) });
    const { user, unmount } = renderWithTray();
    await screen.findByText('5 turmas');
    await user.click(rowCheckbox('Ciências 1º A'));
    unmount();

    expect(JSON.parse(sessionStorage.getItem(SELECTION_STORAGE_KEY)!)).toEqual([
      { id: expect.any(String) as unknown, name: 'Ciências 1º A' },
    ]);
  });

  it('warns when more turmas are selected than one action takes', () => {
    installReferenceApi({ turmas: manyTurmas(5) });
    selectionStore.add(
      Array.from({ length: 101 }, (_, index) => ({ id: `t${index}`, name: `Turma ${index}` })),
    );
    renderWithTray();

    expect(within(tray()).getByRole('status')).toHaveTextContent('101 turmas selecionadas');
    expect(
      within(tray()).getByText('Cada operação aceita no máximo 100 turmas.', { exact: false }),
    ).toBeVisible();
  });

  it('over the limit, every write of the selection is disabled and says why', async () => {
    installReferenceApi({ turmas: manyTurmas(5) });
    selectionStore.add(
      Array.from({ length: 101 }, (_, index) => ({ id: `t${index}`, name: `Turma ${index}` })),
    );
    render(<TurmasPage api={createTestApiClient()} />);
    await screen.findByText('5 turmas');
    const why = await within(
      await screen.findByRole('region', { name: 'Turmas selecionadas' }),
    ).findByText(/Cada operação aceita no máximo 100 turmas/);
    for (const name of ['Matricular ou remover em lote', 'Matricular aluno', 'Remover aluno']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-describedby', why.id);
    }
  });
});
