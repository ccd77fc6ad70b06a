/**
 * The session around the turmas page: where the token is kept, what happens when the API stops
 * accepting it mid-session, and the shell's language and colour-scheme choices.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  OVER_THE_PAGE,
  signIn,
  signInThroughGate,
  test,
  turmasPage,
} from './support';

const isList = (url: URL) => url.pathname === '/v1/classe';

function gate(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Entrar' }),
    tokenField: page.getByLabel('Token de acesso', { exact: true }),
    remember: page.getByRole('checkbox', { name: 'Lembrar neste dispositivo' }),
    submit: page.getByRole('button', { name: 'Entrar' }),
  };
}

test('keeps the token for the tab, or on the device when asked to', async ({
  page,
  context,
  token,
}) => {
  // Default: the token dies with the tab. A new tab of the same browser asks again.
  await signInThroughGate(page, token);
  const sameBrowserTab = await context.newPage();
  await sameBrowserTab.goto('/');
  await expect(gate(sameBrowserTab).heading).toBeVisible();
  await expect(gate(sameBrowserTab).remember).not.toBeChecked();

  // Remembered: a tab opened after this one was closed is signed in at once.
  await gate(sameBrowserTab).remember.check();
  await gate(sameBrowserTab).tokenField.fill(token);
  await gate(sameBrowserTab).submit.click();
  await expect(turmasPage(sameBrowserTab).heading).toBeVisible();
  await sameBrowserTab.close();
  const later = await context.newPage();
  await later.goto('/');
  await expect(turmasPage(later).table).toBeVisible();
  expect(later.url()).not.toContain(token);

  // Signing out forgets it on the device too.
  await later.getByRole('button', { name: 'Sair' }).click();
  await expect(gate(later).heading).toBeVisible();
  await later.close();
  const afterSignOut = await context.newPage();
  await afterSignOut.goto('/');
  await expect(gate(afterSignOut).heading).toBeVisible();
});

test('signing out in one tab signs out the other tabs, each with its own token', async ({
  page,
  context,
  token,
}) => {
  await signInThroughGate(page, token);
  const otherTab = await context.newPage();
  await signInThroughGate(otherTab, token);
  await expect(turmasPage(otherTab).table).toBeVisible();

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(gate(page).heading).toBeVisible();
  await expect(gate(otherTab).heading).toBeVisible();
  await expect(turmasPage(otherTab).table).toHaveCount(0);
  await otherTab.reload();
  await expect(gate(otherTab).heading).toBeVisible();
});

test('asks for a new token over the page when the session expires, then recovers the list', async ({
  page,
  token,
  consoleErrors,
}) => {
  // Queries stay fresh for 30 s; a controllable clock lets the test make them stale at once.
  await page.clock.install();
  await signIn(page, token);
  const turmas = turmasPage(page);
  await expect(turmas.table.getByRole('row').nth(1)).toBeVisible();

  // The server stops accepting the token: the next list request answers 401.
  consoleErrors.allowFailedResponses(401);
  await page.route(
    isList,
    (route) =>
      route.fulfill({ status: 401, json: { status: '401', message: 'Invalid or expired token' } }),
    { times: 1 },
  );
  // Coming back to the tab after a while refetches what is stale, as TanStack Query does on focus.
  await page.clock.fastForward('00:31');
  await page.evaluate(() =>
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
  );

  const dialog = page.getByRole('dialog', { name: 'Sua sessão expirou' });
  await expect(dialog).toBeVisible();
  const tokenField = dialog.getByLabel('Token de acesso', { exact: true });
  await expect(tokenField).toBeFocused();
  // The page is still there underneath, not replaced by the gate.
  await expect(turmas.heading).toBeAttached();
  await expect(gate(page).heading).toBeHidden();
  // Only a good token gets rid of it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  // The whole page: beneath the dialog it is inert, its banner and landmarks not met twice.
  await expectNoAxeViolations(page);

  await tokenField.fill(token);
  await tokenField.press('Enter');

  await expect(dialog).toBeHidden();
  await expect(turmas.table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText('Não foi possível carregar as turmas')).toBeHidden();
});

test('switches to English and keeps it across a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');

  await page.getByRole('button', { name: 'English' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Português' })).toBeVisible();
});

test('turns dark on request, keeps it, and passes axe in dark mode', async ({
  page,
  token,
  consoleErrors,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

  await page.getByRole('button', { name: 'Usar tema escuro' }).click();

  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const toLight = page.getByRole('button', { name: 'Usar tema claro' });
  await expect(toLight).toBeVisible();
  // The gate, also with its error text showing.
  await expectNoAxeViolations(page);
  consoleErrors.allowFailedResponses(401);
  await gate(page).tokenField.fill('not-the-token');
  await gate(page).submit.click();
  await expect(page.getByText('Este token não foi aceito.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await signIn(page, token);
  await expect(turmasPage(page).table.getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(page);

  await toLight.click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('is dark from the first paint for people whose system is dark', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  // Without the app's own code, only public/shell.js can have set the scheme: it is what
  // runs before the first paint.
  await page.route('**/assets/*.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

  // A stored choice beats the system's.
  await page.evaluate(() => localStorage.setItem('turmas-admin.color-scheme', 'light'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('shows the session-expired dialog accessibly in dark mode', async ({
  page,
  token,
  consoleErrors,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.clock.install();
  await signIn(page, token);
  await expect(turmasPage(page).table.getByRole('row').nth(1)).toBeVisible();

  consoleErrors.allowFailedResponses(401);
  await page.route(isList, (route) =>
    route.fulfill({ status: 401, json: { status: '401', message: 'Invalid or expired token' } }),
  );
  await page.clock.fastForward('00:31');
  await page.evaluate(() =>
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
  );
  const dialog = page.getByRole('dialog', { name: 'Sua sessão expirou' });
  await expect(dialog).toBeVisible();

  // A refused token inside the dialog: its error text must be readable on the dark surface.
  await dialog.getByLabel('Token de acesso', { exact: true }).fill('not-the-token');
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(dialog.getByText('Este token não foi aceito.')).toBeVisible();
  await expectNoAxeViolations(page, OVER_THE_PAGE);
});
