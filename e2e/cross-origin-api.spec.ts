/**
 * The console served by one server, its config.js pointing `apiBaseUrl` at the API of a second
 * server process on another port (issue 17): the page's CSP follows config.js, and the API
 * answers CORS for the origins in its CORS_ORIGINS. Where it does not list the console's origin,
 * the console says the API's address or its CORS settings are the likely cause.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { classListResponseSchema, type ClassListResponse } from '#contract';
import { startServer, type RunningServer } from '../server/server.ts';
import { killAllMains, startMain, type MainProcess } from '../server/testing/main-process.ts';
import { expect, signInThroughGate, test, turmasPage } from './support';

const TOKEN = randomBytes(24).toString('base64url');

let work: string;
let consoleServer: RunningServer;
/** CORS_ORIGINS lists the console's origin. */
let allowing: MainProcess;
/** CORS_ORIGINS unset, the default. */
let refusing: MainProcess;

test.beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'turmas-e2e-cross-origin-'));
  // A copy of the build of its own: each test writes its config.js.
  const dist = path.join(work, 'dist');
  await cp(process.env.E2E_DIST_DIR ?? 'dist', dist, { recursive: true });
  consoleServer = await startServer({
    dataDir: path.join(work, 'console-data'),
    tokens: [randomBytes(24).toString('base64url')],
    staticDir: dist,
    log: () => {},
  });
  const api = { API_TOKENS: TOKEN, SEED_CLASSES: '5', HOST: '127.0.0.1' };
  [allowing, refusing] = await Promise.all([
    startMain(path.join(work, 'allowing'), { ...api, CORS_ORIGINS: consoleServer.url }),
    startMain(path.join(work, 'refusing'), { ...api, CORS_ORIGINS: undefined }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([consoleServer.close(), allowing.terminate(), refusing.terminate()]);
  killAllMains();
  await rm(work, { recursive: true, force: true });
});

/** What operators do: point the console's config.js at `api`. No restart. */
async function pointConsoleAt(api: MainProcess) {
  const config = `window.__TURMAS_CONFIG__ = { apiBaseUrl: '${api.url}/v1' };\n`;
  await writeFile(path.join(work, 'dist', 'config.js'), config);
}

/** A page of turmas as `api` answers it, asked directly (no browser, no CORS). */
async function listClasses(api: MainProcess): Promise<ClassListResponse> {
  const answer = await fetch(`${api.url}/v1/classe?pageSize=100`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.status).toBe(200);
  return classListResponseSchema.parse(await answer.json());
}

test('lists and enrols through an API on another port that allows the console’s origin', async ({
  page,
}) => {
  await pointConsoleAt(allowing);
  // Every CSP violation, as it happens: a connect-src that did not follow config.js shows here.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as Window & { cspViolations?: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective}: ${event.blockedURI}`),
    );
  });
  const policy = page.waitForResponse(`${consoleServer.url}/`);

  await signInThroughGate(page, TOKEN, `${consoleServer.url}/`);
  expect((await policy).headers()['content-security-policy']).toContain(
    `connect-src 'self' ${allowing.url};`,
  );
  const turmas = turmasPage(page);
  const { data } = await listClasses(allowing);
  await expect.poll(() => turmas.names()).toEqual(data.map((turma) => turma.name));

  // A write: a preflight for POST with a JSON body and the token, then the call.
  const [turma] = data;
  await turmas.row(turma!).enrol.click();
  const dialog = page.getByRole('dialog', { name: 'Matricular aluno' });
  await dialog.getByLabel('Nome do aluno').fill('Ana de Outro Site');
  const email = `ana.${Date.now()}@outro-site.test`;
  await dialog.getByRole('textbox', { name: 'E-mail do aluno' }).fill(email);
  await dialog.getByRole('button', { name: 'Matricular em 1 turma' }).click();
  await expect(dialog.getByText('Matrícula feita')).toBeVisible();
  const after = await listClasses(allowing);
  expect(after.data.find((listed) => listed.id === turma!.id)?.countStudents).toBe(
    turma!.countStudents + 1,
  );

  expect(
    await page.evaluate(() => (window as Window & { cspViolations?: string[] }).cspViolations),
  ).toEqual([]);
});

test('an API that does not allow the console’s origin: the console names the likely cause', async ({
  page,
  consoleErrors,
}) => {
  await pointConsoleAt(refusing);
  // Chromium logs the refusal itself; the console must turn it into words for staff.
  consoleErrors.allowCorsRefusals();

  await page.goto(`${consoleServer.url}/`);
  await page.getByLabel('Token de acesso', { exact: true }).fill(TOKEN);
  await page.getByRole('button', { name: 'Entrar' }).click();

  await expect(page.getByRole('alert')).toContainText(
    `O navegador não conseguiu se comunicar com a API em ${refusing.url}, que fica em outro ` +
      'endereço. A causa provável é o endereço da API (apiBaseUrl em config.js) ou as ' +
      'configurações de CORS dela',
  );
  await expect(page.getByText('Verifique sua conexão')).toBeHidden();
});
