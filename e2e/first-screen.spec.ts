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
    // Before the app's code runs, nothing has asked the API for anything.
    expect(sent.filter(isApi)).toEqual([]);

    release();
    await expect(page.locator('tbody tr').nth(5)).toContainText(/\S/);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    expect(await adopted()).toBe(true);
    expect(await boxes(page, visit)).toEqual(shell);
    expect(await layoutShift()).toBeLessThanOrEqual(0.01);
    // The token goes to the API in its header, never in a request for the page or its files.
    for (const request of sent.filter((request) => !isApi(request))) {
      expect(JSON.stringify(await request.allHeaders()), request.url()).not.toContain(token);
    }
  });
}

test("on a phone's width, the extensions' late controls move nothing on the first screen", async ({
  page,
  token,
}) => {
  const load = await loadAcrossLateControls(page, token, { expiringButtons: 1 });
  expect(load.hydrated).toEqual(load.shell);
  expect(load.layoutShift).toBeLessThanOrEqual(0.01);
});
