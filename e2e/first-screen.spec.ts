/**
 * The first screen is in the HTML the server sends (prerendered at build time), and
 * public/shell.js shows the one for this visit before the first paint: the sign-in gate or the
 * signed-in page, in the person's language and colour scheme. The app then hydrates it without
 * moving anything (decision 005); a mismatch would be a console error, which fails the test.
 */
import type { Request } from '@playwright/test';
import {
  boxes,
  holdAppCode,
  isApi,
  loadAcrossLateControls,
  markElements,
  recordLayoutShifts,
  shownRows,
  signedInTab,
} from './first-screen-support';
import { expect, test } from './support';

test('a first visit sees the sign-in gate before the app runs, then the app in its place', async ({
  page,
}) => {
  const layoutShift = await recordLayoutShifts(page);
  const release = await holdAppCode(page);
  await page.goto('/', { waitUntil: 'commit' });
  const names = { heading: 'Entrar', field: 'Token de acesso' };
  await expect(page.getByRole('heading', { level: 1, name: names.heading })).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('inert');
  const shell = await boxes(page, names);
  const adopted = await markElements(page, ['header', 'h1', 'input']);

  release();
  await expect(page.getByLabel(names.field, { exact: true })).toBeFocused();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  expect(await adopted()).toBe(true);
  expect(await boxes(page, names)).toEqual(shell);
  expect(await layoutShift()).toBeLessThanOrEqual(0.01);
});

for (const visit of [
  {
    locale: 'pt-BR',
    scheme: 'light',
    heading: 'Turmas',
    field: 'Buscar turmas',
    toggle: 'Usar tema escuro',
  },
  {
    locale: 'en',
    scheme: 'dark',
    heading: 'Classes',
    field: 'Search classes',
    toggle: 'Use light theme',
  },
] as const) {
  test(`a signed-in visit in ${visit.locale}, ${visit.scheme}, sees its page at once, the token kept in the browser`, async ({
    page,
    token,
  }) => {
    await signedInTab(page, token);
    await page.emulateMedia({ colorScheme: visit.scheme });
    await page.evaluate(
      (locale) => localStorage.setItem('turmas-admin.locale', locale),
      visit.locale,
    );
    const layoutShift = await recordLayoutShifts(page);
    const sent: Request[] = [];
    page.on('request', (request) => sent.push(request));
    const release = await holdAppCode(page);
    await page.goto('/', { waitUntil: 'commit' });

    await expect(page.getByRole('heading', { level: 1, name: visit.heading })).toBeVisible();
    await expect(page.getByLabel(visit.field, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: visit.toggle })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', visit.locale);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', visit.scheme);
    const shell = await boxes(page, visit);
    const adopted = await markElements(page, ['header', 'h1', 'input[type="search"]', 'table']);
    // Before the app's code runs, the shell has asked for the first page, and for nothing else.
    const firstPage = '/v1/classe?page=1&pageSize=20&sortBy=name';
    const asked = () =>
      sent
        .filter(isApi)
        .map((request) => new URL(request.url()).pathname + new URL(request.url()).search);
    await expect.poll(asked).toEqual([firstPage]);
    // Its answer's rows are painted before the app's code runs, in the loading rows' place.
    await expect.poll(async () => (await shownRows(page)).length).toBe(20);
    const painted = await shownRows(page);
    await expect(page.locator('tbody[data-loading]')).toBeHidden();

    release();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.locator('tbody[data-first-rows]')).toHaveCount(0);
    expect(await adopted()).toBe(true);
    // The app's own rows took their place: the same elements, words and places.
    expect(await shownRows(page)).toEqual(painted);
    // The app took the shell's answer: the first page was asked for once.
    expect(asked().filter((url) => url === firstPage)).toHaveLength(1);
    expect(await boxes(page, visit)).toEqual(shell);
    expect(await layoutShift()).toBeLessThanOrEqual(0.01);
    // The token goes to the API in its header, never in a request for the page or its files.
    for (const request of sent.filter((request) => !isApi(request))) {
      expect(JSON.stringify(await request.allHeaders()), request.url()).not.toContain(token);
    }
  });
}

test('rows the shell cannot write as the app would are left to the app', async ({
  page,
  token,
}) => {
  await signedInTab(page, token);
  // Every row ever put where the shell paints.
  await page.addInitScript(() => {
    const record = window as unknown as { shellRows: number };
    record.shellRows = 0;
    new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.target instanceof Element && change.target.matches('tbody[data-first-rows]')) {
          record.shellRows += change.addedNodes.length;
        }
      }
    }).observe(document, { subtree: true, childList: true });
  });
  // An empty name is labelled by the app ("sem nome"): the shell paints no rows at all.
  await page.route('**/v1/classe?*', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { name: string }[] };
    body.data[3]!.name = ' ';
    await route.fulfill({ response: answer, json: body });
  });
  const release = await holdAppCode(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Turmas' })).toBeVisible();
  await expect(page.locator('tbody[data-loading]')).toBeVisible();

  release();
  await expect(page.locator('tbody tr').nth(3)).toContainText('(sem nome)');
  expect(await shownRows(page)).toHaveLength(20);
  // The shell had the answer before the app did, and painted nothing from it.
  expect(await page.evaluate(() => (window as unknown as { shellRows: number }).shellRows)).toBe(0);
});

test("on a phone's width, the extensions' late controls move nothing on the first screen", async ({
  page,
  token,
}) => {
  const load = await loadAcrossLateControls(page, token, { expiringButtons: 1 });
  expect(load.hydrated).toEqual(load.shell);
  expect(load.layoutShift).toBeLessThanOrEqual(0.01);
});
