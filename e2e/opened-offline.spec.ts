/**
 * A console opened while the browser is offline, with no `online` or `offline` event since: it
 * says it waits for the connection (TanStack's onlineManager starts from `navigator.onLine`,
 * src/app/query-client.ts), not that the server failed, and loads once the connection is back.
 */
import { expect, signIn, test, turmasPage } from './support';

test('the turmas list opened offline waits for the connection, then loads', async ({
  page,
  token,
  consoleErrors,
}) => {
  // The shell's first list request is sent before the app runs, and fails offline.
  consoleErrors.allowNetworkFailures();
  // Chromium's offline emulation would not load the page itself: the page loads, and the browser
  // says it is offline from the start, as for a console kept open overnight and reloaded.
  await page.addInitScript(() => {
    const state = window as unknown as { e2eOffline: boolean };
    state.e2eOffline = true;
    Object.defineProperty(Navigator.prototype, 'onLine', {
      configurable: true,
      get: () => !state.e2eOffline,
    });
  });
  await page.route('**/v1/**', (route) => route.abort('internetdisconnected'));

  await signIn(page, token);
  const offline = page.getByRole('alert').filter({ hasText: 'Sem conexão com a internet' });
  await expect(offline).toContainText('A lista será carregada assim que a conexão voltar.');
  await expect(page.getByText('Não foi possível carregar as turmas')).toBeHidden();

  await page.unroute('**/v1/**');
  await page.evaluate(() => {
    (window as unknown as { e2eOffline: boolean }).e2eOffline = false;
    window.dispatchEvent(new Event('online'));
  });
  await expect(offline).toBeHidden();
  await expect(turmasPage(page).table.locator('tbody tr').first()).toBeVisible();
});

test('where the browser wrongly says it is offline, "Tentar novamente" loads the list', async ({
  page,
  token,
}) => {
  // Some set-ups report offline while the network works (TanStack/query#5714): no event comes.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
  });

  await signIn(page, token);
  const offline = page.getByRole('alert').filter({ hasText: 'Sem conexão com a internet' });
  await offline.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(offline).toBeHidden();
  await expect(turmasPage(page).table.locator('tbody tr').first()).toBeVisible();
});
