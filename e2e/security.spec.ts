/**
 * What the API sends is data, never markup: a turma name or an API message carrying
 * HTML and script shows as the text it is, and nothing in it runs. The answers are the real
 * server's, with the hostile text put in by route interception.
 */
import { expect, listClasses, signIn, signInThroughGate, test, turmasPage } from './support';

const HOSTILE_NAME = '<img src=x onerror="window.__injected = \'name\'">Turma <b>9º A</b>';
const HOSTILE_MESSAGE = 'name: <img src=x onerror="window.__injected = \'message\'"> refused';

test('turma names and API messages with HTML and script render as inert text', async ({
  page,
  request,
  token,
  consoleErrors,
}) => {
  const firstPage = await listClasses(request, token);
  const [first] = firstPage.data;
  await page.route(
    (url) => url.pathname === '/v1/classe',
    async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as typeof firstPage;
      body.data = body.data.map((turma) =>
        turma.id === first!.id ? { ...turma, name: HOSTILE_NAME } : turma,
      );
      await route.fulfill({ response: answer, json: body });
    },
  );
  await signIn(page, token);
  const turmas = turmasPage(page);

  // The name, exactly as sent, as text in its cell; no element was made from it.
  await expect(turmas.nameCells.first()).toHaveText(HOSTILE_NAME);
  await expect(turmas.table.locator('img, b')).toHaveCount(0);

  // Ticked, it shows as text in the tray too, and in the enrol form's list of turmas.
  await turmas.rowCheckbox({ name: HOSTILE_NAME }).check();
  await expect(turmas.chip({ name: HOSTILE_NAME })).toBeVisible();
  await expect(turmas.tray.locator('img, b')).toHaveCount(0);

  // An API message with markup, shown in the form as the API's words.
  consoleErrors.allowFailedResponses(400);
  await page.route(
    (url) => url.pathname.endsWith('/add-student'),
    (route) => route.fulfill({ status: 400, json: { status: '400', message: HOSTILE_MESSAGE } }),
  );
  await page.getByRole('button', { name: `Matricular aluno em ${HOSTILE_NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Matricular aluno' });
  await expect(dialog.getByRole('list', { name: 'Turmas' })).toContainText(HOSTILE_NAME);
  await dialog.getByLabel('Nome do aluno').fill('Ana Inerte');
  await dialog.getByRole('textbox', { name: 'E-mail do aluno' }).fill('ana.inerte@escola.test');
  await dialog.getByRole('button', { name: 'Matricular em 1 turma' }).click();
  await expect(dialog).toContainText('<img src=x onerror=');
  await expect(dialog.locator('img')).toHaveCount(0);

  // Nothing ran, anywhere on the page.
  expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
});

test('the console breaks none of its own Content-Security-Policy', async ({ page, token }) => {
  // Every violation (zod probing for `new Function`, an inline style or script), as it happens.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as Window & { cspViolations?: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective}: ${event.blockedURI}`),
    );
  });
  await signInThroughGate(page, token);
  await expect(turmasPage(page).table.getByRole('row').nth(1)).toBeVisible();
  const violations = await page.evaluate(
    () => (window as Window & { cspViolations?: string[] }).cspViolations,
  );
  expect(violations).toEqual([]);
});
