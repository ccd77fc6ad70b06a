/**
 * Rosters that travel (issue 37, item 3) against the real server: the whole roster as a CSV file
 * and as a printed sheet, chosen students and a whole roster (selected across pages) enrolled in
 * another turma through the batch runner, with axe clean, at desktop and phone size.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import Papa from 'papaparse';
import { readFile } from 'node:fs/promises';
import type { Class } from '#contract';
import {
  enrolThroughApi,
  escapeRegExp,
  rosterOf,
  rosterPanel,
  type NewStudent,
} from './roster-support';
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  idInCsv,
  listClasses,
  newTag,
  OVER_THE_PAGE,
  signIn,
  test,
} from './support';

// The roster is the extension's: on for this file even in a plain-v1 run of the whole suite.
test.use({ apiExtensions: true, timezoneId: 'America/Sao_Paulo' });

/** Late on 28 February in São Paulo, already 1 March in UTC: local time and ISO differ. */
const EXPIRY = '2030-03-01T02:00:00.000Z';

/** Each test its own pair of turmas (the worker's server is shared by the file's tests). */
async function turmasAt(request: APIRequestContext, token: string, first: number) {
  const { data } = await listClasses(request, token, { pageSize: 20 });
  return [data[first], data[first + 1]] as [Class, Class];
}

/** Three students of a new tag: one with an expiry, one named like a spreadsheet formula. */
function threeStudents(tag: string): [NewStudent, NewStudent, NewStudent] {
  return [
    { name: `Ana ${tag}`, email: `ana.${tag}@escola.test`, expirationDate: EXPIRY },
    { name: `Bia ${tag}`, email: `bia.${tag}@escola.test` },
    { name: `=HYPERLINK("http://x","${tag}")`, email: `caio.${tag}@escola.test` },
  ];
}

async function openRoster(page: Page, token: string, turma: Class, query = '') {
  const address = `/?turma=${encodeURIComponent(turma.id)}${query ? `&rosterQ=${query}` : ''}`;
  await signIn(page, token, address);
  const roster = rosterPanel(page, turma);
  await expect(roster.table).toHaveAttribute('aria-busy', 'false');
  return roster;
}

test('exports the whole roster as CSV: formula-safe, each expiry local and ISO @phone', async ({
  page,
  request,
  token,
}) => {
  const [turma] = await turmasAt(request, token, 0);
  const tag = newTag();
  const students = threeStudents(tag);
  await enrolThroughApi(request, token, turma, students);
  const total = (await rosterOf(request, token, turma)).totalRecords;

  // A search on screen does not narrow the file: it is the whole roster.
  const roster = await openRoster(page, token, turma, tag);
  await expect(roster.status).toHaveText('3 alunos encontrados');
  await expectNoHorizontalOverflow(page);
  const download = page.waitForEvent('download');
  // From the keyboard: focus stays on the button while the roster is read, and after.
  const exportButton = roster.dialog.getByRole('button', {
    name: `Exportar CSV: alunos de ${turma.name}`,
  });
  await exportButton.focus();
  await page.keyboard.press('Enter');
  const file = await readFile(await (await download).path(), 'utf8');
  await expect(roster.dialog.getByText(`Arquivo com ${total} alunos salvo.`)).toBeVisible();
  await expect(exportButton).toBeFocused();
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  expect(file.startsWith('\uFEFF')).toBe(true);
  expect(file).toContain('\r\n');
  const lines = Papa.parse<string[]>(file.slice(1), { newline: '\r\n', skipEmptyLines: true }).data;
  const header =
    'Nome,E-mail,Validade (hora local),Validade (ISO),Matriculado em,Turma,Código da turma';
  expect(lines[0]!.join(',')).toBe(header);
  expect(lines).toHaveLength(total + 1);
  const line = (student: NewStudent) => lines.find((cells) => cells[1] === student.email)!;
  const [ana, bia, formula] = students;
  expect(line(ana).slice(0, 4)).toEqual([
    ana.name,
    ana.email,
    expect.stringMatching(/^28\/02\/2030\D+23:00$/),
    EXPIRY,
  ]);
  expect(line(ana).slice(5)).toEqual([turma.name, idInCsv(turma.id)]);
  expect(line(bia).slice(2, 4)).toEqual(['Sem validade', '']);
  // Inert in a spreadsheet: the cell starts with a quote, not with "=".
  expect(line(formula)[0]).toBe(`'${formula.name}`);
});

/** The bulk dialog's words in each language, for the same journey in both. */
const BULK_WORDS = {
  en: {
    open: 'Enrol or remove a list',
    title: 'Bulk enrolment',
    pickFile: 'Choose a CSV file',
    ready: '3 students ready to send · 0 lines with problems · 0 lines excluded',
    noExpiry: 'No expiry',
    addTurma: 'Add a class',
    start: 'Enrol 3 students in 1 class',
    finished: 'Run complete',
    newList: 'New list',
    cancel: 'Cancel',
  },
  'pt-BR': {
    open: 'Matricular ou remover em lote',
    title: 'Matrícula em lote',
    pickFile: 'Escolher arquivo CSV',
    ready: '3 alunos prontos para enviar · 0 linhas com problema · 0 linhas excluídas',
    noExpiry: 'Sem validade',
    addTurma: 'Adicionar turma',
    start: 'Matricular 3 alunos em 1 turma',
    finished: 'Envio concluído',
    newList: 'Nova lista',
    cancel: 'Cancelar',
  },
} as const;

/** Takes `file` through the page's bulk dialog into `target`, the dialog in `words`' language. */
async function enrolFromFile(
  page: Page,
  file: string,
  target: Class,
  words: (typeof BULK_WORDS)[keyof typeof BULK_WORDS],
  noExpiryEmail: string,
) {
  await page.getByRole('button', { name: words.open }).click();
  const bulk = page.getByRole('dialog', { name: words.title });
  const chooser = page.waitForEvent('filechooser');
  await bulk.getByRole('button', { name: words.pickFile }).click();
  await (await chooser).setFiles(file);
  // Every line ready: each date taken from the ISO column, none read either way or asked about.
  await expect(bulk.getByText(words.ready)).toBeVisible();
  await expect(bulk.getByText(/lidas com o dia primeiro|read day first/)).toHaveCount(0);
  await expect(
    bulk.getByRole('row', { name: new RegExp(escapeRegExp(noExpiryEmail)) }),
  ).toContainText(words.noExpiry);
  await bulk.getByRole('combobox', { name: words.addTurma }).fill(target.name);
  await page
    .getByRole('option', { name: new RegExp(`^${escapeRegExp(target.name)}`) })
    .first()
    .click();
  await bulk.getByRole('button', { name: words.start }).click();
  await expect(bulk.getByRole('heading', { name: words.finished })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoAxeViolations(page, OVER_THE_PAGE);
  // The results stay until a new list is started: the next journey starts from a file again.
  await bulk.getByRole('button', { name: words.newList }).click();
  await bulk.getByRole('button', { name: words.cancel }).click();
  await expect(bulk).toBeHidden();
}

/** Leaves only `keep` in `turma`: the seed's students would make the file's count unknown. */
async function keepOnly(
  request: APIRequestContext,
  token: string,
  turma: Class,
  keep: readonly NewStudent[],
) {
  const kept = new Set(keep.map(({ email }) => email));
  for (const { email } of (await rosterOf(request, token, turma)).data) {
    if (kept.has(email)) continue;
    const answer = await request.delete('/v1/classe/remove-student', {
      headers: { Authorization: `Bearer ${token}` },
      data: { email, classes: [{ id: turma.id }] },
    });
    expect(answer.ok()).toBe(true);
  }
}

test('a roster exported in English comes back exactly through the bulk list, in English and Portuguese', async ({
  page,
  request,
  token,
}) => {
  test.setTimeout(90_000);
  const [from, toEnglish] = await turmasAt(request, token, 10);
  const [toPortuguese] = await turmasAt(request, token, 12);
  const tag = newTag();
  // 5 December, 12/05/2030 in English, which reads as 12 May day first; 25 December,
  // 12/25/2030, no date at all day first; and no expiry.
  const ana = {
    name: `Ana ${tag}`,
    email: `ana.${tag}@escola.test`,
    expirationDate: '2030-12-05T15:00:00.000Z',
  };
  const bia = { name: `Bia ${tag}`, email: `bia.${tag}@escola.test` };
  const caio = {
    name: `Caio ${tag}`,
    email: `caio.${tag}@escola.test`,
    expirationDate: '2030-12-25T15:00:00.000Z',
  };
  await enrolThroughApi(request, token, from, [ana, bia, caio]);
  await keepOnly(request, token, from, [ana, bia, caio]);

  // In English (the choice persists), the roster's file.
  await signIn(page, token);
  await page.getByRole('button', { name: /^English/ }).click();
  await page.goto(`/?turma=${encodeURIComponent(from.id)}`);
  const roster = page.getByRole('dialog', { name: `Students of ${from.name}` });
  const download = page.waitForEvent('download');
  await roster.getByRole('button', { name: `Export CSV: students of ${from.name}` }).click();
  const saved = await download;
  // Named by the turma, as staff tell several downloads apart.
  const safeName = from.name.normalize('NFC').replace(/[^\p{L}\p{M}\p{N}]+/gu, '-');
  expect(saved.suggestedFilename()).toMatch(
    new RegExp(`^students-${escapeRegExp(safeName)}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const file = await saved.path();
  const lines = Papa.parse<string[]>((await readFile(file, 'utf8')).slice(1), {
    newline: '\r\n',
    skipEmptyLines: true,
  }).data;
  expect(lines.map((cells) => cells.slice(1, 4))).toEqual([
    ['E-mail', 'Expiry (local time)', 'Expiry (ISO)'],
    [ana.email, expect.stringMatching(/^12\/05\/2030\D+12:00\sPM$/), ana.expirationDate],
    [bia.email, 'No expiry', ''],
    [caio.email, expect.stringMatching(/^12\/25\/2030\D/), caio.expirationDate],
  ]);
  await roster.getByRole('button', { name: 'Close the student list' }).click();

  const expected = [
    [ana.email, ana.expirationDate],
    // Not the batch's end of the school year: the file said she has none.
    [bia.email, null],
    [caio.email, caio.expirationDate],
  ];
  await enrolFromFile(page, file, toEnglish, BULK_WORDS.en, bia.email);
  const inEnglish = (await rosterOf(request, token, toEnglish, tag)).data;
  expect(inEnglish.map(({ email, expirationDate }) => [email, expirationDate])).toEqual(expected);

  await page.getByRole('button', { name: /^Português/ }).click();
  await enrolFromFile(page, file, toPortuguese, BULK_WORDS['pt-BR'], bia.email);
  const inPortuguese = (await rosterOf(request, token, toPortuguese, tag)).data;
  expect(inPortuguese.map(({ email, expirationDate }) => [email, expirationDate])).toEqual(
    expected,
  );
});

test('prints the roster: only the sheet, with the turma and the date, no controls', async ({
  page,
  request,
  token,
}) => {
  const [turma] = await turmasAt(request, token, 2);
  const tag = newTag();
  await enrolThroughApi(request, token, turma, threeStudents(tag));
  const total = (await rosterOf(request, token, turma)).totalRecords;
  // The browser's print dialog is the system's: counted, not opened.
  await page.addInitScript(() => {
    const calls = { count: 0 };
    Object.assign(window, { printCalls: calls });
    window.print = () => void (calls.count += 1);
  });

  const roster = await openRoster(page, token, turma);
  await roster.dialog
    .getByRole('button', { name: `Imprimir: lista de alunos de ${turma.name}` })
    .click();
  const sheet = page.getByTestId('roster-print-sheet');
  await expect(sheet).toBeAttached();
  await expect
    .poll(() => page.evaluate(() => (window as { printCalls?: { count: number } }).printCalls))
    .toEqual({ count: 1 });
  // On screen the sheet is not there; on paper nothing else is.
  await expect(sheet).toBeHidden();
  await expectNoAxeViolations(page);
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(roster.dialog).toBeHidden();
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await expect(sheet.getByRole('heading', { level: 1 })).toHaveText(`Alunos de ${turma.name}`);
  const today = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
  }).format(new Date());
  await expect(sheet.getByText(/^Impresso em /)).toHaveText(
    new RegExp(`^Impresso em ${escapeRegExp(today)}\\D.* · ${total} alunos$`),
  );
  await expect(sheet.getByRole('row')).toHaveCount(total + 1);
  await expect(sheet.getByRole('row').filter({ hasText: `Ana ${tag}` })).toContainText(
    '28/02/2030',
  );

  // The print dialog closed: the sheet goes, the panel is as it was.
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(sheet).not.toBeAttached();
  await expect(roster.dialog).toBeVisible();
});

test('prints black on white in the dark colour scheme, "Sem validade" in a dark grey', async ({
  page,
  request,
  token,
}) => {
  const [turma] = await turmasAt(request, token, 16);
  const tag = newTag();
  await enrolThroughApi(request, token, turma, threeStudents(tag));
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await page.emulateMedia({ colorScheme: 'dark' });

  const roster = await openRoster(page, token, turma);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await roster.dialog
    .getByRole('button', { name: `Imprimir: lista de alunos de ${turma.name}` })
    .click();
  const sheet = page.getByTestId('roster-print-sheet');
  await expect(sheet).toBeAttached();
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  await expect(sheet).toBeVisible();

  const colourOf = (selector: string, property: 'color' | 'backgroundColor' | 'colorScheme') =>
    page.evaluate(([chosen, name]) => getComputedStyle(document.querySelector(chosen)!)[name], [
      selector,
      property,
    ] as const);
  // The page (what "background graphics" prints) is white, the sheet's text black.
  expect(await colourOf('body', 'backgroundColor')).toBe('rgb(255, 255, 255)');
  expect(await colourOf('html', 'colorScheme')).toBe('light');
  await expect(sheet).toHaveCSS('color', 'rgb(0, 0, 0)');
  // Bia has no expiry: Mantine's gray-7 (#495057), not the dark scheme's light grey.
  const noExpiry = sheet
    .getByRole('row')
    .filter({ hasText: `Bia ${tag}` })
    .getByText('Sem validade');
  await expect(noExpiry).toHaveCSS('color', 'rgb(73, 80, 87)');

  // On screen again, the dark scheme is as it was.
  await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
  expect(await colourOf('body', 'backgroundColor')).not.toBe('rgb(255, 255, 255)');
});

test('offline, the export says so at once, and tries again once back', async ({
  page,
  context,
  request,
  token,
  consoleErrors,
}) => {
  // The reads cut off: Chromium logs each as net::ERR_INTERNET_DISCONNECTED.
  consoleErrors.allowNetworkFailures();
  const [, turma] = await turmasAt(request, token, 0);
  const tag = newTag();
  await enrolThroughApi(request, token, turma, threeStudents(tag));
  const total = (await rosterOf(request, token, turma)).totalRecords;
  const roster = await openRoster(page, token, turma);
  // Each name starts with the words on the button (WCAG 2.5.3).
  const exportButton = roster.dialog.getByRole('button', { name: /^Exportar CSV: / });
  const printButton = roster.dialog.getByRole('button', { name: /^Imprimir: / });
  await expect(exportButton).toHaveAccessibleName(`Exportar CSV: alunos de ${turma.name}`);
  await expect(printButton).toHaveAccessibleName(`Imprimir: lista de alunos de ${turma.name}`);

  await context.setOffline(true);
  await exportButton.click();
  // Not "Lendo alunos… 0 de 0" until the network is back: it fails, and says why.
  await expect(
    roster.dialog.getByText(
      'Sem conexão com o servidor: não foi possível ler os alunos. Nada foi salvo.',
    ),
  ).toBeVisible({ timeout: 5_000 });
  await expect(exportButton).not.toHaveAttribute('aria-disabled');
  await expect(printButton).not.toHaveAttribute('aria-disabled');
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  await context.setOffline(false);
  const download = page.waitForEvent('download');
  await roster.dialog.getByRole('button', { name: 'Tentar exportar de novo' }).click();
  await download;
  await expect(roster.dialog.getByText(`Arquivo com ${total} alunos salvo.`)).toBeVisible();
  await expect(exportButton).toBeFocused();
});

/** Opens the copy dialog of `count` students from the roster's bar and picks `target`. */
async function openCopy(
  page: Page,
  count: number,
  target: Class,
  openedFrom: ReturnType<typeof rosterPanel>,
) {
  await openedFrom.bar.getByRole('button', { name: 'Matricular estes alunos em…' }).click();
  const name = count === 1 ? '1 aluno' : `${count} alunos`;
  const dialog = page.getByRole('dialog', { name: `Matricular ${name} em outra turma` });
  await dialog.getByRole('combobox', { name: 'Adicionar turma' }).fill(target.name);
  await page
    .getByRole('option', { name: new RegExp(`^${escapeRegExp(target.name)}`) })
    .first()
    .click();
  return dialog;
}

/**
 * The copy dialog over `openedFrom`: the target picked, each keeping their expiry, sent, the run
 * to its end. `scan`: axe over the form and the results (long for a long list on a busy machine).
 */
async function copyThroughRun(
  page: Page,
  count: number,
  target: Class,
  openedFrom: ReturnType<typeof rosterPanel>,
  scan: boolean,
) {
  const dialog = await openCopy(page, count, target, openedFrom);
  await expect(dialog.getByRole('radio', { name: /^Manter a validade atual/ })).toBeChecked();
  if (scan) await expectNoAxeViolations(page, OVER_THE_PAGE);
  await expectNoHorizontalOverflow(page);
  const submit = dialog.getByRole('button', { name: `Matricular ${count} alunos` });
  // From the keyboard: the picker's list closing as focus leaves it moves the button under a
  // pointer.
  await submit.focus();
  await page.keyboard.press('Enter');
  const summary = dialog.getByText(`Concluído — feitos: ${count}; não feitos: 0.`);
  await expect(summary).toBeVisible({ timeout: 30_000 });
  // The send button and the run's controls are gone: focus is on what the run did, in the dialog.
  await expect(summary).toBeFocused();
  const outcomes = dialog.getByRole('list', { name: 'Resultado por aluno' }).getByRole('listitem');
  await expect(outcomes).toHaveCount(count);
  await expect(outcomes.filter({ hasText: `Matriculado em ${target.name}` })).toHaveCount(count);
  if (scan) await expectNoAxeViolations(page, OVER_THE_PAGE);
  return dialog;
}

test('enrols chosen students in another turma, each keeping their expiry @phone', async ({
  page,
  request,
  token,
}) => {
  const [from, to] = await turmasAt(request, token, 4);
  const tag = newTag();
  const [ana, bia, caio] = threeStudents(tag);
  await enrolThroughApi(request, token, from, [ana, bia, caio]);

  const roster = await openRoster(page, token, from, tag);
  await expect(roster.status).toHaveText('3 alunos encontrados');
  await roster.tick(ana).check();
  await roster.tick(bia).check();
  await expect(roster.bar.getByRole('status')).toHaveText('2 alunos selecionados');
  await expectNoHorizontalOverflow(page);
  const dialog = await copyThroughRun(page, 2, to, roster, true);
  // From the summary, where focus is: Escape closes the dialog.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(
    roster.dialog.getByText(`2 alunos de ${from.name} foram matriculados em ${to.name}.`),
  ).toBeVisible();
  // Done with: nothing stays ticked.
  await expect(roster.bar).toBeHidden();

  const copied = (await rosterOf(request, token, to, tag)).data;
  expect(copied.map(({ email, expirationDate }) => [email, expirationDate])).toEqual([
    [ana.email, EXPIRY],
    [bia.email, null],
  ]);
  // A copy leaves them where they were.
  expect((await rosterOf(request, token, from, tag)).totalRecords).toBe(3);
});

test('selects a whole roster across pages and enrols it in another turma @phone', async ({
  page,
  request,
  token,
}) => {
  // Some 60 students through the API, the panel and the run on a shared machine.
  test.setTimeout(120_000);
  const [from, to] = await turmasAt(request, token, 6);
  const tag = newTag();
  // More than a page of the panel (50), whatever the seed put there.
  const added = Array.from({ length: 52 }, (_, index) => ({
    name: `Aluno ${String(index).padStart(2, '0')} ${tag}`,
    email: `aluno${index}.${tag}@escola.test`,
    ...(index % 2 === 0 ? { expirationDate: EXPIRY } : {}),
  }));
  await enrolThroughApi(request, token, from, added);
  const whole = await rosterOf(request, token, from);
  expect(whole.totalRecords).toBeGreaterThan(50);
  expect(whole.totalRecords).toBeLessThanOrEqual(100);

  const roster = await openRoster(page, token, from);
  await expect(roster.status).toHaveText(`${whole.totalRecords} alunos`);
  await roster.dialog
    .getByRole('checkbox', { name: 'Selecionar todos os alunos desta página' })
    .check();
  await expect(roster.bar.getByRole('status')).toHaveText('50 alunos selecionados');
  await roster.dialog
    .getByRole('button', { name: `Selecionar todos os ${whole.totalRecords} alunos encontrados` })
    .click();
  await expect(
    roster.dialog.getByText(`Os ${whole.totalRecords} alunos encontrados estão selecionados.`),
  ).toBeVisible();
  await expect(roster.bar.getByRole('status')).toHaveText(
    `${whole.totalRecords} alunos selecionados`,
  );
  // The offer across pages and its answer, over the panel's rows.
  await expectNoAxeViolations(page, OVER_THE_PAGE);
  await expectNoHorizontalOverflow(page);

  const dialog = await copyThroughRun(page, whole.totalRecords, to, roster, false);
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(
    roster.dialog.getByText(
      `${whole.totalRecords} alunos de ${from.name} foram matriculados em ${to.name}.`,
    ),
  ).toBeVisible();

  // Everyone of the roster is in the other turma now, each with the expiry they had.
  const target = new Map(
    (await rosterOf(request, token, to)).data.map((student) => [student.email, student]),
  );
  for (const student of whole.data) {
    expect(target.get(student.email)?.expirationDate, student.email).toBe(student.expirationDate);
  }
});

test('warns before copying a student whose later expiry there would be shortened @phone', async ({
  page,
  request,
  token,
}) => {
  const [from, to] = await turmasAt(request, token, 8);
  const tag = newTag();
  const [ana, bia] = threeStudents(tag);
  await enrolThroughApi(request, token, from, [ana, bia]);
  // Already in the target, until later than the expiry the copy would keep.
  const later = '2031-06-01T12:00:00.000Z';
  await enrolThroughApi(request, token, to, [{ ...ana, expirationDate: later }]);

  const roster = await openRoster(page, token, from, tag);
  await expect(roster.status).toHaveText('2 alunos encontrados');
  await roster.tick(ana).check();
  await roster.tick(bia).check();
  const dialog = await openCopy(page, 2, to, roster);
  // Before anything is sent: the bulk review's warning, counted and said for the student.
  await expect(dialog.getByText('Avisos: 1 aluno terá a validade encurtada.')).toBeVisible();
  const warned = dialog.getByRole('list', { name: 'Alunos com aviso' });
  await expect(warned.getByRole('listitem')).toHaveCount(1);
  await expect(warned).toContainText(ana.email);
  await expect(warned).toContainText(`${to.name}: a validade atual vai até`);
  await expectNoAxeViolations(page, OVER_THE_PAGE);
  await expectNoHorizontalOverflow(page);

  // Confirmed as chosen: Ana left out, Bia sent.
  // From the keyboard, as the submit below: the picker's list closing moves what is under a pointer.
  const leaveOut = warned.getByRole('checkbox', { name: `Deixar ${ana.name} de fora` });
  await leaveOut.focus();
  await page.keyboard.press('Space');
  // The title counts whom the run sends, as the button does.
  const sending = page.getByRole('dialog', { name: 'Matricular 1 aluno em outra turma' });
  await expect(sending.getByRole('checkbox', { name: `Deixar ${ana.name} de fora` })).toBeChecked();
  const submit = sending.getByRole('button', { name: 'Matricular 1 aluno' });
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(sending.getByText('Concluído — feitos: 1; não feitos: 0.')).toBeVisible({
    timeout: 30_000,
  });
  // Only what happened: one outcome, Bia's.
  const outcomes = sending.getByRole('list', { name: 'Resultado por aluno' }).getByRole('listitem');
  await expect(outcomes).toHaveCount(1);
  await expect(outcomes).toContainText(bia.email);
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  const there = (await rosterOf(request, token, to, tag)).data;
  expect(there.map(({ email, expirationDate }) => [email, expirationDate])).toEqual([
    [ana.email, later],
    [bia.email, null],
  ]);
});

test('a move that waited for the connection ends with focus on its summary; Escape closes it', async ({
  page,
  context,
  request,
  token,
  consoleErrors,
}) => {
  // The calls cut off: Chromium logs each as net::ERR_INTERNET_DISCONNECTED.
  consoleErrors.allowNetworkFailures();
  const [from, to] = await turmasAt(request, token, 14);
  const tag = newTag();
  const [ana, bia] = threeStudents(tag);
  await enrolThroughApi(request, token, from, [ana, bia]);

  const roster = await openRoster(page, token, from, tag);
  await expect(roster.status).toHaveText('2 alunos encontrados');
  await roster.tick(ana).check();
  await roster.tick(bia).check();
  // Who is a student already, asked once the dialog opens: answered before the network goes.
  const lookedUp = page.waitForResponse((answer) => answer.url().includes('/v1/students/by-email'));
  await roster.bar.getByRole('button', { name: 'Mover para outra turma…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mover 2 alunos para outra turma' });
  await dialog.getByRole('combobox', { name: 'Adicionar turma' }).fill(to.name);
  await page
    .getByRole('option', { name: new RegExp(`^${escapeRegExp(to.name)}`) })
    .first()
    .click();
  await lookedUp;

  await context.setOffline(true);
  const submit = dialog.getByRole('button', { name: 'Mover 2 alunos' });
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status').filter({ hasText: /^Sem conexão$/ })).toBeVisible({
    timeout: 20_000,
  });
  // Back: the run goes on by itself at its next look at the server (every 5 s).
  await context.setOffline(false);
  const summary = dialog.getByText('Concluído — feitos: 2; não feitos: 0.');
  await expect(summary).toBeVisible({ timeout: 20_000 });
  await expect(summary).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(
    roster.dialog.getByText(`2 alunos foram movidos de ${from.name} para ${to.name}.`),
  ).toBeVisible();
  expect((await rosterOf(request, token, to, tag)).totalRecords).toBe(2);
});
