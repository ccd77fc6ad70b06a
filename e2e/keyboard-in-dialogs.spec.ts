/**
 * The keyboard in the dialogs, in a real browser: keys typed in a dialog stay in it (the page's
 * "/" shortcut waits), the expiry's calendar keeps focus inside and gives it back to its button,
 * and an expiry can be typed instead of picked; a dialog fading out is out of reach at once.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, listClasses, signIn, test, turmasPage } from './support';

const CALENDAR = 'Escolher data e hora no calendário';

/** Whether focus is on something inside `dialog` (not on the page behind, nor the body). */
function focusInside(page: Page, name: string) {
  return page
    .getByRole('dialog', { name })
    .evaluate(
      (element) => element !== document.activeElement && element.contains(document.activeElement),
    );
}

/** Signed in, the first turma's enrol form opened from its row. */
async function openEnrolForm(page: Page, request: APIRequestContext, token: string) {
  await signIn(page, token);
  const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;
  await turmasPage(page).row(turma!).enrol.click();
  return page.getByRole('dialog', { name: 'Matricular aluno' });
}

test('"/" and a typed date stay in an open dialog, and the search behind is left as it was', async ({
  page,
  request,
  token,
}) => {
  await signIn(page, token);
  const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;
  const list = turmasPage(page);
  const row = list.row(turma!);

  for (const { open, dialog } of [
    { open: row.enrol, dialog: page.getByRole('dialog', { name: 'Matricular aluno' }) },
    {
      open: row.remove,
      dialog: page.getByRole('alertdialog', { name: 'Remover aluno de turmas' }),
    },
  ]) {
    // Keyboard only, as the walk through the console went.
    await open.focus();
    await page.keyboard.press('Enter');
    const cancel = dialog.getByRole('button', { name: 'Cancelar' });
    await cancel.focus();

    await page.keyboard.type('/abc');
    await page.keyboard.type('15/03/2027');

    await expect(cancel).toBeFocused();
    await expect(list.search).toHaveValue('');
    expect(new URL(page.url()).search).toBe('');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
  }

  // With nothing open over the page, "/" still goes to the search.
  await expect(row.remove).toBeFocused();
  await page.keyboard.press('/');
  await expect(list.search).toBeFocused();
  await expect(list.search).toHaveValue('');
});

test('the expiry’s calendar is a named dialog that keeps focus, and gives it back to its button', async ({
  page,
  request,
  token,
}) => {
  const form = await openEnrolForm(page, request, token);
  const opener = form.getByRole('button', { name: CALENDAR });
  const calendar = page.getByRole('dialog', { name: CALENDAR });

  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(calendar).toBeVisible();
  await expect.poll(() => focusInside(page, CALENDAR)).toBe(true);
  // On screen whole, its hours' field too: where a mouse can reach every part of it.
  const screen = page.viewportSize()!;
  for (const part of [calendar, calendar.getByLabel('Horas', { exact: true })]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(screen.width);
    expect(box.y + box.height).toBeLessThanOrEqual(screen.height);
  }
  const named = await new AxeBuilder({ page })
    .withRules(['aria-dialog-name'])
    .setLegacyMode(true)
    .analyze();
  expect(named.violations).toEqual([]);

  // "Escolher mês" draws the year's months, and a month draws its days: focus stays inside.
  await calendar.getByRole('button', { name: 'Escolher mês' }).focus();
  await page.keyboard.press('Enter');
  await expect(calendar.getByRole('button', { name: 'Escolher ano' })).toBeVisible();
  await expect.poll(() => focusInside(page, CALENDAR)).toBe(true);
  await page.keyboard.press('Enter');
  await expect(calendar.getByRole('button', { name: 'Escolher mês' })).toBeVisible();
  await expect.poll(() => focusInside(page, CALENDAR)).toBe(true);
  await page.keyboard.press('Tab');
  await expect.poll(() => focusInside(page, CALENDAR)).toBe(true);

  // Confirming by keyboard closes the calendar, back on its button in the form.
  await calendar.getByRole('button', { name: 'Confirmar data e hora' }).focus();
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(opener).toBeFocused();
  await page.keyboard.press('Tab');
  await expect.poll(() => focusInside(page, 'Matricular aluno')).toBe(true);

  // Escape closes the calendar alone, back on its button too.
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(form).toBeVisible();
  await expect(opener).toBeFocused();
});

test('an expiry typed in the locale’s form is sent as that moment', async ({
  page,
  request,
  token,
}) => {
  const form = await openEnrolForm(page, request, token);
  const expiry = form.getByRole('textbox', { name: 'Validade da matrícula' });
  await form.getByLabel('Nome do aluno').fill('Aluna Digitada');
  await form
    .getByRole('textbox', { name: 'E-mail do aluno' })
    .fill(`digitada.${Date.now()}@escola.test`);

  await expiry.fill('15/03/2027 18:00');
  const expected = await page.evaluate(() => new Date(2027, 2, 15, 18, 0).toISOString());
  const sent = page.waitForRequest((sending) => sending.url().endsWith('/add-student'));
  await expiry.press('Enter');

  expect((await sent).postDataJSON()).toMatchObject({ expirationDate: expected });
  await expect(form.getByText('Matrícula feita')).toBeVisible();
});

test('a dialog fading out is out of reach at once: the page beneath is the one in use', async ({
  page,
  request,
  token,
}) => {
  const dialog = await openEnrolForm(page, request, token);
  await expect(dialog).toBeVisible();
  // Closed and looked at in one task of the page: Mantine keeps it on screen ~200 ms to fade.
  const closing = await dialog
    .getByRole('button', { name: 'Cancelar' })
    .evaluate(async (cancel: HTMLElement) => {
      const root = cancel.closest('[role="dialog"]')!;
      cancel.click();
      await new Promise((resolve) => setTimeout(resolve));
      return { shown: root.isConnected, inert: root.closest('[inert]') !== null };
    });
  expect(closing).toEqual({ shown: true, inert: true });
  await expect(dialog).toBeHidden();
});
