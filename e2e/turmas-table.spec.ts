/**
 * The turmas table as staff use it, against the real reference API: search, sort, pages, the
 * address bar as the view's memory, selection across pages, keyboard use, every designed state,
 * and axe on each. Counts and orders always come from the server's own answers, never from
 * numbers written here, so the tests hold whatever the demo data looks like.
 */
import type { Page, Request } from '@playwright/test';
import type { Class } from '#contract';
import {
  expect,
  expectNoAxeViolations,
  listClasses,
  signIn,
  signInThroughGate,
  test,
  turmasPage,
} from './support';

// A dozen pages of 20 (the default size) and searches that match a page or two: enough to page
// forward twice and to pick turmas on different pages. Seeding 240 turmas takes milliseconds.
test.use({ demoClasses: 240 });
// Each test signs in on its own and only reads, so they may share a worker's server and spread
// over both workers.
test.describe.configure({ mode: 'parallel' });

const numbers = new Intl.NumberFormat('pt-BR');

/**
 * The table shows exactly these turmas, in this order, and has settled: not busy, so not the
 * dimmed previous page that stays on screen while the next one loads.
 */
async function expectRows(page: Page, turmas: Class[]) {
  const { table, names, studentCells } = turmasPage(page);
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect.poll(names).toEqual(turmas.map((turma) => turma.name));
  await expect(studentCells).toHaveText(turmas.map((turma) => numbers.format(turma.countStudents)));
}

/** The address bar holds exactly these list parameters (the defaults are left out). */
async function expectUrlParams(page: Page, expected: Record<string, string>) {
  await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual(expected);
}

const totalText = (total: number) => `${numbers.format(total)} turmas`;
const foundText = (total: number) => `${numbers.format(total)} turmas encontradas`;
const rangeText = (page: number, pageSize: number, total: number) =>
  `${numbers.format((page - 1) * pageSize + 1)}–${numbers.format(Math.min(page * pageSize, total))} de ${numbers.format(total)}`;

/** The search's debounce (SEARCH_DEBOUNCE_MS in class-search.tsx). */
const SEARCH_DEBOUNCE_MS = 180;
/** A quick typist: a key every 30 ms. */
const KEY_INTERVAL_MS = 30;

/**
 * Types `text` into the empty search as a quick typist does and returns the search terms of the
 * list requests the page sent, once it announces `announced`. The page's clock is paused and
 * moved on by the typist's 30 ms between keys, so a busy machine cannot stretch a pause past the
 * debounce: the burst is a burst by construction.
 */
async function searchInOneBurst(page: Page, text: string, announced: string): Promise<string[]> {
  const turmas = turmasPage(page);
  const searches: string[] = [];
  const recordSearch = (sent: Request) => {
    const url = new URL(sent.url());
    const query = url.searchParams.get('query');
    if (sent.method() === 'GET' && url.pathname === '/v1/classe' && query !== null) {
      searches.push(query);
    }
  };
  await expect(turmas.search).toHaveValue('');
  await expect(turmas.table).toHaveAttribute('aria-busy', 'false');
  page.on('request', recordSearch);
  try {
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    for (const key of text) {
      await turmas.search.pressSequentially(key);
      await page.clock.runFor(KEY_INTERVAL_MS);
    }
    // Nothing goes out while the typist types…
    expect(searches).toEqual([]);
    // …and once the debounce has passed the page sends the whole text, once.
    await page.clock.runFor(SEARCH_DEBOUNCE_MS);
    await page.clock.resume();
    await expect(turmas.status).toHaveText(announced);
    await expect(turmas.table).toHaveAttribute('aria-busy', 'false');
    return [...searches];
  } finally {
    page.off('request', recordSearch);
  }
}

test('finds turmas with or without accents, one request per typing burst', async ({
  page,
  request,
  token,
}) => {
  const all = await listClasses(request, token, { pageSize: 1 });
  const accented = await listClasses(request, token, { query: 'matemática' });
  const plain = await listClasses(request, token, { query: 'matematica' });
  // The premise: the server folds accents, and the matches fit on the first page (so no next
  // page is prefetched and the one search is the only request).
  expect(plain).toEqual(accented);
  expect(accented.totalRecords).toBeGreaterThan(1);
  expect(accented.data).toHaveLength(accented.totalRecords);
  for (const turma of accented.data) expect(turma.name).toContain('Matemática');

  // The page's own clock, so the test decides when the debounce may fire (searchInOneBurst).
  await page.clock.install();
  await signIn(page, token);
  const turmas = turmasPage(page);
  await expect(turmas.status).toHaveText(totalText(all.totalRecords));

  const accentedSearches = await searchInOneBurst(
    page,
    'matemática',
    foundText(accented.totalRecords),
  );
  expect(accentedSearches).toEqual(['matemática']);
  await expectRows(page, accented.data);
  await expectUrlParams(page, { q: 'matemática' });

  // The field's clear button brings the whole list back…
  await turmas.clearSearchInField.click();
  await expect(turmas.search).toHaveValue('');
  await expect(turmas.search).toBeFocused();
  await expect(turmas.status).toHaveText(totalText(all.totalRecords));
  await expectUrlParams(page, {});

  // …and the same word without its accent finds the same turmas, again with one request.
  const plainSearches = await searchInOneBurst(page, 'matematica', foundText(plain.totalRecords));
  expect(plainSearches).toEqual(['matematica']);
  await expectRows(page, plain.data);
  await expectUrlParams(page, { q: 'matematica' });
});

test('sorts by number of students, biggest first, then smallest, then back to name', async ({
  page,
  request,
  token,
}) => {
  const byName = await listClasses(request, token);
  const mostStudents = await listClasses(request, token, { sortBy: '-countStudents' });
  const fewestStudents = await listClasses(request, token, { sortBy: 'countStudents' });

  await signIn(page, token);
  const turmas = turmasPage(page);
  await expect(turmas.header('Nome')).toHaveAttribute('aria-sort', 'ascending');
  await expect(turmas.header('Alunos')).toHaveAttribute('aria-sort', 'none');
  await expectRows(page, byName.data);

  await turmas.sortButton('Alunos').click();
  await expect(turmas.header('Alunos')).toHaveAttribute('aria-sort', 'descending');
  await expect(turmas.header('Nome')).toHaveAttribute('aria-sort', 'none');
  await expectRows(page, mostStudents.data);
  const shown = (await turmas.studentCells.allTextContents()).map((text) =>
    Number(text.replace(/\D/g, '')),
  );
  expect(shown).toEqual(shown.toSorted((a, b) => b - a));
  await expectUrlParams(page, { sort: '-countStudents' });

  await turmas.sortButton('Alunos').click();
  await expect(turmas.header('Alunos')).toHaveAttribute('aria-sort', 'ascending');
  await expectRows(page, fewestStudents.data);
  await expectUrlParams(page, { sort: 'countStudents' });

  await turmas.sortButton('Alunos').click();
  await expect(turmas.header('Alunos')).toHaveAttribute('aria-sort', 'none');
  await expect(turmas.header('Nome')).toHaveAttribute('aria-sort', 'ascending');
  await expectRows(page, byName.data);
  await expectUrlParams(page, {});
});

test("pages forward, and the browser's Back and Forward retrace the pages", async ({
  page,
  request,
  token,
}) => {
  const pages = await Promise.all(
    [1, 2, 3].map((number) => listClasses(request, token, { page: number })),
  );
  const total = pages[0]!.totalRecords;
  const pageCount = numbers.format(Math.ceil(total / 20));

  await signIn(page, token);
  const turmas = turmasPage(page);
  const showsPage = async (number: 1 | 2 | 3) => {
    await expectRows(page, pages[number - 1]!.data);
    await expectUrlParams(page, number === 1 ? {} : { page: String(number) });
    await expect(turmas.pagerButton(`Página ${number} de ${pageCount}`)).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByText(rangeText(number, 20, total), { exact: true })).toBeVisible();
  };
  await showsPage(1);

  await turmas.pagerButton('Próxima página').click();
  await showsPage(2);
  await turmas.pagerButton('Próxima página').click();
  await showsPage(3);

  await page.goBack();
  await showsPage(2);
  await page.goBack();
  await showsPage(1);
  await page.goForward();
  await showsPage(2);
  await page.goForward();
  await showsPage(3);
});

test('keeps turmas picked on different pages in the tray', async ({ page, request, token }) => {
  const [first, second] = await Promise.all(
    [1, 2].map((number) => listClasses(request, token, { page: number })),
  );
  const [a, , c] = first!.data;
  const [, d] = second!.data;

  await signIn(page, token);
  const turmas = turmasPage(page);
  await expectRows(page, first!.data);
  await expect(turmas.tray).toBeHidden();

  await turmas.rowCheckbox(a!).check();
  await turmas.rowCheckbox(c!).check();
  await expect(turmas.trayCount).toHaveText('2 turmas selecionadas');
  // Part of the page ticked: the page's box says "some".
  await expect(turmas.pageCheckbox).toBeChecked({ indeterminate: true });

  await turmas.pagerButton('Próxima página').click();
  await expectRows(page, second!.data);
  await turmas.rowCheckbox(d!).check();
  await expect(turmas.trayCount).toHaveText('3 turmas selecionadas');
  // Named as they were when picked, though two of them are no longer on screen.
  for (const turma of [a!, c!, d!]) await expect(turmas.chip(turma)).toBeVisible();
  await expectNoAxeViolations(page);

  await turmas.removeChip(a!).click();
  await expect(turmas.trayCount).toHaveText('2 turmas selecionadas');
  await expect(turmas.chip(a!)).toBeHidden();
  await expect(turmas.chip(c!)).toBeVisible();

  // The page's box picks every turma of this page and keeps the one from page 1.
  await turmas.pageCheckbox.check();
  await expect(turmas.table.getByRole('checkbox', { checked: false })).toHaveCount(0);
  await expect(turmas.trayCount).toHaveText(`${second!.data.length + 1} turmas selecionadas`);
  await turmas.pageCheckbox.uncheck();
  await expect(turmas.trayCount).toHaveText('1 turma selecionada');
  await expect(turmas.chip(c!)).toBeVisible();

  await turmas.pagerButton('Página anterior').click();
  await expectRows(page, first!.data);
  await expect(turmas.rowCheckbox(a!)).not.toBeChecked();
  await expect(turmas.rowCheckbox(c!)).toBeChecked();

  await turmas.tray.getByRole('button', { name: 'Limpar seleção' }).click();
  await expect(turmas.tray).toBeHidden();
  await expect(turmas.rowCheckbox(c!)).not.toBeChecked();
});

test('a reload shows the same search, sort, page, page size and selection', async ({
  page,
  request,
  token,
}) => {
  const view = { query: 'ciencias', pageSize: 10, sortBy: '-countStudents', page: 2 };
  const expected = await listClasses(request, token, view);
  // The premise: the search spans more than one page of 10.
  expect(expected.totalRecords).toBeGreaterThan(10);
  const [x, y] = expected.data;

  await signIn(page, token);
  const turmas = turmasPage(page);
  await turmas.search.fill('ciencias');
  await turmas.search.press('Enter');
  await expect(turmas.status).toHaveText(foundText(expected.totalRecords));
  await turmas.pageSize.selectOption('10');
  await turmas.sortButton('Alunos').click();
  await turmas.pagerButton('Próxima página').click();
  await expectRows(page, expected.data);
  await turmas.rowCheckbox(x!).check();
  await turmas.rowCheckbox(y!).check();
  const params = { q: 'ciencias', page: '2', pageSize: '10', sort: '-countStudents' };
  await expectUrlParams(page, params);

  await page.reload();

  await expectRows(page, expected.data);
  await expectUrlParams(page, params);
  await expect(turmas.search).toHaveValue('ciencias');
  await expect(turmas.status).toHaveText(foundText(expected.totalRecords));
  await expect(turmas.pageSize).toHaveValue('10');
  await expect(turmas.header('Alunos')).toHaveAttribute('aria-sort', 'descending');
  await expect(
    page.getByText(rangeText(2, 10, expected.totalRecords), { exact: true }),
  ).toBeVisible();
  await expect(turmas.trayCount).toHaveText('2 turmas selecionadas');
  for (const turma of [x!, y!]) {
    await expect(turmas.chip(turma)).toBeVisible();
    await expect(turmas.rowCheckbox(turma)).toBeChecked();
  }
});

test('a shared link opens on the view it names, through the sign-in gate', async ({
  page,
  request,
  token,
}) => {
  const params = { q: 'história', page: '2', pageSize: '10', sort: '-updatedAt' };
  const expected = await listClasses(request, token, {
    query: params.q,
    page: 2,
    pageSize: 10,
    sortBy: params.sort,
  });
  expect(expected.data.length).toBeGreaterThan(0);

  // A new browser context: nobody is signed in, as for a colleague who received the link.
  await signIn(page, token, `/?${new URLSearchParams(params)}`);
  const turmas = turmasPage(page);

  await expectRows(page, expected.data);
  await expectUrlParams(page, params);
  await expect(turmas.search).toHaveValue('história');
  await expect(turmas.header('Atualizada em')).toHaveAttribute('aria-sort', 'descending');
  await expect(turmas.pageSize).toHaveValue('10');
  const pageCount = numbers.format(Math.ceil(expected.totalRecords / 10));
  await expect(turmas.pagerButton(`Página 2 de ${pageCount}`)).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('works from the keyboard: pager, "/" to search, Enter, sort headers', async ({
  page,
  request,
  token,
}) => {
  const total = (await listClasses(request, token, { pageSize: 1 })).totalRecords;
  const lastPage = Math.ceil(total / 20);
  // The premise: enough pages that the last one is not the next one.
  expect(lastPage).toBeGreaterThan(2);
  const [first, second, last] = await Promise.all(
    [1, 2, lastPage].map((number) => listClasses(request, token, { page: number })),
  );
  const found = await listClasses(request, token, { query: 'física' });
  const mostStudents = await listClasses(request, token, {
    query: 'física',
    sortBy: '-countStudents',
  });
  const fewestStudents = await listClasses(request, token, {
    query: 'física',
    sortBy: 'countStudents',
  });

  await signInThroughGate(page, token);
  const turmas = turmasPage(page);
  await expect(turmas.heading).toBeFocused();

  await turmas.pagerButton('Próxima página').focus();
  await page.keyboard.press('Enter');
  await expectRows(page, second!.data);
  // The new page is read from its top: focus moves to the table, and Tab reaches its rows.
  await expect(turmas.table).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(turmas.pageCheckbox).toBeFocused();
  // Just before "next" in the tab order comes the last page's own button.
  await turmas.pagerButton('Próxima página').focus();
  await page.keyboard.press('Shift+Tab');
  const lastLabel = `Página ${numbers.format(lastPage)} de ${numbers.format(lastPage)}`;
  await expect(turmas.pagerButton(lastLabel)).toBeFocused();
  await page.keyboard.press('Enter');
  await expectRows(page, last!.data);
  await expectUrlParams(page, { page: String(lastPage) });
  await turmas.pagerButton('Primeira página').focus();
  await page.keyboard.press('Space');
  await expectRows(page, first!.data);
  await expectUrlParams(page, {});

  // "/" jumps to the search from anywhere but a field, and is not typed into it.
  await page.keyboard.press('/');
  await expect(turmas.search).toBeFocused();
  await expect(turmas.search).toHaveValue('');
  await page.keyboard.type('física');
  await page.keyboard.press('Enter');
  await expect(turmas.status).toHaveText(foundText(found.totalRecords));
  await expectRows(page, found.data);
  await expectUrlParams(page, { q: 'física' });

  // Tab moves along the header buttons; Enter and Space press them.
  await turmas.sortButton('Nome').focus();
  await page.keyboard.press('Tab');
  await expect(turmas.sortButton('Alunos')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(turmas.header('Alunos')).toHaveAttribute('aria-sort', 'descending');
  await expectRows(page, mostStudents.data);
  await page.keyboard.press('Space');
  await expect(turmas.header('Alunos')).toHaveAttribute('aria-sort', 'ascending');
  await expectRows(page, fewestStudents.data);
  await expect(turmas.sortButton('Alunos')).toBeFocused();
  await expectUrlParams(page, { q: 'física', sort: 'countStudents' });
});

test('a search that finds nothing says so and offers to clear it', async ({
  page,
  request,
  token,
}) => {
  const nothing = await listClasses(request, token, { query: 'xilofone' });
  expect(nothing.totalRecords).toBe(0);
  const firstPage = await listClasses(request, token);

  await signIn(page, token);
  const turmas = turmasPage(page);
  await turmas.search.fill('xilofone');
  await turmas.search.press('Enter');

  await expect(turmas.status).toHaveText('Nenhuma turma encontrada');
  await expect(
    page.getByText('Nenhuma turma tem “xilofone” no nome.', { exact: false }),
  ).toBeVisible();
  await expect(turmas.table).toBeHidden();
  await expectNoAxeViolations(page);

  await turmas.clearSearchInEmptyState.click();
  await expect(turmas.status).toHaveText(totalText(firstPage.totalRecords));
  await expectRows(page, firstPage.data);
  await expect(turmas.search).toHaveValue('');
  await expectUrlParams(page, {});
});

test('a failed load says so and retries on request', async ({
  page,
  request,
  token,
  consoleErrors,
}) => {
  const firstPage = await listClasses(request, token);
  await signIn(page, token);

  // From now on the list answers with the API's Error body, as a failing server would.
  consoleErrors.allowFailedResponses(500);
  const isList = (url: URL) => url.pathname === '/v1/classe';
  await page.route(isList, (route) =>
    route.fulfill({ status: 500, json: { status: '500', message: 'database unavailable' } }),
  );
  await page.reload();

  const alert = page.getByRole('alert').filter({ hasText: 'Não foi possível carregar as turmas' });
  // The console retries a 5xx twice (after 1 s, then 2 s) before it gives up.
  await expect(alert).toBeVisible({ timeout: 10_000 });
  await expect(alert).toContainText('O servidor encontrou um erro (código 500).');
  await expect(turmasPage(page).table).toBeHidden();
  await expectNoAxeViolations(page);

  await page.unroute(isList);
  await alert.getByRole('button', { name: 'Tentar novamente' }).click();
  await expectRows(page, firstPage.data);
  await expect(alert).toBeHidden();
});

test('is accessible in dark mode, with a selection', async ({ page, request, token }) => {
  const firstPage = await listClasses(request, token);
  // The console follows the operating system's scheme until someone picks one.
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, token);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

  const turmas = turmasPage(page);
  await expectRows(page, firstPage.data);
  await turmas.rowCheckbox(firstPage.data[0]!).check();
  await turmas.rowCheckbox(firstPage.data[1]!).check();
  await expect(turmas.trayCount).toHaveText('2 turmas selecionadas');
  await expectNoAxeViolations(page);
});
