/**
 * Rosters that travel (issue 37, item 3): the whole roster as a CSV file or a printed sheet,
 * through the page that composes it, against the reference API in-process.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { TurmasPage } from '../../app/turmas-page';
import { createTestApiClient } from '../../testing/api-client';
import { installReferenceApi, type ReferenceApiOptions } from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';
import { selectionStore } from '../../lib/selection-store';
import { captureDownloads } from '../../testing/captured-downloads';
import { FILE_NAME_TURMA_MAX, rosterFileName } from './roster-export';

const MATEMATICA = aTurma({ id: 't-mat', name: 'Matemática 9º A', countStudents: 120 });
const FISICA = aTurma({ id: 't-fis', name: 'Física 1º B', countStudents: 0 });

/** 120 students: three pages of the panel, two of the export's 100. */
const MANY = Array.from({ length: 120 }, (_, index) => ({
  email: `aluno${String(index).padStart(3, '0')}@escola.test`,
  name: `Aluno ${String(index).padStart(3, '0')}`,
  ...(index === 0 ? { expirationDate: '2030-03-01T12:00:00.000Z' } : {}),
}));
// A name someone typed as a formula: it must go out inert.
MANY[1] = { email: 'formula@escola.test', name: '=HYPERLINK("http://x","y")' };

function installBackend(options: ReferenceApiOptions = {}) {
  return installReferenceApi({
    turmas: [MATEMATICA, FISICA],
    enrolments: { 't-mat': MANY },
    ...options,
  });
}

// jsdom has no FontFaceSet, and Mantine's autosizing Textarea (the bulk dialog's) listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}

/** The files saved, as the browser would get them. */
let downloads: ReturnType<typeof captureDownloads>;
beforeEach(() => {
  window.history.replaceState(null, '', '/');
  selectionStore.clear();
  downloads = captureDownloads();
});
afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  downloads.restore();
  window.history.replaceState(null, '', '/');
  selectionStore.clear();
});

async function openRoster({
  locale = 'pt-BR',
  queryClient,
}: { locale?: 'pt-BR' | 'en'; queryClient?: QueryClient } = {}) {
  const pt = locale === 'pt-BR';
  const view = render(<TurmasPage api={createTestApiClient()} />, {
    locale,
    ...(queryClient && { queryClient }),
  });
  // The file's first tests render the list cold: on a loaded machine that took over 5 s in CI.
  await view.user.click(
    await screen.findByRole(
      'button',
      { name: pt ? 'Ver alunos de Matemática 9º A' : 'See the students of Matemática 9º A' },
      { timeout: 10_000 },
    ),
  );
  const dialog = await screen.findByRole(
    'dialog',
    { name: pt ? 'Alunos de Matemática 9º A' : 'Students of Matemática 9º A' },
    { timeout: 10_000 },
  );
  await within(dialog).findByText(pt ? '120 alunos' : '120 students');
  return { ...view, dialog };
}

/** The export's own reads: pages of 100 (the panel reads 50). */
const exportRead = (request: { pathname: string; searchParams: Record<string, string> }) =>
  request.pathname.endsWith('/students') && request.searchParams.pageSize === '100';

describe('exporting a roster', { timeout: 40_000 }, () => {
  it('saves every student of every page, formula-safe, each expiry local and ISO', async () => {
    const backend = installBackend();
    const { user, dialog } = await openRoster();
    // A search on screen does not narrow the file: it is the whole roster.
    await user.type(within(dialog).getByRole('searchbox', { name: 'Buscar alunos' }), '119');
    await within(dialog).findByText('1 aluno encontrado');

    await user.click(
      within(dialog).getByRole('button', { name: 'Exportar CSV: alunos de Matemática 9º A' }),
    );
    expect(await within(dialog).findByText('Arquivo com 120 alunos salvo.')).toBeVisible();

    expect(downloads.saved).toHaveLength(1);
    // Named by the turma, as staff tell several files apart; safe on any disk.
    expect(downloads.saved[0]!.name).toMatch(/^alunos-Matemática-9º-A-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array(await downloads.saved[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Blob.text() drops the byte order mark. Semicolons: Excel in Brazil opens a file of commas
    // as one column.
    const lines = Papa.parse<string[]>((await downloads.saved[0]!.blob.text()).trim(), {
      newline: '\r\n',
      delimiter: ';',
    }).data;
    expect(lines[0]).toEqual([
      'Nome',
      'E-mail',
      'Validade (hora local)',
      'Validade (ISO)',
      'Matriculado em',
      'Turma',
      'Código da turma',
    ]);
    expect(lines).toHaveLength(121);
    const line = (email: string) => lines.find((cells) => cells[1] === email)!;
    const first = line('aluno000@escola.test');
    expect(first[0]).toBe('Aluno 000');
    expect(first[2]).toMatch(/2030/);
    expect(first[3]).toBe('2030-03-01T12:00:00.000Z');
    expect(first.slice(5)).toEqual(['Matemática 9º A', 't-mat']);
    expect(line('aluno119@escola.test')[0]).toBe('Aluno 119');
    expect(line('aluno002@escola.test').slice(2, 4)).toEqual(['Sem validade', '']);
    const formula = lines.find((line) => line[1] === 'formula@escola.test')!;
    expect(formula[0]).toBe(`'=HYPERLINK("http://x","y")`);
    // Read through the roster's paging, 100 at a time, with no search.
    const asked = backend.requests
      .filter((request) => request.pathname.endsWith('/students'))
      .map(({ searchParams }) => searchParams)
      .filter(({ pageSize }) => pageSize === '100');
    expect(asked.map(({ page, query }) => [page, query])).toEqual([
      ['1', undefined],
      ['2', undefined],
    ]);
  });

  it('says so and saves nothing when a page cannot be read', async () => {
    const backend = installBackend();
    const { user, dialog } = await openRoster();
    backend.failNext({ status: 503 }, { times: 10, where: exportRead });
    await user.click(
      within(dialog).getByRole('button', { name: 'Exportar CSV: alunos de Matemática 9º A' }),
    );
    expect(
      await within(dialog).findByText('Não foi possível ler todos os alunos. Nada foi salvo.'),
    ).toBeVisible();
    expect(downloads.saved).toHaveLength(0);
  });

  it('offline, says so at once, leaves the buttons usable and tries again when asked', async () => {
    const backend = installBackend();
    // The app's client, with its retries: none is tried while offline.
    const { user, dialog } = await openRoster({ queryClient: createQueryClient(() => undefined) });
    act(() => onlineManager.setOnline(false));
    // Offline, the browser's fetch gets no answer (a retry would get one here: there is none).
    backend.failNext('network', { where: exportRead });
    const csv = within(dialog).getByRole('button', {
      name: 'Exportar CSV: alunos de Matemática 9º A',
    });
    await user.click(csv);

    // Not held (paused) until the network is back: the request went, and failed.
    expect(
      await within(dialog).findByText(
        'Sem conexão com o servidor: não foi possível ler os alunos. Nada foi salvo.',
      ),
    ).toBeVisible();
    expect(within(dialog).queryByText(/^Lendo alunos/)).toBeNull();
    expect(backend.requests.filter(exportRead)).toHaveLength(1);
    expect(downloads.saved).toHaveLength(0);
    expect(csv).not.toHaveAttribute('aria-disabled');
    expect(
      within(dialog).getByRole('button', { name: 'Imprimir: lista de alunos de Matemática 9º A' }),
    ).not.toHaveAttribute('aria-disabled');

    act(() => onlineManager.setOnline(true));
    await user.click(within(dialog).getByRole('button', { name: 'Tentar exportar de novo' }));
    expect(await within(dialog).findByText('Arquivo com 120 alunos salvo.')).toBeVisible();
    expect(downloads.saved).toHaveLength(1);
    // The retry left with the failure: the focus is on the button that did it again.
    expect(csv).toHaveFocus();
  });

  it('offline, prints nothing and says so, in English too', async () => {
    const backend = installBackend();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user, dialog } = await openRoster({ locale: 'en' });
    act(() => onlineManager.setOnline(false));
    backend.failNext('network', { where: exportRead });
    await user.click(
      within(dialog).getByRole('button', { name: 'Print: student list of Matemática 9º A' }),
    );

    expect(
      await within(dialog).findByText(
        'No connection to the server: the students could not be read. Nothing was printed.',
      ),
    ).toBeVisible();
    expect(print).not.toHaveBeenCalled();
    expect(screen.queryByTestId('roster-print-sheet')).toBeNull();
    expect(
      within(dialog).getByRole('button', { name: 'Export CSV: students of Matemática 9º A' }),
    ).not.toHaveAttribute('aria-disabled');
    expect(within(dialog).getByRole('button', { name: 'Try printing again' })).toBeVisible();
    print.mockRestore();
  });

  it('prints a sheet of the whole roster with the turma and the date, and no controls', async () => {
    installBackend();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user, dialog } = await openRoster();
    await user.click(
      within(dialog).getByRole('button', {
        name: 'Imprimir: lista de alunos de Matemática 9º A',
      }),
    );
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const sheet = screen.getByTestId('roster-print-sheet');
    expect(within(sheet).getByRole('heading', { name: 'Alunos de Matemática 9º A' })).toBeTruthy();
    expect(within(sheet).getByText(/^Impresso em .* · 120 alunos$/)).toBeTruthy();
    expect(within(sheet).getAllByRole('row')).toHaveLength(121);
    expect(within(sheet).queryAllByRole('button')).toHaveLength(0);
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(screen.queryByTestId('roster-print-sheet')).toBeNull());
    print.mockRestore();
  });
});

describe('the roster file’s name', () => {
  const NOW = new Date('2026-11-29T15:00:00.000Z');
  const nameOf = (name: string | undefined, id = 'kd7JHnFn_8c') =>
    rosterFileName({ id, name }, NOW, 'alunos');

  it.each([
    ['Matemática 9º A', 'alunos-Matemática-9º-A-2026-11-29.csv'],
    // Decomposed accents (as some systems type them) are the same characters in the name.
    ['Fi\u0301sica 1º B', 'alunos-Física-1º-B-2026-11-29.csv'],
    // Nothing that is a path, a reserved character or a space survives.
    ['../9º A / 2027: "tarde"?*<>|\\', 'alunos-9º-A-2027-tarde-2026-11-29.csv'],
  ])('names the file by the turma %j: %s', (name, file) => {
    expect(nameOf(name)).toBe(file);
  });

  it('falls back to the id when the name is unknown or nothing of it is left', () => {
    expect(nameOf(undefined)).toBe('alunos-kd7JHnFn_8c-2026-11-29.csv');
    expect(nameOf(' /?* ')).toBe('alunos-kd7JHnFn_8c-2026-11-29.csv');
    expect(nameOf(undefined, 'a/b c')).toBe('alunos-a-b-c-2026-11-29.csv');
  });

  it(`keeps at most ${FILE_NAME_TURMA_MAX} characters of a long name, ending at a word`, () => {
    const long = 'Preparatório para o Exame Nacional do Ensino Médio turma da tarde de sábado 2027';
    const file = nameOf(long);
    const part = file.slice('alunos-'.length, -'-2026-11-29.csv'.length);
    expect(Array.from(part).length).toBeLessThanOrEqual(FILE_NAME_TURMA_MAX);
    expect(part).toBe('Preparatório-para-o-Exame-Nacional-do-Ensino-Médio-turma-da');
    // One word longer than the room: cut inside it rather than left with nothing.
    expect(Array.from(nameOf('ª'.repeat(100))).length).toBe(
      'alunos-'.length + FILE_NAME_TURMA_MAX + '-2026-11-29.csv'.length,
    );
  });
});

describe('a roster’s file enrolled again through the bulk dialog', { timeout: 60_000 }, () => {
  const FROM = aTurma({ id: 't-ing', name: 'Inglês 9º A / 2030', countStudents: 3 });
  const TO_EN = aTurma({ id: 't-en', name: 'Reforço de inglês', countStudents: 0 });
  const TO_PT = aTurma({ id: 't-pt', name: 'Clube de leitura', countStudents: 0 });
  // 5 December: English writes it 12/05/2030, which reads as 12 May day first.
  const ANA = { email: 'ana@escola.test', name: 'Ana', expirationDate: '2030-12-05T15:00:00.000Z' };
  const BIA = { email: 'bia@escola.test', name: 'Bia' };
  // 25 December: 12/25/2030 in English, no date at all day first.
  const CAIO = {
    email: 'caio@escola.test',
    name: 'Caio',
    expirationDate: '2030-12-25T15:00:00.000Z',
  };

  /** The roster of FROM exported in English, as the file the browser saved. */
  async function exportInEnglish(): Promise<File> {
    const view = render(<TurmasPage api={createTestApiClient()} />, { locale: 'en' });
    await view.user.click(
      await screen.findByRole('button', { name: `See the students of ${FROM.name}` }),
    );
    const roster = await screen.findByRole(
      'dialog',
      { name: `Students of ${FROM.name}` },
      { timeout: 10_000 },
    );
    await within(roster).findByText('3 students');
    await view.user.click(
      within(roster).getByRole('button', { name: `Export CSV: students of ${FROM.name}` }),
    );
    await within(roster).findByText('File with 3 students saved.');
    view.unmount();
    const saved = downloads.saved.at(-1)!;
    // The turma's name, its slash made a hyphen, accents kept.
    expect(saved.name).toMatch(/^students-Inglês-9º-A-2030-\d{4}-\d{2}-\d{2}\.csv$/);
    return new File([await saved.blob.arrayBuffer()], saved.name, { type: 'text/csv' });
  }

  /** Picks `file` in the page's bulk dialog, in `locale`, and enrols its students in `target`. */
  async function enrolFromFile(locale: 'pt-BR' | 'en', file: File, target: typeof TO_EN) {
    const pt = locale === 'pt-BR';
    const view = render(<TurmasPage api={createTestApiClient()} />, { locale });
    await view.user.click(
      await screen.findByRole('button', {
        name: pt ? 'Matricular ou remover em lote' : 'Enrol or remove a list',
      }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      { name: pt ? 'Matrícula em lote' : 'Bulk enrolment' },
      { timeout: 10_000 },
    );
    // What the file button opens: the file input behind it, named as the button is.
    const picker = within(dialog).getByLabelText<HTMLInputElement>(
      pt ? 'Escolher arquivo CSV' : 'Choose a CSV file',
      { selector: 'input' },
    );
    await view.user.upload(picker, file);
    // Every line ready, the dates taken as they were: nothing to fix, nothing to say of them.
    expect(
      await within(dialog).findByText(
        pt
          ? /^3 alunos prontos para enviar · 0 linhas com problema/
          : /^3 students ready to send · 0 lines with problems/,
      ),
    ).toBeVisible();
    expect(within(dialog).queryByText(/lidas com o dia primeiro|read day first/)).toBeNull();
    expect(within(dialog).getByRole('row', { name: /bia@escola\.test/ })).toHaveTextContent(
      pt ? 'Sem validade' : 'No expiry',
    );
    await view.user.type(
      within(dialog).getByRole('combobox', { name: pt ? 'Adicionar turma' : 'Add a class' }),
      target.name,
    );
    await view.user.click(await screen.findByRole('option', { name: new RegExp(target.name) }));
    await view.user.click(
      within(dialog).getByRole('button', {
        name: pt ? 'Matricular 3 alunos em 1 turma' : 'Enrol 3 students in 1 class',
      }),
    );
    await within(dialog).findByRole(
      'heading',
      { name: pt ? 'Envio concluído' : 'Run complete' },
      { timeout: 10_000 },
    );
    view.unmount();
  }

  it('keeps every expiry exactly, and no expiry where there was none, in English and Portuguese', async () => {
    const backend = installReferenceApi({
      turmas: [FROM, TO_EN, TO_PT],
      enrolments: { [FROM.id]: [ANA, BIA, CAIO] },
    });
    const file = await exportInEnglish();

    for (const [locale, target] of [
      ['en', TO_EN],
      ['pt-BR', TO_PT],
    ] as const) {
      await enrolFromFile(locale, file, target);
      expect(backend.enrolments(target.id)).toEqual([ANA.email, BIA.email, CAIO.email]);
      expect(backend.expiryOf(target.id, ANA.email)).toBe(ANA.expirationDate);
      expect(backend.expiryOf(target.id, CAIO.email)).toBe(CAIO.expirationDate);
      // Not the batch's end of the school year: the file said she has none.
      expect(backend.expiryOf(target.id, BIA.email)).toBeNull();
    }
    const sent = backend.requests.filter((request) => request.method === 'POST');
    expect(
      sent.filter((request) => (request.body as { email: string }).email === BIA.email),
    ).toEqual([
      expect.objectContaining({
        body: { name: 'Bia', email: BIA.email, classes: [{ id: TO_EN.id }] },
      }),
      expect.objectContaining({
        body: { name: 'Bia', email: BIA.email, classes: [{ id: TO_PT.id }] },
      }),
    ]);
  });
});

describe('copying and moving students to another turma', { timeout: 40_000 }, () => {
  const NONO = aTurma({ id: 't-9a', name: '9º ano A 2027', countStudents: 0 });
  const OITAVO = aTurma({ id: 't-8a', name: '8º ano A 2026', countStudents: 3 });
  const ANA = { email: 'ana@escola.test', name: 'Ana', expirationDate: '2030-01-10T12:00:00.000Z' };
  const BIA = { email: 'bia@escola.test', name: 'Bia' };
  const CAIO = {
    email: 'caio@escola.test',
    name: 'Caio',
    expirationDate: '2031-06-01T12:00:00.000Z',
  };

  async function openTravel(kind: 'copy' | 'move', inTarget: (typeof ANA)[] = []) {
    const backend = installReferenceApi({
      turmas: [OITAVO, NONO],
      enrolments: { 't-8a': [ANA, BIA, CAIO], 't-9a': inTarget },
    });
    const view = render(<TurmasPage api={createTestApiClient()} />);
    const { user } = view;
    await user.click(await screen.findByRole('button', { name: 'Ver alunos de 8º ano A 2026' }));
    // The panel's code loads on the first click: slow on a busy machine.
    const roster = await screen.findByRole(
      'dialog',
      { name: 'Alunos de 8º ano A 2026' },
      { timeout: 10_000 },
    );
    await within(roster).findByText('3 alunos');
    await user.click(
      within(roster).getByRole('checkbox', { name: 'Selecionar todos os alunos desta página' }),
    );
    await user.click(
      within(roster).getByRole('button', {
        name: kind === 'copy' ? 'Matricular estes alunos em…' : 'Mover para outra turma…',
      }),
    );
    const dialog = await screen.findByRole(
      'dialog',
      {
        name:
          kind === 'copy'
            ? 'Matricular 3 alunos em outra turma'
            : 'Mover 3 alunos para outra turma',
      },
      { timeout: 10_000 },
    );
    // The dialog starts in its turma search; one pick closes the list.
    const search = within(dialog).getByRole('combobox', { name: 'Adicionar turma' });
    expect(search).toHaveFocus();
    await user.type(search, '9º ano');
    await user.click(
      await screen.findByRole('option', { name: /9º ano A 2027/ }, { timeout: 5_000 }),
    );
    expect(screen.queryByRole('listbox', { name: 'Turmas encontradas' })).toBeNull();
    return { backend, user, dialog, roster };
  }

  it('enrols the roster in the next year’s turma keeping each one’s expiry', async () => {
    const { backend, user, dialog } = await openTravel('copy');
    const started = performance.now();
    await user.click(within(dialog).getByRole('button', { name: 'Matricular 3 alunos' }));
    expect(
      await within(dialog).findByText(
        'Concluído — feitos: 3; não feitos: 0.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    // The in-process server's figure, for a roster of 3; the e2e spec measures 40.
    expect(performance.now() - started).toBeLessThan(3000);
    expect(backend.enrolments('t-9a')).toEqual([ANA.email, BIA.email, CAIO.email]);
    expect(backend.expiryOf('t-9a', ANA.email)).toBe(ANA.expirationDate);
    expect(backend.expiryOf('t-9a', BIA.email)).toBeNull();
    expect(backend.expiryOf('t-9a', CAIO.email)).toBe(CAIO.expirationDate);
    // A copy leaves them where they were.
    expect(backend.enrolments('t-8a')).toEqual([ANA.email, BIA.email, CAIO.email]);
    expect(within(dialog).getAllByText(/Matriculado em 9º ano A 2027/)).toHaveLength(3);
  });

  it('gives them all one new expiry when asked', async () => {
    const { backend, user, dialog } = await openTravel('copy');
    await user.click(within(dialog).getByRole('radio', { name: 'Uma nova validade para todos' }));
    await user.click(within(dialog).getByRole('button', { name: 'Matricular 3 alunos' }));
    await within(dialog).findByText('Concluído — feitos: 3; não feitos: 0.', {}, { timeout: 5000 });
    const expiries = [ANA, BIA, CAIO].map(({ email }) => backend.expiryOf('t-9a', email));
    expect(new Set(expiries).size).toBe(1);
    expect(expiries[0]).not.toBeNull();
    expect(expiries[0]).not.toBe(ANA.expirationDate);
  });

  it('moves several, saying where one is when its removal failed', async () => {
    const { backend, user, dialog } = await openTravel('move');
    backend.failNext(
      { status: 403 },
      {
        times: 10,
        where: (request) =>
          request.method === 'DELETE' &&
          (request.body as { email?: string } | undefined)?.email === BIA.email,
      },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mover 3 alunos' }));
    expect(
      await within(dialog).findByText(
        'Concluído — feitos: 2; não feitos: 1.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(backend.enrolments('t-9a')).toEqual([ANA.email, BIA.email, CAIO.email]);
    expect(backend.enrolments('t-8a')).toEqual([BIA.email]);
    const outcomes = within(within(dialog).getByRole('list', { name: 'Resultado por aluno' }));
    expect(outcomes.getByText(/bia@escola\.test/)).toHaveTextContent(
      'Matriculado em 9º ano A 2027, ainda em 8º ano A 2026',
    );
    expect(outcomes.getAllByText(/Movido para 9º ano A 2027/)).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Baixar resultados (CSV)' }));
    // Named in the interface's language, dated where the staff are (roster-file-names.test.tsx).
    expect(downloads.saved.at(-1)!.name).toMatch(/^resultado-mover-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await downloads.saved.at(-1)!.blob.text();
    expect(csv).toContain(
      'Bia;bia@escola.test;Matriculado em 9º ano A 2027, ainda em 8º ano A 2026',
    );
  });

  it('warns before running of a student whose later expiry there would be shortened', async () => {
    const later = { ...ANA, expirationDate: '2032-05-01T12:00:00.000Z' };
    const { backend, user, dialog } = await openTravel('copy', [later]);
    // Before anything is sent: the bulk review's warning, counted and said for the student.
    expect(
      await within(dialog).findByText(
        'Avisos: 1 aluno terá a validade encurtada.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    const warned = within(within(dialog).getByRole('list', { name: 'Alunos com aviso' }));
    expect(warned.getByText(/ana@escola\.test/)).toBeVisible();
    expect(
      warned.getByText(/^9º ano A 2027: a validade atual vai até .*2032.*é mais curta/),
    ).toBeVisible();
    expect(backend.requests.filter((request) => request.method !== 'GET')).toEqual([]);

    await user.click(warned.getByRole('checkbox', { name: 'Deixar Ana de fora' }));
    await user.click(within(dialog).getByRole('button', { name: 'Matricular 2 alunos' }));
    expect(
      await within(dialog).findByText(
        'Concluído — feitos: 2; não feitos: 0.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    // Only what happened: the two sent, and Ana's longer expiry there as it was.
    const outcomes = within(dialog).getByRole('list', { name: 'Resultado por aluno' });
    expect(within(outcomes).getAllByRole('listitem')).toHaveLength(2);
    expect(within(outcomes).queryByText(/ana@escola\.test/)).toBeNull();
    expect(backend.expiryOf('t-9a', ANA.email)).toBe(later.expirationDate);
    expect(backend.expiryOf('t-9a', CAIO.email)).toBe(CAIO.expirationDate);
    expect(backend.enrolments('t-9a')).toEqual([ANA.email, BIA.email, CAIO.email]);
  });
});
