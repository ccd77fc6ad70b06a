import { expect, expectNoAxeViolations, listClasses, signInThroughGate, test } from './support';

test('signs in with the access token and lists the turmas', async ({
  page,
  request,
  token,
  consoleErrors,
}) => {
  await page.goto('/');

  const tokenField = page.getByLabel('Token de acesso', { exact: true });
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await expect(tokenField).toBeFocused();
  await expectNoAxeViolations(page);

  await tokenField.fill('not-the-token');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Este token não foi aceito.')).toBeVisible();
  await expect(tokenField).toHaveValue('not-the-token');
  await expectNoAxeViolations(page);

  // The server's own count is the truth the console must show.
  const { totalRecords } = await listClasses(request, token, { pageSize: 1 });
  expect(totalRecords).toBeGreaterThan(0);

  await tokenField.fill(token);
  await tokenField.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Turmas' })).toBeFocused();
  const total = `${new Intl.NumberFormat('pt-BR').format(totalRecords)} turmas`;
  await expect(page.getByRole('status')).toHaveText(total);
  const table = page.getByRole('table', { name: 'Lista de turmas' });
  // Header row plus the first page (20 turmas) or all of them when there are fewer.
  await expect(table.getByRole('row')).toHaveCount(1 + Math.min(totalRecords, 20));
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The token lives in sessionStorage only: never in the address bar.
  expect(page.url()).not.toContain(token);

  // Chromium logs every non-2xx response as a console error; the wrong token's 401 is expected,
  // and it is the only one.
  consoleErrors.allowFailedResponses(401);
  expect(consoleErrors.all).toEqual([
    'Failed to load resource: the server responded with a status of 401 (Unauthorized)',
  ]);
});

test('signing out returns to the gate and forgets the token', async ({ page, token }) => {
  await signInThroughGate(page, token);

  // A reload keeps the session (sessionStorage), sign-out ends it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Turmas' })).toBeVisible();

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
});
