/**
 * Bulk enrolment and removal from a CSV file, against the real reference API: a 60-line file
 * with 5 bad lines enrolled into two turmas, the results file downloaded and read back, then the
 * same file removed behind the typed count; and a run through injected 503s that still
 * completes. Counts always come from the server itself, before and after.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import type { Class } from '#contract';
import {
  countsOf,
  expect,
  expectNoAxeViolations,
  idInCsv,
  OVER_THE_PAGE,
  lineBreaksIn,
  listClasses,
  newTag,
  signIn,
  test,
  turmasPage,
} from './support';

let batchNumber = 0;

/**
 * A term's list as a Brazilian spreadsheet exports it: BOM, `;`, CRLF, a header, accents and a
 * quoted name holding the delimiter; `size` students, of which the last five lines are bad in
 * five different ways.
 */
function cohortCsv(size: number) {
  batchNumber += 1;
  const tag = `${Date.now()}.${batchNumber}`;
  const email = (n: number) => `aluno.${n}.${tag}@escola.test`;
  const good = Array.from({ length: size - 5 }, (_, index) => {
    const n = index + 1;
    const name = n === 7 ? '"Souza; Ana Júlia"' : `Aluno Lote ${n} Conceição`;
    return `${name};${email(n)};${n % 2 === 0 ? '31/12/2099' : ''}`;
  });
  const bad = [
    `;${email(9001)};`, // no name
    `Sem Arroba;sem-arroba.escola.test;`, // not an e-mail
    `Validade Vencida;${email(9003)};01/01/2020`, // expiry in the past
    `Repetido;${email(1).toUpperCase()};`, // the first student's address again
    `Data Torta;${email(9005)};31/02/2099`, // no such day
  ];
  const text = '\uFEFF' + ['nome;e-mail;validade', ...good, ...bad].join('\r\n') + '\r\n';
  return { text, valid: size - 5, email };
}

/** The results file's column titles, in pt-BR (the time zone is the browser's). */
const RESULTS_HEADER = [
  'Linha',
  'Nome na lista',
  'Nome na plataforma',
  'E-mail',
  expect.stringMatching(/^Validade anterior \(horário local, .+\)$/),
  'Validade anterior (ISO 8601, UTC)',
  expect.stringMatching(/^Validade nova \(horário local, .+\)$/),
  'Validade nova (ISO 8601, UTC)',
  'Resultado',
  'Detalhe',
];

function bulkDialog(page: Page, title = 'Matrícula em lote') {
  const dialog = page.getByRole('dialog', { name: title });
  return {
    dialog,
    removeMode: dialog.getByRole('radio', { name: 'Remover os alunos' }),
    pickFile: dialog.getByRole('button', { name: 'Escolher arquivo CSV' }),
    paste: dialog.getByRole('textbox', { name: 'Cole a lista de alunos' }),
    review: dialog.getByRole('button', { name: 'Revisar a lista' }),
    start: dialog.getByRole('button', { name: /^(Matricular|Remover) \d+ alunos? (em|de) / }),
    progress: dialog.getByRole('progressbar', { name: 'Andamento' }),
    finished: dialog.getByRole('heading', { name: 'Envio concluído' }),
    summary: dialog.getByRole('definition'),
    download: dialog.getByRole('button', { name: 'Baixar resultados (CSV)' }),
    newList: dialog.getByRole('button', { name: 'Nova lista' }),
    close: dialog.getByRole('button', { name: 'Fechar' }).filter({ hasText: 'Fechar' }),
  };
}

async function chooseFile(
  page: Page,
  button: ReturnType<typeof bulkDialog>['pickFile'],
  text: string,
) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (
    await chooser
  ).setFiles({
    name: 'turma-2027.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
}

/** Selects two turmas on the page and opens the bulk dialog with them. */
async function openWithTwoTurmas(page: Page, turmas: readonly Class[]) {
  const list = turmasPage(page);
  for (const turma of turmas) await list.rowCheckbox(turma).check();
  await page.getByRole('button', { name: 'Matricular ou remover em lote' }).click();
}

test('a 60-line CSV with 5 bad lines enrols exactly the 55 good ones into two turmas, reports every line, and the same file removes them again', async ({
  page,
  request,
  token,
  consoleErrors,
  apiExtensions,
}) => {
  // Over a hundred calls through the runner: longer than a journey (decision 009).
  test.setTimeout(90_000);
  // The removal meets three students who were never enrolled: the API's 404, on purpose.
  consoleErrors.allowFailedResponses(404);
  await signIn(page, token);
  const turmas = (await listClasses(request, token, { pageSize: 2 })).data;
  const before = await countsOf(request, token, turmas);
  // Many more students than the runner sends at once (4); a 1,000-line run is bench:bulk's.
  const cohort = cohortCsv(60);

  await openWithTwoTurmas(page, turmas);
  const bulk = bulkDialog(page);
  await chooseFile(page, bulk.pickFile, cohort.text);

  // The review: every bad line by number and reason, nothing sent yet.
  await expect(bulk.dialog.getByText('55 alunos prontos para enviar')).toBeVisible();
  for (const [line, reason] of [
    [57, 'Falta o nome.'],
    [58, 'E-mail inválido.'],
    [59, 'A validade já passou.'],
    [60, 'E-mail repetido: já está na linha 2.'],
    [61, 'Validade inválida'],
  ] as const) {
    await expect(bulk.dialog.getByRole('group', { name: `Linha ${line}` })).toContainText(reason);
  }
  expect(await countsOf(request, token, turmas)).toEqual(before);
  await expectNoAxeViolations(page);

  await expect(bulk.start).toHaveText(`Matricular 55 alunos em 2 turmas`);
  await bulk.start.click();
  await expect(bulk.finished).toBeVisible({ timeout: 60_000 });
  expect(await countsOf(request, token, turmas)).toEqual(before.map((count) => count! + 55));
  await expect(bulk.dialog.getByRole('term')).toHaveText(['Matriculados', 'Com problema']);
  await expect(bulk.summary).toHaveText(['55', '5']);
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  // The results file: every line of the input, the outcome of each, no formula left live.
  const download = page.waitForEvent('download');
  await bulk.download.click();
  const file = await readFile(await (await download).path(), 'utf8');
  expect(file.startsWith('\uFEFF')).toBe(true);
  const lines = Papa.parse<string[]>(file.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
  // A record to file: what, when, into which turmas (names and ids), then every line.
  expect(lines[0]).toEqual(['Operação', 'Matrícula em lote']);
  expect(lines[1]![0]).toBe('Enviado em');
  expect(lines.slice(2, 5)).toEqual([
    ['Turmas', '2'],
    ...turmas.map((turma) => ['Turma', turma.name, idInCsv(turma.id)]),
  ]);
  const header = lines.findIndex((row) => row[0] === 'Linha');
  expect(lines[header]).toEqual(RESULTS_HEADER);
  const rows = lines.slice(header + 1);
  expect(rows).toHaveLength(60);
  expect(rows.filter((row) => row[8] === 'Matriculado')).toHaveLength(55);
  // Line 8 has no expiry of its own: it went with the batch's (the end of the school year).
  expect(rows.find((row) => row[0] === '8')).toEqual([
    '8',
    'Souza; Ana Júlia',
    // A new student: the name typed is the platform's, and there was no expiry before.
    apiExtensions ? 'Souza; Ana Júlia' : '',
    cohort.email(7),
    apiExtensions ? 'Aluno novo' : 'Não verificada',
    '',
    expect.stringMatching(/^\d\d\/\d\d\/\d{4},? \d\d:\d\d$/),
    expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/),
    'Matriculado',
    '',
  ]);
  // Line 9's own expiry, 31/12/2099: the whole day, in the browser's time zone.
  expect(rows.find((row) => row[0] === '9')?.[6]).toMatch(/^31\/12\/2099,? 23:59$/);
  expect(rows.find((row) => row[0] === '60')?.slice(8)).toEqual([
    'Não enviado: linha com problema',
    'E-mail repetido: já está na linha 2.',
  ]);

  // The end of the term: the same file, removed behind the typed count.
  await bulk.newList.click();
  await bulk.removeMode.check();
  const removal = bulkDialog(page, 'Remoção em lote');
  await chooseFile(page, removal.pickFile, cohort.text);
  // Names and expiries do not matter to a removal: only the two bad addresses are held back.
  await expect(removal.dialog.getByText('58 alunos prontos para enviar')).toBeVisible();
  // Where the server can say who is registered, the three never enrolled are named at once.
  await expect(removal.dialog.getByText(/^Avisos:/)).toHaveText(
    apiExtensions ? ['Avisos: 3 e-mails não são de nenhum aluno cadastrado.'] : [],
  );
  await expect(removal.start).toBeDisabled();
  // The count to type is of the students to be removed: not the three it knows to be nobody.
  const removing = String(apiExtensions ? 55 : 58);
  const confirm = removal.dialog.getByRole('textbox', {
    name: `Para confirmar, digite quantos alunos serão removidos: ${removing}`,
  });
  await confirm.fill('57');
  await expect(removal.dialog.getByText('O número digitado não é o de alunos')).toBeVisible();
  await expect(removal.start).toBeDisabled();
  await confirm.fill(removing);
  await removal.start.click();
  await expect(removal.finished).toBeVisible({ timeout: 60_000 });
  // The three never enrolled (no name, past expiry, no such day) are not found; nothing changes.
  // The 55 were in both turmas: "Removido" where the console could look first.
  await expect(removal.dialog.getByRole('term')).toHaveText([
    apiExtensions ? 'Removidos' : 'Não estão mais na(s) turma(s)',
    'Não encontrados',
    'Com problema',
  ]);
  await expect(removal.summary).toHaveText(['55', '3', '2']);
  expect(await countsOf(request, token, turmas)).toEqual(before);
  // The table on the page shows the server's counts again once the run is over.
  await removal.close.click();
  await expect(turmasPage(page).row(turmas[0]!).students).toHaveText(String(before[0]));
});

/**
 * What a removal of `both` (in the two turmas), `one` (in the first only), `removed` (in neither)
 * and `nobody` (no student) reports: per turma with the students-by-email extension, and only
 * what is sure against a plain v1.
 */
function removalOutcomes(
  extensions: boolean,
  { both, one, removed, nobody }: Record<'both' | 'one' | 'removed' | 'nobody', string>,
  [first, second]: readonly Class[],
) {
  const left = (...turmas: Class[]) => `Saiu de: ${turmas.map(({ name }) => name).join(' e ')}.`;
  const notIn = (...turmas: Class[]) =>
    `Não estava em: ${turmas.map(({ name }) => name).join(' e ')} (nada mudou).`;
  if (!extensions) {
    // A plain v1 cannot say whether anyone was in a turma: only that they are not now.
    return {
      terms: ['Não estão mais na(s) turma(s)', 'Não encontrado'],
      counts: ['3', '1'],
      lines: [
        ['2', both, 'Não está mais na(s) turma(s)', ''],
        ['3', one, 'Não está mais na(s) turma(s)', ''],
        ['4', removed, 'Não está mais na(s) turma(s)', ''],
        ['5', nobody, 'Não encontrado', 'Nenhum aluno tem este e-mail.'],
      ],
    };
  }
  return {
    terms: ['Removidos', 'Não estava na(s) turma(s)', 'Não encontrado'],
    counts: ['2', '1', '1'],
    lines: [
      ['2', both, 'Removido', left(first!, second!)],
      ['3', one, 'Removido', `${left(first!)} ${notIn(second!)}`],
      ['4', removed, 'Não estava na(s) turma(s)', notIn(first!, second!)],
      ['5', nobody, 'Não encontrado', 'Nenhum aluno tem este e-mail.'],
    ],
  };
}

test('a removal says per line which turmas each student left and was not in, counts only real removals, and the results file says the same', async ({
  page,
  request,
  token,
  consoleErrors,
  apiExtensions,
}) => {
  // One e-mail belongs to nobody: the API's 404, on purpose.
  consoleErrors.allowFailedResponses(404);
  await signIn(page, token);
  const turmas = (await listClasses(request, token, { pageSize: 2 })).data;
  const tag = `${Date.now()}.${++batchNumber}`;
  const address = (name: string) => `${name}.${tag}@escola.test`;
  const [both, one, removed, nobody] = ['ambas', 'uma', 'removida', 'ninguem'].map(address) as [
    string,
    string,
    string,
    string,
  ];
  // In both turmas; in the first only; enrolled and removed already; never registered.
  const write = async (path: string, data: object, method: 'post' | 'delete' = 'post') => {
    const answer = await request[method](path, {
      headers: { Authorization: `Bearer ${token}` },
      data,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
  const classes = turmas.map(({ id }) => ({ id }));
  await write('/v1/classe/add-student', { name: 'Ana Ambas', email: both, classes });
  await write('/v1/classe/add-student', { name: 'Bia Uma', email: one, classes: [classes[0]] });
  await write('/v1/classe/add-student', { name: 'Caio Removido', email: removed, classes });
  await write('/v1/classe/remove-student', { email: removed, classes }, 'delete');
  const before = await countsOf(request, token, turmas);

  await openWithTwoTurmas(page, turmas);
  const bulk = bulkDialog(page);
  await bulk.removeMode.check();
  const removal = bulkDialog(page, 'Remoção em lote');
  await removal.paste.fill(['e-mail', both, one, removed, nobody].join('\n'));
  await removal.review.click();
  // Two lines would remove no one: the review says so before anything is sent.
  await expect(removal.dialog.getByText(/^Avisos:/)).toHaveText(
    apiExtensions
      ? [
          'Avisos: 1 e-mail não é de nenhum aluno cadastrado; 1 aluno não está em nenhuma das turmas escolhidas.',
        ]
      : [],
  );
  // Two students to remove where the review could tell, else every line.
  await removal.dialog
    .getByRole('textbox', { name: /digite quantos alunos/ })
    .fill(apiExtensions ? '2' : '4');
  await removal.start.click();
  await expect(removal.finished).toBeVisible({ timeout: 30_000 });

  // Only what happened: two removals (three turma places), one student in neither, one nobody.
  expect(await countsOf(request, token, turmas)).toEqual([before[0]! - 2, before[1]! - 1]);
  const expected = removalOutcomes(apiExtensions, { both, one, removed, nobody }, turmas);
  await expect(removal.dialog.getByRole('term')).toHaveText(expected.terms);
  await expect(removal.summary).toHaveText(expected.counts);
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  // The results file, read back: every line's outcome and detail as the table says them.
  const download = page.waitForEvent('download');
  await removal.download.click();
  const file = await readFile(await (await download).path(), 'utf8');
  // In the interface's language's delimiter (";" in pt-BR), whatever the list pasted had.
  const lines = Papa.parse<string[]>(file.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
  expect(lines[0]).toEqual(['Operação', 'Remoção em lote']);
  const header = lines.findIndex((row) => row[0] === 'Linha');
  const outcome = lines[header]!.indexOf('Resultado');
  expect(lines[header]!.slice(outcome)).toEqual(['Resultado', 'Detalhe']);
  const email = lines[header]!.indexOf('E-mail');
  expect(
    lines.slice(header + 1).map((row) => [row[0], row[email], row[outcome], row[outcome + 1]]),
  ).toEqual(expected.lines);
});

test('a run that meets 503s completes through retries, and every student is enrolled once', async ({
  page,
  request,
  token,
  consoleErrors,
}) => {
  // Over a hundred calls through the runner: longer than a journey (decision 009).
  test.setTimeout(90_000);
  consoleErrors.allowFailedResponses(503);
  await signIn(page, token);
  const turmas = (await listClasses(request, token, { pageSize: 2 })).data;
  const before = await countsOf(request, token, turmas);
  const cohort = cohortCsv(45); // 40 good students

  // Every third student's first try meets a 503 with a short Retry-After.
  const tries = new Map<string, number>();
  let refused = 0;
  await page.route('**/v1/classe/add-student', async (route) => {
    const email = (route.request().postDataJSON() as { email: string }).email;
    const count = (tries.get(email) ?? 0) + 1;
    tries.set(email, count);
    const n = Number(/^aluno\.(\d+)\./.exec(email)?.[1]);
    if (count === 1 && n % 3 === 0) {
      refused += 1;
      await route.fulfill({
        status: 503,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
        body: JSON.stringify({ status: '503', message: 'busy' }),
      });
    } else {
      await route.continue();
    }
  });

  await openWithTwoTurmas(page, turmas);
  const bulk = bulkDialog(page);
  await bulk.paste.fill(cohort.text.replace('\uFEFF', ''));
  await bulk.review.click();
  await bulk.dialog.getByRole('button', { name: 'Excluir todas as linhas com problema' }).click();
  await expect(bulk.dialog.getByText('40 alunos prontos para enviar')).toBeVisible();
  await bulk.start.click();
  await expect(bulk.finished).toBeVisible({ timeout: 60_000 });

  expect(refused).toBe(13);
  await expect(bulk.dialog.getByRole('term')).toHaveText(['Matriculados', 'Excluídos']);
  await expect(bulk.summary).toHaveText(['40', '5']);
  expect(await countsOf(request, token, turmas)).toEqual(before.map((count) => count! + 40));
  // Nothing that succeeded was sent again: one try each, two for the refused ones.
  expect([...tries.values()].filter((count) => count > 2)).toEqual([]);
  expect([...tries.values()].reduce((sum, count) => sum + count, 0)).toBe(40 + 13);
});

test('a run that loses the connection says it is the connection, and finishes by itself once it is back', async ({
  page,
  request,
  token,
  consoleErrors,
}) => {
  // The sends and health probes made offline fail, and the browser logs each.
  consoleErrors.allowNetworkFailures();
  await signIn(page, token);
  const turmas = (await listClasses(request, token, { pageSize: 2 })).data;
  const before = await countsOf(request, token, turmas);
  const cohort = cohortCsv(11); // 6 good students

  await openWithTwoTurmas(page, turmas);
  const bulk = bulkDialog(page);
  await bulk.paste.fill(cohort.text.replace('\uFEFF', ''));
  await bulk.review.click();
  await bulk.dialog.getByRole('button', { name: 'Excluir todas as linhas com problema' }).click();
  await expect(bulk.dialog.getByText('6 alunos prontos para enviar')).toBeVisible();
  await page.context().setOffline(true);
  await bulk.start.click();

  // The browser's own offline event, through TanStack's onlineManager.
  await expect(bulk.dialog.getByRole('status')).toHaveText('Sem conexão');
  await expect(
    bulk.dialog.getByText('O envio continua sozinho quando a conexão voltar.', { exact: false }),
  ).toBeVisible();
  await page.context().setOffline(false);
  await expect(bulk.finished).toBeVisible({ timeout: 30_000 });
  await expect(bulk.dialog.getByRole('term')).toHaveText(['Matriculados', 'Excluídos']);
  expect(await countsOf(request, token, turmas)).toEqual(before.map((count) => count! + 6));
});

test('by keyboard: Enter in a line’s fix or the expiry never starts the run, and a cancel keeps the focus in it', async ({
  page,
  request,
  token,
}) => {
  await signIn(page, token);
  const turmas = (await listClasses(request, token, { pageSize: 2 })).data;
  const cohort = cohortCsv(11); // 6 good students; line 9 has no "@"
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/classe/add-student', async (route) => {
    await released;
    await route.continue();
  });

  await openWithTwoTurmas(page, turmas);
  const bulk = bulkDialog(page);
  await bulk.paste.fill(cohort.text.replace('\uFEFF', ''));
  await bulk.review.click();
  const fix = bulk.dialog.getByRole('textbox', { name: 'E-mail da linha 9' });
  await fix.fill(cohort.email(9002));
  await fix.press('Enter');
  const expiry = bulk.dialog.getByRole('textbox', { name: 'Validade da matrícula' });
  await expiry.fill('30/06/2099');
  await expiry.press('Enter');
  // Still the review: Enter was the field's.
  await expect(expiry).toBeFocused();
  await expect(bulk.start).toHaveAccessibleName('Matricular 7 alunos em 2 turmas');
  await expect(bulk.progress).toBeHidden();

  await bulk.dialog.getByRole('button', { name: 'Excluir todas as linhas com problema' }).click();
  await bulk.start.press('Enter');
  await expect(bulk.dialog.getByRole('button', { name: 'Pausar' })).toBeFocused();
  await page.keyboard.press('Tab');
  const cancel = bulk.dialog.getByRole('button', { name: 'Cancelar o envio' });
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Enter');
  // The button turns disabled while the calls on their way finish: the focus is on the status.
  await expect(cancel).toBeDisabled();
  const status = bulk.dialog.getByRole('status').filter({ hasText: /^Cancelando/ });
  await expect(status).toBeFocused();
  release();
  await expect(bulk.dialog.getByRole('heading', { name: 'Envio cancelado' })).toBeFocused();
});

test('a run in English and dark mode, by keyboard: paused and continued, every state passes axe', async ({
  page,
  request,
  token,
}) => {
  const turmas = (await listClasses(request, token, { pageSize: 1 })).data;
  const before = await countsOf(request, token, turmas);
  // The calls wait until the test lets them go, so the run can be seen under way.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/classe/add-student', async (route) => {
    await released;
    await route.continue();
  });

  await page.goto('/');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Use dark theme' }).click();
  await page.getByLabel('Access token', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Classes' })).toBeVisible();
  await page.getByRole('button', { name: 'Enrol or remove a list' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Bulk enrolment' });
  const paste = dialog.getByRole('textbox', { name: 'Paste the list of students' });
  await expect(paste).toBeFocused();
  const { text } = cohortCsv(12); // 7 good students, 5 lines with problems
  // As pasted from a spreadsheet: cells separated by tabs.
  const pasted = text
    .replace('\uFEFF', '')
    .replace('Souza; Ana', 'Souza, Ana')
    .replaceAll(';', '\t');
  await paste.fill(pasted);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Review the list' }).press('Enter');

  await expect(dialog.getByText('7 students ready to send')).toBeVisible();
  // No turma was selected: the person picks one with the dialog's own search.
  const search = dialog.getByRole('combobox', { name: 'Add a class' });
  await search.fill(turmas[0]!.name);
  const option = page.getByRole('option', { name: turmas[0]!.name, exact: true });
  await expect(option).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(dialog.getByRole('list', { name: 'In the class' })).toContainText(turmas[0]!.name);
  await expectNoAxeViolations(page, OVER_THE_PAGE);
  await dialog.getByRole('button', { name: 'Enrol 7 students in 1 class' }).press('Enter');

  await expect(dialog.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  // The run starts on "Pause": the key that started it, pressed again, pauses and never cancels.
  await expect(dialog.getByRole('button', { name: 'Pause' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText(/^Pausing: waiting for 4 requests/);
  await expectNoAxeViolations(page, OVER_THE_PAGE);
  release();
  await expect(dialog.getByRole('status')).toHaveText('Paused');
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '4');
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: 'Run complete' })).toBeVisible();
  await expect(dialog.getByRole('definition')).toHaveText(['7', '5']);
  await expectNoAxeViolations(page, OVER_THE_PAGE);
  expect(await countsOf(request, token, turmas)).toEqual([before[0]! + 7]);
});

test(
  'on a phone, a review too wide for the screen scrolls in a region the keyboard reaches',
  { tag: '@phone' },
  async ({ page, request, token }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const turmas = (await listClasses(request, token, { pageSize: 2 })).data;
    await signIn(page, token);
    await openWithTwoTurmas(page, turmas);
    const bulk = bulkDialog(page);
    const email = `maria.aparecida.albuquerque.cavalcanti.${newTag()}@escola-estadual-exemplo.sp.gov.test`;
    await bulk.paste.fill(`Maria Aparecida Albuquerque Cavalcanti;${email};31/12/2027`);
    await bulk.review.click();
    const region = bulk.dialog.getByRole('region', { name: 'Alunos prontos para enviar' });
    await expect(region.getByRole('cell', { name: email })).toBeVisible();
    // Wider than the screen, so a stop of the keyboard's (once measured), and axe finds it one.
    await expect(region).toHaveAttribute('tabindex', '0');
    expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    await expectNoAxeViolations(page, OVER_THE_PAGE);
    // The arrow keys scroll it sideways.
    await region.focus();
    await expect(region).toBeFocused();
    await region.press('ArrowRight');
    await expect.poll(() => region.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  },
);

test(
  'on a phone, the results wrap names between words and e-mails only after "@" and "."',
  { tag: '@phone' },
  async ({ page, request, token }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const turmas = (await listClasses(request, token, { pageSize: 2 })).data;
    await signIn(page, token);
    await openWithTwoTurmas(page, turmas);
    const bulk = bulkDialog(page);
    const tag = newTag();
    const students = ['Ana Paula Mendes Souza', 'Diego Ferreira dos Santos Albuquerque'].map(
      (name) => ({
        name,
        email: `${name.toLowerCase().replaceAll(' ', '.')}.${tag}@aluno.escola.example`,
      }),
    );
    await bulk.paste.fill(students.map(({ name, email }) => `${name};${email}`).join('\n'));
    await bulk.review.click();
    await bulk.start.click();
    await expect(bulk.finished).toBeVisible({ timeout: 30_000 });

    const table = bulk.dialog.getByRole('table', { name: 'Resultado por linha' });
    for (const { name, email } of students) {
      const address = table.getByRole('cell', { name: email, exact: true });
      for (const { before } of await lineBreaksIn(address)) {
        expect(['@', '.'], `${email}: a line ends in "${before}"`).toContain(before);
      }
      const words = table.getByRole('cell', { name, exact: true });
      for (const { before, after } of await lineBreaksIn(words)) {
        expect(name, 'a name breaks between words').toContain(`${before} ${after}`);
      }
    }
    // Each line a card: its outcome and detail in view, none past the screen's edge.
    const box = await table.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await expect(table.getByRole('cell', { name: /Matriculado$/ }).first()).toBeInViewport();
    await expectNoAxeViolations(page, OVER_THE_PAGE);
  },
);
