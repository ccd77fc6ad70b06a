/**
 * A bulk run through a real outage: the server is stopped mid-run and started again on the same
 * port with the same database. The run pauses itself, says so, probes /v1/health, goes on by
 * itself when the server is back, and no line ends as failed because of the outage.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer, type ServerOptions } from '../server/server.ts';
import {
  countsOf,
  expect,
  expectNoAxeViolations,
  listClasses,
  OVER_THE_PAGE,
  signIn,
  test as base,
  turmasPage,
} from './support';

interface RestartableServer {
  url: string;
  token: string;
  /** Stops answering: the port refuses connections until `start`. */
  stop: () => Promise<void>;
  /** The same server again: same port, same database, same token. */
  start: () => Promise<void>;
}

/** This file's own server, one per test, that the test can stop and start again. */
const test = base.extend<{ restartable: RestartableServer }>({
  restartable: async ({ demoClasses }, use) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'turmas-e2e-outage-'));
    const token = randomBytes(24).toString('base64url');
    const options: ServerOptions = {
      dataDir,
      tokens: [token],
      staticDir: process.env.E2E_DIST_DIR ?? 'dist',
      seedClasses: demoClasses,
      log: () => {},
    };
    let server: RunningServer | null = await startServer(options);
    const { port, url } = server;
    try {
      await use({
        url,
        token,
        stop: async () => {
          await server?.close();
          server = null;
        },
        start: async () => {
          server ??= await startServer({ ...options, port });
        },
      });
    } finally {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stop() nulls it
      await server?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
  baseURL: async ({ restartable }, use) => use(restartable.url),
  token: async ({ restartable }, use) => use(restartable.token),
});

const STUDENTS = 40;

test('a run pauses itself while the server is down, and finishes on its own when it is back', async ({
  page,
  request,
  token,
  restartable,
  consoleErrors,
}) => {
  // Calls refused while the server is down: on purpose.
  consoleErrors.allowNetworkFailures();
  await signIn(page, token);
  const turmas = (await listClasses(request, token, { pageSize: 1 })).data;
  const before = await countsOf(request, token, turmas);
  const tag = Date.now();
  const list = [
    'nome;e-mail',
    ...Array.from(
      { length: STUDENTS },
      (_, i) => `Aluno ${i + 1};aluno.${i + 1}.${tag}@escola.test`,
    ),
  ].join('\n');

  // The first 8 calls go through; the rest wait at the door until the server has been stopped.
  let calls = 0;
  let letThrough!: () => void;
  const stopped = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route('**/v1/classe/add-student', async (route) => {
    calls += 1;
    if (calls > 8) await stopped;
    await route.continue();
  });
  let probes = 0;
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/v1/health') probes += 1;
  });

  await turmasPage(page).rowCheckbox(turmas[0]!).check();
  await page.getByRole('button', { name: 'Matricular ou remover em lote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Matrícula em lote' });
  await dialog.getByRole('textbox', { name: 'Cole a lista de alunos' }).fill(list);
  await dialog.getByRole('button', { name: 'Revisar a lista' }).click();
  await dialog.getByRole('button', { name: `Matricular ${STUDENTS} alunos em 1 turma` }).click();

  const progress = dialog.getByRole('progressbar', { name: 'Andamento' });
  await expect(progress).toHaveAttribute('aria-valuenow', '8');
  await restartable.stop();
  letThrough();

  // Paused, with the reason; nothing failed, nothing more is counted, the estimate stands.
  const status = dialog.getByRole('status').filter({ hasText: 'Servidor indisponível' });
  await expect(status).toHaveText('Servidor indisponível');
  // Counted down a second at a time (every 5 s it tries); the button tries at once.
  await expect(dialog.getByText('Tentando de novo em 4 s.')).toBeVisible();
  await expect(dialog.getByText('Tentando de novo em 3 s.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Tentar agora' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Continuar' })).toBeHidden();
  const term = (name: string) =>
    dialog.getByRole('term').filter({ hasText: name }).locator('xpath=following-sibling::dd');
  await expect(term('Com falha')).toHaveText('0');
  const eta = await term('Tempo restante').textContent();
  await expect.poll(() => probes, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await expect(status).toBeVisible();
  await expect(term('Tempo restante')).toHaveText(eta!);
  await expect(term('Com falha')).toHaveText('0');
  await expect(progress).toHaveAttribute('aria-valuenow', '8');
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  await restartable.start();
  await expect(dialog.getByRole('heading', { name: 'Envio concluído' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(dialog.getByRole('term')).toHaveText(['Matriculados']);
  await expect(dialog.getByRole('definition')).toHaveText([String(STUDENTS)]);
  await expect(dialog.getByRole('button', { name: /^Tentar de novo/ })).toBeHidden();
  expect(await countsOf(request, token, turmas)).toEqual([before[0]! + STUDENTS]);
});
