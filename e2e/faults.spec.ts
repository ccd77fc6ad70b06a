/**
 * The console under network and server faults injected between it and the real server: a message
 * in the person's language, a retry where it helps, and never a white screen.
 */
import type { Page, Route } from '@playwright/test';
import {
  countsOf,
  expect,
  expectNoAxeViolations,
  listClasses,
  signIn,
  test,
  turmasPage,
  type ConsoleErrors,
} from './support';

const isList = (url: URL) => url.pathname === '/v1/classe';

const LOAD_FAILED = 'Não foi possível carregar as turmas';
const MESSAGES = {
  unreachable: 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
  server: (status: number) =>
    status === 503
      ? 'Serviço ocupado ou indisponível (código 503). Tente de novo em instantes.'
      : `O servidor encontrou um erro (código ${status}). Tente novamente em instantes.`,
  rejected: (status: number) => `O servidor recusou a solicitação (código ${status}).`,
  contract: 'O servidor respondeu em um formato inesperado.',
};

test.describe.configure({ mode: 'parallel' });

/**
 * Signs in with the list healthy, then makes every list request meet `fault` and reloads, so
 * the failure is met on a first load. Counts the requests for page 1 the fault answered.
 */
async function loadWithFault(
  page: Page,
  token: string,
  fault: (route: Route) => Promise<void>,
): Promise<{ count: () => number }> {
  await signIn(page, token);
  // The healthy first load is over before the fault starts, so only the reload's requests count:
  // a turma's name on screen, not just a row (the loading rows are rows too, and with them the
  // request could still be on its way, or retried, and counted as the reload's).
  await expect(turmasPage(page).nameCells.first()).toHaveText(/\S/);
  let count = 0;
  await page.route(isList, async (route) => {
    // Page 1 only: the healthy page's prefetch of page 2 may still leave as the fault begins.
    if ((new URL(route.request().url()).searchParams.get('page') ?? '1') === '1') count += 1;
    await fault(route);
  });
  await page.reload();
  return { count: () => count };
}

async function expectFailure(page: Page, text: string) {
  const alert = page.getByRole('alert').filter({ hasText: LOAD_FAILED });
  // Transient failures are retried twice (after 1 s, then 2 s) before the console gives up.
  await expect(alert).toBeVisible({ timeout: 10_000 });
  await expect(alert).toContainText(text);
  // The page around it stays: heading, search, the way out.
  await expect(turmasPage(page).heading).toBeVisible();
  await expect(turmasPage(page).search).toBeVisible();
  await expect(turmasPage(page).table).toBeHidden();
  return alert;
}

/** Lets the real server answer again, then checks the alert's retry brings the rows. */
async function expectRecovery(page: Page, alert: ReturnType<Page['getByRole']>) {
  await page.unroute(isList);
  await alert.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(turmasPage(page).nameCells.first()).toHaveText(/\S/);
  await expect(alert).toBeHidden();
}

/**
 * Moves the page's clock (installed before the page loaded) past every retry delay the console
 * could use (1 s, then 2 s), so any retry timer fires and sends its request, then waits until the
 * route has seen every such request: a fetch of the page's own, sent after them, comes back only
 * once the route has let it through, and the route meets requests in the order they were sent.
 */
async function runPastEveryRetry(page: Page) {
  await page.clock.runFor(10_000);
  await page.evaluate(async () => {
    await fetch('/favicon.svg', { cache: 'no-store' });
  });
}

function allowStatus(consoleErrors: ConsoleErrors, status: number) {
  consoleErrors.allowFailedResponses(status);
}

test('an unreachable API: says so, retries with backoff, recovers on request', async ({
  page,
  token,
  consoleErrors,
}) => {
  consoleErrors.allowNetworkFailures();
  const fault = await loadWithFault(page, token, (route) => route.abort('connectionrefused'));
  const alert = await expectFailure(page, MESSAGES.unreachable);
  // The first try and two retries, no more.
  expect(fault.count()).toBe(3);
  await expectNoAxeViolations(page);
  await expectRecovery(page, alert);
});

for (const { status, body, contentType } of [
  // A crashed server behind a proxy that renders its own page.
  {
    status: 500,
    body: '<html><body><h1>Internal Server Error</h1></body></html>',
    contentType: 'text/html',
  },
  { status: 502, body: '<html><body>Bad gateway</body></html>', contentType: 'text/html' },
  {
    status: 503,
    body: JSON.stringify({ status: '503', message: 'maintenance' }),
    contentType: 'application/json',
  },
  { status: 504, body: '', contentType: 'text/plain' },
]) {
  test(`a ${status} (${contentType || 'empty'}): says the server failed, retried twice`, async ({
    page,
    token,
    consoleErrors,
  }) => {
    allowStatus(consoleErrors, status);
    const fault = await loadWithFault(page, token, (route) =>
      route.fulfill({ status, body, contentType }),
    );
    const alert = await expectFailure(page, MESSAGES.server(status));
    // The server's own text (an HTML page) is never shown.
    await expect(alert).not.toContainText('Internal Server Error');
    expect(fault.count()).toBe(3);
    await expectRecovery(page, alert);
  });
}

test('a 4xx is not retried: it would answer the same', async ({ page, token, consoleErrors }) => {
  await page.clock.install();
  allowStatus(consoleErrors, 400);
  const fault = await loadWithFault(page, token, (route) =>
    route.fulfill({ status: 400, json: { status: '400', message: 'sortBy: must be one of …' } }),
  );
  await expectFailure(page, MESSAGES.rejected(400));
  await runPastEveryRetry(page);
  expect(fault.count()).toBe(1);
});

for (const [what, body] of [
  ['malformed JSON', '{"data": [{"id": "1", '],
  ['countStudents as a string', null],
  ['no `data`', JSON.stringify({ totalRecords: 3 })],
] as const) {
  test(`a 200 with ${what}: says the answer was unexpected, not retried`, async ({
    page,
    request,
    token,
  }) => {
    await page.clock.install();
    const truth = await listClasses(request, token);
    const broken =
      body ??
      JSON.stringify({
        ...truth,
        data: truth.data.map((turma) => ({ ...turma, countStudents: String(turma.countStudents) })),
      });
    const fault = await loadWithFault(page, token, (route) =>
      route.fulfill({ status: 200, body: broken, contentType: 'application/json' }),
    );
    const alert = await expectFailure(page, MESSAGES.contract);
    await runPastEveryRetry(page);
    expect(fault.count()).toBe(1);
    await expectRecovery(page, alert);
  });
}

test('the network drops while the rows are on screen: the rows stay, marked as not refreshed', async ({
  page,
  token,
  consoleErrors,
}) => {
  // A request still on its way when the network drops (the next page's prefetch, code loaded at
  // idle) fails, and the browser logs that: what the drop does, not a fault of the console's.
  consoleErrors.allowNetworkFailures();
  await signIn(page, token);
  const turmas = turmasPage(page);
  await expect(turmas.table.locator('tbody tr').first()).toBeVisible();

  await page.context().setOffline(true);
  await expect(
    page.getByText('Sem conexão com a internet. A lista abaixo é a última carregada.'),
  ).toBeVisible();
  await expect(turmas.table.locator('tbody tr').first()).toBeVisible();

  // A search that cannot run: the rows kept are marked as another list's, and stay readable
  // (AA) in both themes once they are marked (the table's transitions finished).
  const [name] = await turmas.names();
  await turmas.search.fill(name!);
  await expect(page.getByText(/^Sem conexão — mostrando a lista sem busca/)).toBeVisible();
  await expect(turmas.table).toHaveAttribute('aria-busy', 'true');
  const settle = () =>
    turmas.table.evaluate((table) =>
      Promise.all(table.getAnimations({ subtree: true }).map((running) => running.finished)),
    );
  await settle();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Usar tema escuro' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await settle();
  await expectNoAxeViolations(page);

  await page.context().setOffline(false);
  await expect(page.getByText('Sem conexão com a internet.', { exact: false })).toBeHidden();
  await expect(turmas.table.locator('tbody tr').first()).toBeVisible();
});

test('a request that never answers times out: says so, retried twice, then recovers', async ({
  page,
  token,
  consoleErrors,
}) => {
  consoleErrors.allowNetworkFailures();
  // The deployment's own config (public/config.js) with a short timeout, so the test need not
  // wait out the default 15 s three times.
  await page.route('**/config.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: "window.__TURMAS_CONFIG__ = { apiBaseUrl: '/v1', requestTimeoutMs: 1000 };",
    }),
  );
  // Never answered: the console gives up on its own.
  const fault = await loadWithFault(page, token, () => new Promise<void>(() => {}));
  const alert = await expectFailure(
    page,
    'O servidor demorou demais para responder. Tente novamente.',
  );
  expect(fault.count()).toBe(3);
  await expectRecovery(page, alert);
});

test('the network drops while the enrol form is sent: the form stays filled, and the retry enrols', async ({
  page,
  request,
  token,
  consoleErrors,
}) => {
  consoleErrors.allowNetworkFailures();
  await signIn(page, token);
  const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;
  const [before] = await countsOf(request, token, [turma!]);
  await page.route(
    (url) => url.pathname.endsWith('/add-student'),
    (route) => route.abort('internetdisconnected'),
    { times: 1 },
  );

  await page
    .getByRole('button', { name: `Matricular aluno em ${turma!.name}`, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Matricular aluno' });
  const name = dialog.getByLabel('Nome do aluno');
  const email = dialog.getByRole('textbox', { name: 'E-mail do aluno' });
  await name.fill('Bruna Queda de Rede');
  await email.fill(`bruna.${Date.now()}@escola.test`);
  await dialog.getByRole('button', { name: 'Matricular em 1 turma' }).click();

  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(MESSAGES.unreachable);
  await expect(name).toHaveValue('Bruna Queda de Rede');
  expect(await countsOf(request, token, [turma!])).toEqual([before]);

  await alert.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(dialog.getByText('Matrícula feita')).toBeVisible();
  expect(await countsOf(request, token, [turma!])).toEqual([before! + 1]);
});

test('code that cannot load: the page stays up, a form says so and opens on the retry', async ({
  page,
  request,
  token,
  consoleErrors,
}) => {
  consoleErrors.allowNetworkFailures();
  // The session-expired dialog's code, loaded at idle, and the enrol form's: both fail to come.
  let cut = true;
  let idleCodeCut = false;
  await page.route(
    /\/assets\/(session-expired-dialog|enrolment-dialog)-[^/]+\.js$/,
    async (route) => {
      if (!cut) return route.continue();
      await route.abort('internetdisconnected');
      if (route.request().url().includes('/session-expired-dialog-')) idleCodeCut = true;
    },
  );
  await signIn(page, token);
  const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;
  const row = turmasPage(page).row(turma!);
  // The code loaded at idle has been asked for, and cut, before the click.
  await expect.poll(() => idleCodeCut).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Turmas' })).toBeVisible();

  await row.enrol.click();
  const alert = page.getByRole('alert').filter({ hasText: 'Não foi possível abrir o formulário' });
  await expect(alert).toContainText('Verifique a conexão com a internet e tente de novo.');
  await expect(turmasPage(page).table).toBeVisible();
  await expectNoAxeViolations(page);

  cut = false;
  await alert.getByRole('button', { name: 'Tentar novamente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Matricular aluno' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Turmas' })).toContainText(turma!.name);
  await expect(alert).toHaveCount(0);
});
