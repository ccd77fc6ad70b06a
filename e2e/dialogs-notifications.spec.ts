/**
 * Notifications and dialogs together: no toast covers an open dialog or the header's controls,
 * and a visible toast passes axe (contrast, named close button) in both themes. Placeholders are
 * AA too.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, listClasses, signIn, test, turmasPage } from './support';

let studentNumber = 0;
function newStudent() {
  studentNumber += 1;
  const tag = `${Date.now()}.${studentNumber}`;
  return { name: `Aluna Aviso ${studentNumber}`, email: `aviso.${tag}@escola.test` };
}

async function enrolThroughApi(
  request: APIRequestContext,
  token: string,
  email: string,
  turmas: { id: string }[],
) {
  const answer = await request.post('/v1/classe/add-student', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'Aluna de Teste', email, classes: turmas.map(({ id }) => ({ id })) },
  });
  expect(answer.ok()).toBe(true);
}

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The visible notifications whose box meets `target`'s: there must be none. */
async function toastsOver(page: Page, target: Locator): Promise<string[]> {
  const targetBox = await target.boundingBox();
  if (!targetBox) return [];
  const covering: string[] = [];
  for (const toast of await page.getByRole('alert').all()) {
    const box = (await toast.isVisible()) ? await toast.boundingBox() : null;
    if (box && intersects(box, targetBox)) covering.push((await toast.textContent()) ?? '');
  }
  return covering;
}

/** WCAG contrast ratio of two CSS `rgb(…)` colours. */
function contrast(foreground: string, background: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The enrol dialog, opened from the first turma's row. */
async function openEnrolDialog(page: Page, request: APIRequestContext, token: string) {
  const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;
  await turmasPage(page).row(turma!).enrol.click();
  return page.getByRole('dialog', { name: 'Matricular aluno' });
}

// Both themes: the toast's text and the placeholders are read against each one's colours.
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the enrol toast waits for the dialog to close, then passes axe', async ({
      page,
      request,
      token,
    }) => {
      await signIn(page, token);
      const student = newStudent();

      const dialog = await openEnrolDialog(page, request, token);
      await dialog.getByLabel('Nome do aluno').fill(student.name);
      await dialog.getByRole('textbox', { name: 'E-mail do aluno' }).fill(student.email);
      await dialog.getByRole('button', { name: 'Matricular em 1 turma' }).click();
      await expect(dialog.getByText('Matrícula feita')).toBeVisible();

      // The outcome is said in the dialog; nothing lies over its ✕ or its content meanwhile.
      // Checked at once, not retried: the toast was shown before the dialog said "done".
      const closeButtons = dialog.getByRole('button', { name: 'Fechar' });
      for (const target of [closeButtons.first(), dialog]) {
        expect(await toastsOver(page, target)).toEqual([]);
      }
      // eslint-disable-next-line playwright/prefer-to-have-count -- at once: retried, it would pass when the toast closes by itself
      expect(await page.getByRole('alert').count()).toBe(0);
      await expect(closeButtons).toHaveCount(2);

      await closeButtons.last().click();
      await expect(dialog).toBeHidden();
      const toast = page.getByRole('alert').filter({ hasText: student.name });
      await expect(toast).toBeVisible();
      // Below the header: "English", the theme and "Sair" stay in view and in reach.
      expect(await toastsOver(page, page.getByRole('banner'))).toEqual([]);
      // Held open by the pointer (it closes after 8 s otherwise) while axe reads it.
      await toast.hover();
      await expect(toast.getByRole('button', { name: 'Fechar aviso' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('placeholders are at least 4.5:1 against their field', async ({
      page,
      request,
      token,
    }) => {
      await signIn(page, token);
      expect(await placeholderContrast(turmasPage(page).search)).toBeGreaterThanOrEqual(4.5);
      const dialog = await openEnrolDialog(page, request, token);
      const search = dialog.getByRole('combobox', { name: 'Adicionar turma' });
      expect(await placeholderContrast(search)).toBeGreaterThanOrEqual(4.5);
    });
  });
}

test('a removal says its outcome in the dialog; its toast waits for the next dialog to close', async ({
  page,
  request,
  token,
}) => {
  const { data: turmas } = await listClasses(request, token, { pageSize: 2 });
  const { email } = newStudent();
  await enrolThroughApi(request, token, email, turmas);
  await signIn(page, token);
  const list = turmasPage(page);

  await list.row(turmas[0]!).remove.click();
  const dialog = page.getByRole('alertdialog', { name: 'Remover aluno de turmas' });
  const emailField = dialog.getByLabel('E-mail do aluno', { exact: true });
  await emailField.fill(email);
  await dialog.getByRole('textbox', { name: /^Para confirmar/ }).fill(email);
  await dialog.getByRole('button', { name: 'Remover aluno', exact: true }).click();
  // The student's name, known to the console (roster extension), as the enrolment names them.
  const outcome = dialog.getByRole('group', { name: 'Aluna de Teste saiu de 1 turma' });
  await expect(outcome).toBeFocused();
  await expect(outcome).toContainText(`E-mail: ${email}`);
  // eslint-disable-next-line playwright/prefer-to-have-count -- at once: the toast waits for the close
  expect(await page.getByRole('alert').count()).toBe(0);
  await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(dialog).toBeHidden();
  const toast = page.getByRole('alert').filter({ hasText: 'Aluna de Teste saiu de 1 turma' });
  await expect(toast).toBeVisible();
  expect(await toastsOver(page, page.getByRole('banner'))).toEqual([]);

  // The next removal, while the first one's toast is still up (it lasts 8 s).
  await list.row(turmas[1]!).remove.click();
  await expect(emailField).toBeFocused();
  for (const target of [dialog, emailField]) {
    expect(await toastsOver(page, target)).toEqual([]);
  }
  // At once, not retried: the toast would close by itself within a few seconds anyway.
  // eslint-disable-next-line playwright/prefer-web-first-assertions -- at once: retried, it would pass when the toast closes by itself
  expect(await toast.isVisible()).toBe(false);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(toast).toBeVisible();
});

/** The contrast of a field's placeholder against the background it is read on. */
async function placeholderContrast(field: Locator): Promise<number> {
  await expect(field).toHaveAttribute('placeholder', /.+/);
  const { placeholder, background } = await field.evaluate((input) => {
    // The first opaque background from the field outwards: what the placeholder is read against.
    let element: Element | null = input;
    let color = 'rgba(0, 0, 0, 0)';
    while (element && /rgba\(.*, 0\)$|transparent/.test(color)) {
      color = getComputedStyle(element).backgroundColor;
      element = element.parentElement;
    }
    return { placeholder: getComputedStyle(input, '::placeholder').color, background: color };
  });
  return contrast(placeholder, background);
}
