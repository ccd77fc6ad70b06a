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
  await expect(dialog.getByText(`Concluído — feitos: ${count}; não feitos: 0.`)).toBeVisible({
    timeout: 30_000,
  });
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
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    roster.dialog.getByText('2 alunos foram matriculados na outra turma.'),
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
    roster.dialog.getByText(`${whole.totalRecords} alunos foram matriculados na outra turma.`),
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
  await expect(leaveOut).toBeChecked();
  const submit = dialog.getByRole('button', { name: 'Matricular 1 aluno' });
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Concluído — feitos: 1; não feitos: 0.')).toBeVisible({
    timeout: 30_000,
  });
  // Only what happened: one outcome, Bia's.
  const outcomes = dialog.getByRole('list', { name: 'Resultado por aluno' }).getByRole('listitem');
  await expect(outcomes).toHaveCount(1);
  await expect(outcomes).toContainText(bia.email);
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  const there = (await rosterOf(request, token, to, tag)).data;
  expect(there.map(({ email, expirationDate }) => [email, expirationDate])).toEqual([
    [ana.email, later],
    [bia.email, null],
  ]);
});
