import { Modal } from '@mantine/core';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClassSummary } from '#contract';
import { createTestApiClient } from '../../testing/api-client';
import { installReferenceApi, type ReferenceApi } from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { demoTurmas, manyTurmas } from '../../testing/sample-classes';
import { TurmaPicker, type TurmaPickerProps } from './turma-picker';

/** The form around the picker, as the enrol and remove dialogs hold it. */
function ControlledPicker({
  initial = [],
  onChange,
  ...props
}: Partial<TurmaPickerProps> & { initial?: ClassSummary[] }) {
  const [value, setValue] = useState<ClassSummary[]>(initial);
  // One client, as the app has: it remembers what the server said of its extensions.
  const [api] = useState(createTestApiClient);
  return (
    <TurmaPicker
      api={api}
      label="Turmas"
      {...props}
      value={value}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

const summaries = (turmas: { id: string; name: string }[]): ClassSummary[] =>
  turmas.map(({ id, name }) => ({ id, name }));

const search = (name = 'Adicionar turma') => screen.getByRole('combobox', { name });
const chosenList = (name = 'Turmas') => screen.getByRole('list', { name });
const chosenNames = (name?: string) =>
  within(chosenList(name))
    .queryAllByRole('listitem')
    .map((item) => item.firstChild?.textContent);
const optionNames = () =>
  within(screen.getByRole('listbox'))
    .queryAllByRole('option')
    .map((option) => option.getAttribute('aria-label'));
/**
 * A burst of typing: keys 120 ms apart, as a person types (docs/decisions/003), on a fake clock
 * so that a busy machine cannot stretch a gap past the debounce; then the pause that ends it.
 */
function typeBurst(input: HTMLElement, text: string) {
  act(() => input.focus());
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const before = (input as HTMLInputElement).value;
    for (let length = 1; length <= text.length; length += 1) {
      fireEvent.change(input, { target: { value: before + text.slice(0, length) } });
      act(() => {
        vi.advanceTimersByTime(120);
      });
    }
    act(() => {
      vi.runOnlyPendingTimers();
    });
  } finally {
    vi.useRealTimers();
  }
}
/** The options answer what was typed last: no burst pending, no request on its way. */
const settled = () =>
  waitFor(() => expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'false'));
/** Text the dropdown shows, not its copy in the live region that announces it. */
const shownText = (text: string | RegExp) => screen.findByText(text, { ignore: '[role=status]' });
const listParams = (backend: ReferenceApi) =>
  backend.listRequests().map((request) => request.searchParams);

afterEach(() => onlineManager.setOnline(true));

describe('TurmaPicker: the list of turmas', () => {
  it('lists the turmas it is given in their order, counted, each with its own remove button', () => {
    installReferenceApi({ turmas: manyTurmas(10) });
    const turmas = summaries(manyTurmas(3));
    render(<ControlledPicker initial={turmas} />);

    expect(chosenNames()).toEqual(['Matemática 1º A', 'Português 1º A', 'Educação Física 1º A']);
    expect(screen.getByText('3 turmas')).toBeVisible();
    for (const turma of turmas) {
      expect(
        within(chosenList()).getByRole('button', { name: `Tirar ${turma.name} da lista` }),
      ).toBeEnabled();
    }
  });

  it('takes a turma off and moves focus to the one that took its place, then to the search', async () => {
    installReferenceApi({ turmas: manyTurmas(10) });
    const onChange = vi.fn();
    const [a, b, c] = summaries(manyTurmas(3));
    const { user } = render(<ControlledPicker initial={[a!, b!, c!]} onChange={onChange} />);

    await user.click(screen.getByRole('button', { name: `Tirar ${b!.name} da lista` }));
    expect(onChange).toHaveBeenLastCalledWith([a, c]);
    expect(chosenNames()).toEqual([a!.name, c!.name]);
    expect(screen.getByRole('button', { name: `Tirar ${c!.name} da lista` })).toHaveFocus();

    // The last row: focus goes back to the row before it. From the keyboard this time.
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([a]);
    expect(screen.getByRole('button', { name: `Tirar ${a!.name} da lista` })).toHaveFocus();
    expect(screen.getByText('1 turma')).toBeVisible();

    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(chosenNames()).toEqual([]);
    expect(search()).toHaveFocus();
    expect(screen.getByText('Nenhuma turma')).toBeVisible();
  });

  it('shows the form’s error on the search field, which the form can focus through ref', () => {
    installReferenceApi({ turmas: manyTurmas(10) });
    const ref = createRef<HTMLInputElement>();
    render(<ControlledPicker ref={ref} error="Adicione pelo menos uma turma." />);

    expect(search()).toHaveAttribute('aria-invalid', 'true');
    expect(search()).toHaveAccessibleDescription('Adicione pelo menos uma turma.');
    ref.current?.focus();
    expect(search()).toHaveFocus();
  });

  it('lets nothing be added or taken off while disabled, and hides open results', async () => {
    installReferenceApi({ turmas: manyTurmas(10) });
    const [turma] = summaries(manyTurmas(1));
    const { user, rerender } = render(<ControlledPicker initial={[turma!]} />);
    await user.click(search());
    expect(await screen.findByRole('listbox')).toBeVisible();

    // The form is sending.
    rerender(<ControlledPicker initial={[turma!]} disabled />);

    expect(search()).toBeDisabled();
    expect(search()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Tirar ${turma!.name} da lista` })).toBeDisabled();
  });
});

describe('TurmaPicker: adding turmas', () => {
  it('searches the server once per burst of typing and adds the chosen turma', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(120) });
    const onChange = vi.fn();
    const { user } = render(<ControlledPicker onChange={onChange} />);
    await user.click(search());
    await screen.findByRole('option', { name: 'Artes 1º A' });

    typeBurst(search(), 'educacao fis');

    await screen.findByRole('option', { name: 'Educação Física 1º A' });
    // The search leaves the order to the server, which ranks (best match first).
    expect(listParams(backend)).toEqual([
      { page: '1', pageSize: '20', sortBy: 'name' },
      { page: '1', pageSize: '20', query: 'educacao fis' },
    ]);
    expect(optionNames()).toHaveLength(12);
    expect(optionNames().every((name) => name?.startsWith('Educação Física'))).toBe(true);
    expect(
      screen.getByRole('option', { name: 'Educação Física 1º A' }),
    ).toHaveAccessibleDescription('34 alunos');

    await user.click(screen.getByRole('option', { name: 'Educação Física 1º B' }));

    const added = backend.turmas().find((turma) => turma.name === 'Educação Física 1º B')!;
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith([{ id: added.id, name: added.name }]);
    expect(chosenNames()).toEqual(['Educação Física 1º B']);
    expect(screen.getByRole('option', { name: 'Educação Física 1º B' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The list stays open with the search, for the next turma of the same kind.
    expect(search()).toHaveValue('educacao fis');

    typeBurst(search(), 'ica 2');
    await waitFor(() =>
      expect(optionNames()).toEqual(['Educação Física 2º A', 'Educação Física 2º B']),
    );
    expect(listParams(backend).map((params) => params.query)).toEqual([
      undefined,
      'educacao fis',
      'educacao fisica 2',
    ]);
  });

  it('opens on a click with the first turmas by name, and says there are more', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(45) });
    const expected = await createTestApiClient().getClasses({ pageSize: 20 });
    const { user } = render(<ControlledPicker />);

    await user.click(search());

    await screen.findByRole('option', { name: 'Artes 1º A' });
    expect(optionNames()).toEqual(expected.data.map((turma) => turma.name));
    expect(listParams(backend).at(-1)).toEqual({ page: '1', pageSize: '20', sortBy: 'name' });
    expect(
      await shownText('Mostrando 20 de 45. Digite mais do nome para refinar a busca.'),
    ).toBeVisible();
    expect(search()).toHaveAttribute('aria-expanded', 'true');
  });

  it('adds with the keyboard alone; Enter never submits the form around it', async () => {
    installReferenceApi({ turmas: manyTurmas(120) });
    const onChange = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const { user } = render(
      <form onSubmit={onSubmit}>
        <ControlledPicker onChange={onChange} />
        <button type="submit">Matricular</button>
      </form>,
    );

    await user.tab();
    expect(search()).toHaveFocus();
    await user.keyboard('química');
    await settled();
    expect(optionNames()[0]).toBe('Química 1º A');
    // Nothing highlighted yet: Enter neither adds nor submits.
    await user.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([
      { id: expect.any(String) as unknown, name: 'Química 1º B' },
    ]);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(chosenNames()).toEqual(['Química 1º B', 'Química 1º A']);

    await user.keyboard('{Escape}');
    expect(search()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    // Down opens the list again.
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeVisible();
  });

  it('holds one turma when single: a pick replaces it and closes the list, by pointer or keyboard', async () => {
    installReferenceApi({ turmas: manyTurmas(120) });
    const onChange = vi.fn();
    const { user } = render(<ControlledPicker single onChange={onChange} />);

    typeBurst(search(), 'química');
    await settled();
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'false');
    await user.click(screen.getByRole('option', { name: 'Química 1º A' }));
    expect(chosenNames()).toEqual(['Química 1º A']);
    // Chosen, the list is closed while focus is still in the search: it cannot close later, as
    // focus leaves for what is below it, and move that from under the pointer.
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(search()).toHaveAttribute('aria-expanded', 'false');
    expect(search()).toHaveFocus();

    // Down opens it again; Enter on another replaces the first and closes it.
    await user.keyboard('{ArrowDown}');
    await settled();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([
      { id: expect.any(String) as unknown, name: 'Química 1º B' },
    ]);
    expect(chosenNames()).toEqual(['Química 1º B']);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('keeps a turma highlighted when the answer for what was typed replaces the last one', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(30) });
    const onChange = vi.fn();
    const { user } = render(<ControlledPicker onChange={onChange} />);
    await user.click(search());
    await settled();
    const option = (name: string) => screen.getByRole('option', { name });

    // Typed, and the keys pressed on the last answer while the new one is on its way.
    const fisica = backend.hold((request) => request.searchParams.query === 'fisica');
    typeBurst(search(), 'fisica');
    await waitFor(() => expect(fisica.requests).toHaveLength(1));
    await user.keyboard('{ArrowDown}'.repeat(10));
    expect(search()).toHaveAttribute('aria-activedescendant', option('Física 1º A').id);
    fisica.release();
    await settled();
    expect(optionNames()).toEqual([
      'Física 1º A',
      'Física 2º A',
      'Física 3º A',
      'Educação Física 1º A',
      'Educação Física 2º A',
      'Educação Física 3º A',
    ]);
    // Still the same turma, now first: Enter picks it, not what sits where it was.
    expect(search()).toHaveAttribute('aria-activedescendant', option('Física 1º A').id);
    await user.keyboard('{Enter}');
    expect(chosenNames()).toEqual(['Física 1º A']);

    // A highlighted turma the new answer leaves out: nothing is highlighted, Enter picks nothing.
    const fisica2 = backend.hold((request) => request.searchParams.query === 'fisica 2');
    typeBurst(search(), ' 2');
    await waitFor(() => expect(fisica2.requests).toHaveLength(1));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(search()).toHaveAttribute('aria-activedescendant', option('Educação Física 1º A').id);
    fisica2.release();
    await settled();
    expect(optionNames()).toEqual(['Física 2º A', 'Educação Física 2º A']);
    expect(search()).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('closes its list on Escape without closing the dialog around it', async () => {
    installReferenceApi({ turmas: manyTurmas(20) });
    const onClose = vi.fn();
    const { user } = render(
      <Modal opened onClose={onClose} title="Matricular aluno">
        <ControlledPicker />
      </Modal>,
    );

    await user.click(search());
    await screen.findByRole('option', { name: 'Artes 1º A' });
    await user.keyboard('{Escape}');

    expect(search()).toHaveAttribute('aria-expanded', 'false');
    expect(onClose).not.toHaveBeenCalled();
    // With the list closed, Escape is the dialog's again.
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('never lists a turma twice: a listed one shows as chosen, and picking it takes it off', async () => {
    installReferenceApi({ turmas: manyTurmas(20) });
    const onChange = vi.fn();
    const [first] = summaries(manyTurmas(1));
    const { user } = render(<ControlledPicker initial={[first!]} onChange={onChange} />);

    typeBurst(search(), first!.name);
    await settled();
    const option = await screen.findByRole('option', { name: first!.name });
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');

    await user.click(option);
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(option).toHaveAttribute('aria-selected', 'false');

    await user.click(option);
    expect(onChange).toHaveBeenLastCalledWith([first]);
    expect(chosenNames()).toEqual([first!.name]);
  });

  it('refuses a turma past the hundredth, saying why', async () => {
    const turmas = manyTurmas(120);
    installReferenceApi({ turmas });
    const onChange = vi.fn();
    const hundred = summaries(turmas.slice(0, 100));
    const extra = turmas[110]!;
    const { user } = render(<ControlledPicker initial={hundred} onChange={onChange} />);
    expect(screen.getByText('100 turmas')).toBeVisible();

    typeBurst(search(), extra.name);
    await settled();
    // Within the results: a hundred list items make page-wide role queries slow.
    const option = () =>
      within(screen.getByRole('listbox')).getByRole('option', { name: extra.name });
    await user.click(option());

    const message =
      'Cada operação aceita no máximo 100 turmas. Tire uma da lista para adicionar outra.';
    expect(onChange).not.toHaveBeenCalled();
    expect(await shownText(message)).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(message);

    // Making room lets it in.
    await user.click(
      within(chosenList()).getByRole('button', { name: `Tirar ${hundred[0]!.name} da lista` }),
    );
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await user.click(search());
    await user.click(option());
    expect(onChange).toHaveBeenLastCalledWith([
      ...hundred.slice(1),
      { id: extra.id, name: extra.name },
    ]);
  });

  it('takes nothing off the list on Backspace in the empty search', async () => {
    installReferenceApi({ turmas: manyTurmas(10) });
    const onChange = vi.fn();
    const turmas = summaries(manyTurmas(2));
    const { user } = render(<ControlledPicker initial={turmas} onChange={onChange} />);

    await user.click(search());
    await user.keyboard('{Backspace}{Backspace}');

    expect(onChange).not.toHaveBeenCalled();
    expect(chosenNames()).toEqual(turmas.map((turma) => turma.name));
  });
});

describe('TurmaPicker: why a turma matched', () => {
  /** The parts of an option's name drawn marked, hidden from assistive technology. */
  const marked = (name: string) =>
    within(screen.getByRole('option', { name }))
      .queryAllByRole('mark', { hidden: true })
      .map((mark) => mark.textContent);

  it('marks the words of the search in each option, typed in any order', async () => {
    installReferenceApi({ turmas: manyTurmas(120) });
    render(<ControlledPicker />);

    typeBurst(search(), 'fis EDUCACAO 2º');
    await settled();

    expect(optionNames()).toEqual(['Educação Física 2º A', 'Educação Física 2º B']);
    expect(marked('Educação Física 2º A')).toEqual(['Educação', 'Fís', '2º']);
    expect(marked('Educação Física 2º B')).toEqual(['Educação', 'Fís', '2º']);
    // The option is named by the plain name; the marked copy is out of the accessibility tree.
    expect(within(screen.getByRole('listbox')).queryAllByRole('mark')).toEqual([]);
  });

  it('keeps the marks of the options shown until the next search answers', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(120) });
    render(<ControlledPicker />);
    typeBurst(search(), 'artes');
    await settled();
    expect(marked('Artes 2º A')).toEqual(['Artes']);

    const next = backend.hold((request) => request.searchParams.query === 'artes 2');
    typeBurst(search(), ' 2');
    await waitFor(() => expect(next.requests).toHaveLength(1));

    // Found by "artes": the "2" typed since is not what found them.
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'true');
    expect(marked('Artes 2º A')).toEqual(['Artes']);
    next.release();
    await settled();
    expect(optionNames()).toEqual(['Artes 2º A', 'Artes 2º B']);
    // "2" names the grade "2º" whole.
    expect(marked('Artes 2º A')).toEqual(['Artes', '2º']);
  });

  it('marks nothing in the first turmas, shown before anything is typed', async () => {
    installReferenceApi({ turmas: manyTurmas(30) });
    const { user } = render(<ControlledPicker />);

    await user.click(search());
    await settled();

    expect(within(screen.getByRole('listbox')).queryAllByRole('mark', { hidden: true })).toEqual(
      [],
    );
  });
});

describe('TurmaPicker: the order of a search', () => {
  const query = '2 ano B geografia';

  it('lists best match first when the server ranks, as the table does', async () => {
    const backend = installReferenceApi({ turmas: demoTurmas(2016) });
    const { user } = render(<ControlledPicker />);
    await user.click(search());
    await settled();

    typeBurst(search(), query);
    await settled();

    expect(optionNames()).toEqual([
      '2º ano B — Geografia',
      '2º ano B — Geografia · Unidade 2',
      ...[1, 3, 4, 5, 6, 7, 8, 9].map((grade) => `${grade}º ano B — Geografia · Unidade 2`),
    ]);
    expect(listParams(backend).at(-1)).toEqual({ page: '1', pageSize: '20', query });
  });

  it('asks a plain v1 platform by name and lists what it returns', async () => {
    const backend = installReferenceApi({ turmas: demoTurmas(2016), extensions: false });
    const expected = await createTestApiClient().getClasses({ query, sortBy: 'name' });
    const { user } = render(<ControlledPicker />);
    await user.click(search());
    await settled();

    typeBurst(search(), query);
    await settled();

    expect(optionNames()).toEqual(expected.data.map((turma) => turma.name));
    expect(listParams(backend).at(-1)).toEqual({
      page: '1',
      pageSize: '20',
      sortBy: 'name',
      query,
    });
  });
});

describe('TurmaPicker: what the search shows while it works', () => {
  it('says it is searching until the server answers, then keeps the last answer until the next', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(30) });
    const firstPage = backend.hold();
    const { user } = render(<ControlledPicker />);

    await user.click(search());
    await waitFor(() => expect(firstPage.requests).toHaveLength(1));

    expect(await shownText('Buscando turmas…')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Buscando turmas…');
    expect(screen.getByRole('listbox', { hidden: true })).toHaveAttribute('aria-busy', 'true');
    firstPage.release();

    await screen.findByRole('option', { name: 'Artes 1º A' });
    expect(screen.queryByText('Buscando turmas…')).not.toBeInTheDocument();
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Mostrando 20 de 30. Digite mais do nome para refinar a busca.',
    );

    const artes = backend.hold((request) => request.searchParams.query === 'artes');
    typeBurst(search(), 'artes');
    await waitFor(() => expect(artes.requests).toHaveLength(1));
    expect(optionNames()).toHaveLength(20);
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'true');
    artes.release();

    await waitFor(() => expect(optionNames()).toEqual(['Artes 1º A', 'Artes 2º A', 'Artes 3º A']));
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('3 turmas encontradas');
  });

  it('says when no turma matches', async () => {
    installReferenceApi({ turmas: manyTurmas(30) });
    const { user } = render(<ControlledPicker />);

    await user.type(search(), 'robótica');

    expect(await shownText('Nenhuma turma encontrada')).toBeVisible();
    expect(optionNames()).toEqual([]);
  });

  it('reports a failed search and tries again from the keyboard', async () => {
    const backend = installReferenceApi({ turmas: manyTurmas(30) });
    const { user } = render(<ControlledPicker />);
    // The first turmas, as the app has had the table's answer: the server's extensions are known.
    await user.click(search());
    await settled();
    backend.failNext({ status: 500 });

    typeBurst(search(), 'artes');

    expect(
      // The start: what follows (the server's own words) is describeApiError's to test.
      await shownText(
        /^Não foi possível buscar as turmas\. O servidor encontrou um erro \(código 500\)\. Tente novamente em instantes\./,
      ),
    ).toBeVisible();
    expect(optionNames()).toEqual([null]);
    expect(screen.getByRole('option', { name: 'Tentar novamente' })).toBeVisible();

    await user.keyboard('{ArrowDown}{Enter}');

    await screen.findByRole('option', { name: 'Artes 1º A' });
    expect(listParams(backend).map((params) => params.query)).toEqual([
      undefined,
      'artes',
      'artes',
    ]);
  });

  it('says it is offline, and searches once the connection is back', async () => {
    installReferenceApi({ turmas: manyTurmas(30) });
    onlineManager.setOnline(false);
    const { user } = render(<ControlledPicker />);

    await user.type(search(), 'artes');

    expect(
      await shownText('Sem conexão com a internet. A busca continua assim que a conexão voltar.'),
    ).toBeVisible();
    onlineManager.setOnline(true);
    expect(await screen.findByRole('option', { name: 'Artes 1º A' })).toBeVisible();
  });
});

describe('TurmaPicker: in English', () => {
  it('names everything in English', async () => {
    installReferenceApi({ turmas: manyTurmas(30) });
    const [first, second] = summaries(manyTurmas(2));
    const { user } = render(<ControlledPicker label="Classes" initial={[first!, second!]} />, {
      locale: 'en',
    });

    expect(chosenNames('Classes')).toEqual([first!.name, second!.name]);
    expect(screen.getByText('2 classes')).toBeVisible();
    expect(screen.getByRole('button', { name: `Take ${first!.name} off the list` })).toBeVisible();

    await user.type(search('Add a class'), 'artes');
    await settled();
    expect(optionNames()).toEqual(['Artes 1º A', 'Artes 2º A', 'Artes 3º A']);
    expect(screen.getByRole('option', { name: 'Artes 1º A' })).toHaveAccessibleDescription(
      '18 students',
    );
    expect(screen.getByRole('listbox', { name: 'Matching classes' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('3 classes found');

    await user.clear(search('Add a class'));
    await user.type(search('Add a class'), 'robotics');
    expect(await shownText('No classes found')).toBeVisible();
  });
});
