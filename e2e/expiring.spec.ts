/**
 * The expiring-soon view (issue 37 item 4) against the real reference API, at desktop and phone
 * size: opened from the page, kept to one selected turma, two enrolments given a new expiry
 * through the v1 enrol write (the form closes, its outcome keeps the focus), the window exported
 * as CSV; axe on each state.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Class } from '#contract';
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  listClasses,
  OVER_THE_PAGE,
  signIn,
  test,
  turmasPage,
} from './support';

test.use({ apiExtensions: true });

const HOUR = 60 * 60 * 1000;

async function enrolSoon(
  request: APIRequestContext,
  token: string,
  turma: Class,
  student: { name: string; email: string },
) {
  const answer = await request.post(`/v1/classe/${encodeURIComponent(turma.id)}/add-student`, {
    headers: { Authorization: `Bearer ${token}` },
    // Within the hour: sooner than the demo data's expiries, so first in the list.
    data: { ...student, expirationDate: new Date(Date.now() + HOUR).toISOString() },
  });
  expect(answer.ok()).toBe(true);
}

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`extends two enrolments and exports the list (${size.name})`, async ({
    page,
    request,
    token,
  }) => {
    await page.setViewportSize(size);
    const tag = `${Date.now().toString(36)}${size.name}`;
    const students = [
      { name: `Odete Expira ${tag}`, email: `odete.${tag}@escola.test` },
      { name: `Otávio Expira ${tag}`, email: `otavio.${tag}@escola.test` },
    ];
    const { data } = await listClasses(request, token, { pageSize: 1 });
    const turma = data[0]!;
    for (const student of students) await enrolSoon(request, token, turma, student);

    await signIn(page, token);
    await turmasPage(page).rowCheckbox(turma).check();
    await page.getByRole('button', { name: 'Expirando em breve' }).click();
    const view = page.getByRole('dialog', { name: 'Expirando em breve' });
    await expect(view).toBeVisible();
    await view.getByRole('checkbox', { name: 'Só a turma selecionada' }).check();
    const table = view.getByRole('table', { name: 'Matrículas que expiram em breve' });
    for (const student of students) {
      await expect(table.getByText(student.email)).toBeVisible();
    }
    // Each enrolment a card on a phone: nothing of the table is past the screen's edge, nor
    // scrolled out of sight in a box of its own.
    const box = await table.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(size.width);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, OVER_THE_PAGE);

    // A name opens the student's page over the view; closing it comes back to the view.
    await table.getByRole('link', { name: students[0]!.name }).click();
    const studentPage = page.getByRole('dialog', { name: students[0]!.name });
    await expect(studentPage.getByRole('heading', { name: students[0]!.name })).toBeVisible();
    await expect(studentPage.getByRole('cell', { name: turma.name, exact: true })).toBeVisible();
    await page.goBack();
    await expect(studentPage).toBeHidden();
    await expect(table.getByRole('link', { name: students[0]!.name })).toBeFocused();

    const download = page.waitForEvent('download');
    await view.getByRole('button', { name: 'Exportar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^expirando-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      // Semicolons: Excel in Brazil opens a comma-separated file as one column.
      '\uFEFFNome;E-mail;Turma;Id da turma;Validade;Validade (ISO)',
    );
    for (const student of students) expect(csv).toContain(student.email);

    for (const student of students) {
      await view
        .getByRole('checkbox', { name: `Selecionar ${student.name} em ${turma.name}` })
        .check();
    }
    await view.getByRole('button', { name: 'Estender validade' }).click();
    await view.getByRole('button', { name: 'Aplicar nova validade' }).click();
    await expect(view.getByText('2 matrículas estendidas.')).toBeVisible();
    // Done, the form closes: its outcome, with Desfazer, stays and holds the focus (not the body).
    await expect(view.getByRole('button', { name: 'Aplicar nova validade' })).toBeHidden();
    const outcome = view.getByRole('status').filter({ hasText: '2 matrículas estendidas.' });
    await expect(outcome).toBeFocused();
    await expect(outcome.getByRole('button', { name: 'Desfazer' })).toBeVisible();
    await expectNoAxeViolations(page, OVER_THE_PAGE);
  });
}

const WORDS = {
  pt: {
    view: 'Expirando em breve',
    onlySelected: 'Só a turma selecionada',
    selectRow: (name: string, turma: string) => `Selecionar ${name} em ${turma}`,
    extend: 'Estender validade',
    form: 'Nova validade para 1 matrícula',
    expiry: 'Validade da matrícula',
    cancel: 'Cancelar',
  },
  en: {
    view: 'Expiring soon',
    onlySelected: 'Only the selected class',
    selectRow: (name: string, turma: string) => `Select ${name} in ${turma}`,
    extend: 'Extend expiry',
    form: 'New expiry for 1 enrolment',
    expiry: 'Enrolment expiry',
    cancel: 'Cancel',
  },
};

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
]) {
  for (const language of [
    { name: 'Portuguese', words: WORDS.pt, choose: async () => {} },
    {
      name: 'English',
      words: WORDS.en,
      choose: (page: Page) => page.getByRole('button', { name: 'English' }).click(),
    },
  ]) {
    test(`the new-expiry form takes focus where it opens and when its button is pressed again, and gives it back on cancel (${language.name}, ${size.name})`, async ({
      page,
      request,
      token,
    }) => {
      const words = language.words;
      await page.setViewportSize(size);
      const tag = `${Date.now().toString(36)}${size.name}${language.name}`;
      const student = { name: `Olga Expira ${tag}`, email: `olga.${tag}@escola.test` };
      const { data } = await listClasses(request, token, { pageSize: 1 });
      const turma = data[0]!;
      await enrolSoon(request, token, turma, student);

      await signIn(page, token);
      await turmasPage(page).rowCheckbox(turma).check();
      await language.choose(page);
      await page.goto('/?expirando=30');
      const view = page.getByRole('dialog', { name: words.view });
      await view.getByRole('checkbox', { name: words.onlySelected }).check();
      await view.getByRole('checkbox', { name: words.selectRow(student.name, turma.name) }).check();
      const extend = view.getByRole('button', { name: words.extend });
      await extend.press('Enter');

      // Focus is in the form, on the screen (the button stays below it, on a phone out of sight);
      // Tab goes on through the form, not on to the export and the table.
      const form = view.getByRole('group', { name: words.form });
      const heading = form.getByRole('heading', { name: words.form });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();
      await page.keyboard.press('Tab');
      await expect(form.getByRole('textbox', { name: words.expiry })).toBeFocused();
      // Pressed again while the form is open: back to the form, where it is.
      await extend.press('Enter');
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport();

      await form.getByRole('button', { name: words.cancel }).press('Enter');
      await expect(form).toBeHidden();
      await expect(extend).toBeFocused();
      await expect(extend).toBeInViewport();
      await expectNoHorizontalOverflow(page);
    });
  }
}

test('offline, a new window says it waits for the connection, never that nothing expires', async ({
  page,
  token,
  consoleErrors,
}) => {
  // Code the page loads at idle may be on its way when the network drops; the browser logs that.
  consoleErrors.allowNetworkFailures();
  await signIn(page, token, '/?expirando=7');
  const view = page.getByRole('dialog', { name: 'Expirando em breve' });
  // This window's answer (a count or none), whatever the shared data holds.
  const answered = view.getByRole('status').filter({ hasNotText: 'Carregando' }).first();
  await expect(answered).toBeVisible();

  await page.context().setOffline(true);
  await view.getByText('Até uma data').click();
  // Waiting, not failed: a status, titled as the turmas list's.
  const notice = view
    .getByRole('status')
    .filter({ hasText: 'As matrículas aparecem assim que a conexão voltar.' });
  await expect(notice).toContainText('Sem conexão com a internet');
  await expect(notice.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  await expect(view.getByRole('alert')).toBeHidden();
  await expect(view.getByText(/^Nenhuma matrícula expira/)).toBeHidden();
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  // Back online, the paused request goes by itself.
  await page.context().setOffline(false);
  await expect(notice).toBeHidden();
  await expect(answered).toBeVisible();
});

test('a day typed in "Até o dia" applies only given whole; one that cannot be is said, the panel kept', async ({
  page,
  token,
}) => {
  const inDays = (days: number) => {
    const today = new Date();
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
    return [day.getFullYear(), day.getMonth() + 1, day.getDate()]
      .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
      .join('-');
  };
  const start = inDays(30);
  await signIn(page, token, `/?expirando=${start}`);
  const view = page.getByRole('dialog', { name: 'Expirando em breve' });
  const field = view.getByLabel('Até o dia');
  await expect(field).toHaveValue(start);

  // To the year (last whether the browser writes the day or the month first) and its first
  // digit, which Chromium reports as a whole date in the year 0002.
  const year = String(Number(start.slice(0, 4)) + 1);
  const applied = new RegExp(`\\?expirando=${year}${start.slice(4)}$`);
  await field.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type(year[0]!);
  await expect(field).toHaveValue(`000${year[0]}${start.slice(4)}`);
  await expect(view).toBeVisible();
  expect(new URL(page.url()).search).toBe(`?expirando=${start}`);
  await page.keyboard.type(year.slice(1));
  expect(new URL(page.url()).search).toBe(`?expirando=${start}`);
  await expect(view.getByText(/^Esse dia já passou/)).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(applied);
  await expect(view).toBeVisible();

  // A year gone by, typed whole (still in the year, last in either order of day and month): said
  // under the field, which keeps it; the window stays.
  await page.keyboard.type('2020');
  await page.keyboard.press('Enter');
  await expect(view.getByText('Esse dia já passou: escolha hoje ou um dia depois.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveValue(`2020${start.slice(4)}`);
  await expect(page).toHaveURL(applied);
  await expect(view).toBeVisible();

  // The year taken out: a date with a part missing.
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await expect(view.getByText('Data incompleta ou inválida.')).toBeVisible();
  await expect(page).toHaveURL(applied);
  await expect(view).toBeVisible();
  await expectNoAxeViolations(page, OVER_THE_PAGE);
});
