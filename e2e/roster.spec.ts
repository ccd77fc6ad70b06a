/**
 * A turma's roster (the reference server's roster extension) against the real server: opened from
 * a row, students removed from it with the counts dropping in the roster and in the list, a new
 * expiry, Back and shared links, axe, and a phone's screen.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Class } from '#contract';
import { enrolThroughApi, rosterOf, rosterPanel } from './roster-support';
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  listClasses,
  newTag,
  OVER_THE_PAGE,
  signIn,
  test,
  turmasPage,
} from './support';

// The roster is the extension's: on for this file even in a plain-v1 run of the whole suite.
test.use({ apiExtensions: true });

const DAY = 24 * 60 * 60 * 1000;

/** Three students of their own enrolled through the API in `turma`, one expiring in 3 days. */
async function enrolStudents(request: APIRequestContext, token: string, turma: Class) {
  const tag = newTag();
  const students = ['Ana', 'Bia', 'Caio'].map((first) => ({
    name: `${first} ${tag}`,
    email: `${first.toLowerCase()}.${tag}@escola.test`,
  }));
  const expiring = { expirationDate: new Date(Date.now() + 3 * DAY).toISOString() };
  await enrolThroughApi(request, token, turma, [
    { ...students[0]!, ...expiring },
    ...students.slice(1),
  ]);
  return { tag, students };
}

async function firstTurma(request: APIRequestContext, token: string): Promise<Class> {
  const { data } = await listClasses(request, token, { pageSize: 1 });
  return data[0]!;
}

/** Presses Tab until `target` has focus (at most `maxPresses` times): how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, maxPresses: number) {
  for (let press = 0; press < maxPresses; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('opens a roster from a row, removes two students, and the counts drop', async ({
  page,
  request,
  token,
}) => {
  const turma = await firstTurma(request, token);
  const { tag, students } = await enrolStudents(request, token, turma);
  const before = (await rosterOf(request, token, turma)).totalRecords;

  await signIn(page, token);
  const list = turmasPage(page);
  await expect(list.row(turma).students).toHaveText(String(before));
  await list.table
    .getByRole('button', { name: `Ver alunos de ${turma.name}`, exact: true })
    .click();

  const roster = rosterPanel(page, turma);
  await expect(roster.heading).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`[?&]turma=${encodeURIComponent(turma.id)}`));
  await expect(roster.status).toHaveText(`${before} alunos`);
  await roster.search.fill(tag);
  await expect(roster.status).toHaveText('3 alunos encontrados');
  await expect(roster.table.getByRole('row').nth(1)).toContainText('Expira em 3 dias');
  await expect(roster.table.getByRole('row').nth(3)).toContainText('Sem validade');
  // Each name links to the student's page in the row's own colour, not the browser's blue.
  const name = roster.table.getByRole('link', { name: students[0]!.name });
  const colourOf = (element: Locator) => element.evaluate((node) => getComputedStyle(node).color);
  expect(await colourOf(name)).toBe(await colourOf(roster.table.getByRole('row').nth(1)));

  await roster.tick(students[0]!).check();
  await roster.tick(students[1]!).check();
  await expect(roster.bar.getByRole('status')).toHaveText('2 alunos selecionados');
  // The panel with its rows, their expiry states and the selection's actions; the whole page, as
  // the list beneath it is inert.
  await expectNoAxeViolations(page);
  await roster.bar.getByRole('button', { name: 'Remover da turma' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Remover 2 alunos da turma' });
  const confirmation = dialog.getByRole('textbox', { name: /^Para confirmar, digite quantos/ });
  await expect(confirmation).toBeFocused();
  await expectNoAxeViolations(page, OVER_THE_PAGE);
  await confirmation.fill('2');
  await dialog.getByRole('button', { name: 'Remover 2 alunos' }).click();
  await expect(dialog).toBeHidden();

  await expect(roster.dialog.getByText(`2 alunos não estão mais em ${turma.name}.`)).toBeVisible();
  await expect(roster.status).toHaveText('1 aluno encontrado');
  await expect(roster.table.getByRole('row')).toHaveCount(2);
  expect((await rosterOf(request, token, turma, tag)).data.map(({ email }) => email)).toEqual([
    students[2]!.email,
  ]);

  // Closed with Escape: back to the list as it was, the turma's count down by two.
  await roster.search.press('Escape'); // empties the search first
  await page.keyboard.press('Escape');
  await expect(roster.dialog).toBeHidden();
  await expect(page).not.toHaveURL(/turma=/);
  await expect(list.row(turma).students).toHaveText(String(before - 2));
});

test('the roster works from the keyboard alone', async ({ page, request, token }) => {
  const turma = await firstTurma(request, token);
  const { tag, students } = await enrolStudents(request, token, turma);
  await signIn(page, token);
  const list = turmasPage(page);
  const open = list.table.getByRole('button', { name: `Ver alunos de ${turma.name}`, exact: true });

  await list.row(turma).remove.focus();
  await page.keyboard.press('Tab');
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  const roster = rosterPanel(page, turma);
  await expect(roster.heading).toBeFocused();
  await page.keyboard.press('Tab'); // the ✕
  await page.keyboard.press('Tab');
  await expect(roster.search).toBeFocused();
  await page.keyboard.type(tag);
  await page.keyboard.press('Enter');
  await expect(roster.status).toHaveText('3 alunos encontrados');

  // Past the search's clear button, export and print, the page checkbox and the sort buttons.
  await tabTo(page, roster.tick(students[0]!), 10);
  await page.keyboard.press('Space');
  await expect(roster.bar).toBeVisible();
  // Past the other rows, the bar's select-all, copy and move.
  await tabTo(page, roster.bar.getByRole('button', { name: 'Remover da turma' }), 14);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Remover 1 aluno da turma' });
  await expect(dialog.getByRole('textbox', { name: /^Para confirmar/ })).toBeFocused();
  await page.keyboard.type(students[0]!.email);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(
    roster.dialog.getByRole('status').filter({ hasText: /não está mais em/ }),
  ).toBeFocused();
  await expect(roster.status).toHaveText('2 alunos encontrados');

  // Escape empties the search, then closes the panel; focus is back on the row's "Alunos".
  await roster.search.focus();
  await page.keyboard.press('Escape');
  await expect(roster.search).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(roster.dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('gives ticked students a new expiry that replaces theirs', async ({
  page,
  request,
  token,
}) => {
  const turma = await firstTurma(request, token);
  const { tag, students } = await enrolStudents(request, token, turma);
  await signIn(page, token, `/?turma=${encodeURIComponent(turma.id)}&rosterQ=${tag}`);

  const roster = rosterPanel(page, turma);
  await expect(roster.status).toHaveText('3 alunos encontrados');
  await roster.tick(students[0]!).check();
  await roster.bar.getByRole('button', { name: 'Alterar validade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alterar a validade de 1 aluno' });
  // It opens where the new expiry is typed, not on its ✕; the list says what it shows.
  await expect(dialog.getByRole('textbox', { name: 'Validade da matrícula' })).toBeFocused();
  await expect(
    dialog.getByRole('list', { name: 'Validade atual de cada aluno' }).getByRole('listitem'),
  ).toContainText(students[0]!.email);
  await expect(dialog.getByText(/substitui a atual de cada aluno listado/)).toBeVisible();
  await dialog.getByRole('checkbox', { name: /^Sem validade/ }).check();
  await expectNoAxeViolations(page, OVER_THE_PAGE);
  await dialog.getByRole('button', { name: 'Alterar validade' }).click();
  await expect(dialog).toBeHidden();
  await expect(roster.dialog.getByText('A validade de 1 aluno foi alterada.')).toBeVisible();
  const [changed] = (await rosterOf(request, token, turma, students[0]!.email)).data;
  expect(changed?.expirationDate).toBeNull();
});

test('a chip opens the roster, a link too; Back closes it, Forward opens it again', async ({
  page,
  request,
  token,
}) => {
  const turma = await firstTurma(request, token);
  await signIn(page, token);
  const list = turmasPage(page);
  await list.rowCheckbox(turma).check();
  await list.tray.getByRole('button', { name: `Ver alunos de ${turma.name}`, exact: true }).click();
  const roster = rosterPanel(page, turma);
  await expect(roster.table).toHaveAttribute('aria-busy', 'false');
  await roster.table.getByRole('button', { name: 'Matriculado em' }).click();
  await expect(page).toHaveURL(/rosterSort=-enrolledAt/);
  const link = page.url();

  await page.goBack();
  await expect(roster.table.getByRole('columnheader', { name: 'Matriculado em' })).toHaveAttribute(
    'aria-sort',
    'none',
  );
  await page.goBack();
  await expect(roster.dialog).toBeHidden();
  await page.goForward();
  await expect(roster.dialog).toBeVisible();

  // The same link in a new tab (signed in there too): the name comes once the list behind has
  // found the turma.
  const other = await page.context().newPage();
  const { pathname, search } = new URL(link);
  await signIn(other, token, `${pathname}${search}`);
  await expect(rosterPanel(other, turma).heading).toBeVisible();
  await expect(
    rosterPanel(other, turma).table.getByRole('columnheader', { name: 'Matriculado em' }),
  ).toHaveAttribute('aria-sort', 'descending');
  await other.close();
});

test(
  'opens a roster on a phone without sideways scrolling',
  { tag: '@phone' },
  async ({ page, request, token }) => {
    const turma = await firstTurma(request, token);
    const { tag, students } = await enrolStudents(request, token, turma);
    await signIn(page, token);
    const list = turmasPage(page);
    await list.table
      .getByRole('button', { name: `Ver alunos de ${turma.name}`, exact: true })
      .click();

    const roster = rosterPanel(page, turma);
    await expect(roster.table).toHaveAttribute('aria-busy', 'false');
    await expectNoHorizontalOverflow(page);
    await roster.search.fill(tag);
    await expect(roster.status).toHaveText('3 alunos encontrados');
    await roster.tick(students[0]!).check();
    await expect(roster.bar).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, OVER_THE_PAGE);

    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalOverflow(page);
    const box = await roster.bar.getByRole('button', { name: 'Remover da turma' }).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  },
);

test('an empty roster offers "Matricular", whose form opens over it', async ({
  page,
  request,
  token,
}) => {
  // The turma of the first page with the fewest students, emptied through the API.
  const { data } = await listClasses(request, token, { pageSize: 20 });
  const turma = data.reduce((fewest, next) =>
    next.countStudents < fewest.countStudents ? next : fewest,
  );
  for (const { email } of (await rosterOf(request, token, turma)).data) {
    const answer = await request.delete('/v1/classe/remove-student', {
      headers: { Authorization: `Bearer ${token}` },
      data: { email, classes: [{ id: turma.id }] },
    });
    expect(answer.ok(), `removing ${email} answered ${answer.status()}`).toBe(true);
  }
  await signIn(page, token);
  const list = turmasPage(page);
  // A pointer over a row's "Matricular" mounts the enrol form before the panel exists.
  await list.row(turma).enrol.hover();
  await list.table
    .getByRole('button', { name: `Ver alunos de ${turma.name}`, exact: true })
    .click();
  const roster = rosterPanel(page, turma);
  await expect(roster.dialog.getByText('Nenhum aluno nesta turma')).toBeVisible();

  await roster.dialog
    .getByRole('button', { name: `Matricular aluno em ${turma.name}`, exact: true })
    .click();
  const form = page.getByRole('dialog', { name: 'Matricular aluno' });
  const name = form.getByRole('combobox', { name: 'Nome do aluno' });
  await expect(name).toBeFocused();
  // Drawn over the panel, whichever mounted first.
  expect(await stackLevel(form)).toBeGreaterThan(await stackLevel(roster.dialog));
  const tag = newTag();
  await name.fill(`Duda ${tag}`);
  await form.getByRole('textbox', { name: 'E-mail do aluno' }).fill(`duda.${tag}@escola.test`);
  await form.getByRole('button', { name: 'Matricular em 1 turma' }).click();
  await expect(form.getByText('Matrícula feita')).toBeVisible();
  await expect(roster.status).toHaveText('1 aluno');

  // Its button went with the empty roster: focus comes back to the panel's title.
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(roster.heading).toBeFocused();
  await expect(roster.table.getByRole('row').nth(1)).toContainText(`Duda ${tag}`);
});

/** The z-index an element is painted at: its own, or the nearest ancestor's that sets one. */
function stackLevel(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    for (let at: Element | null = element; at !== null; at = at.parentElement) {
      const zIndex = getComputedStyle(at).zIndex;
      if (zIndex !== 'auto') return Number(zIndex);
    }
    return 0;
  });
}
