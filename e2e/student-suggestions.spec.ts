/**
 * The removal dialog's student suggestions (the roster extension, issue 21) against the real
 * reference API: a student found by name, picked from the list, the turmas they are in told apart
 * from those they are not, and the outcome saying which is which. Each test enrols a student of
 * its own through the API and asks the server what changed.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Class } from '#contract';
import { studentSearchResponseSchema } from '#contract/extensions';
import {
  countsOf,
  expect,
  expectNoAxeViolations,
  listClasses,
  OVER_THE_PAGE,
  signIn,
  test,
  turmasPage,
} from './support';

// The suggestions come from the roster extension: on for this file even in a plain-v1 run of the
// whole suite (`E2E_API_EXTENSIONS=off`), whose own journeys are elsewhere.
test.use({ apiExtensions: true });

let studentNumber = 0;
/** A student of their own for each test (and each retry), with a surname nobody else has. */
function newStudent() {
  studentNumber += 1;
  const tag = `${Date.now().toString(36)}${studentNumber}`;
  return { name: `Zélia Quintanilha ${tag}`, email: `zelia.${tag}@escola.test` };
}

/** 30 June 2030, 23:59 UTC: far enough to stay in the future. */
const EXPIRY = '2030-06-30T23:59:00.000Z';

async function enrol(
  request: APIRequestContext,
  token: string,
  student: { name: string; email: string },
  turma: Class,
) {
  const answer = await request.post(`/v1/classe/${encodeURIComponent(turma.id)}/add-student`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...student, expirationDate: EXPIRY },
  });
  expect(answer.ok(), `enrolling ${student.email} answered ${answer.status()}`).toBe(true);
}

/** The turmas the server says the student is in now. */
async function turmasOf(request: APIRequestContext, token: string, email: string) {
  const answer = await request.get(`/v1/students?query=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  const { data } = studentSearchResponseSchema.parse(await answer.json());
  return data.find((student) => student.email === email)?.classes.map(({ id }) => id);
}

function removalDialog(page: Page) {
  const dialog = page.getByRole('alertdialog', { name: 'Remover aluno de turmas' });
  return {
    dialog,
    email: dialog.getByRole('combobox', { name: 'E-mail do aluno', exact: true }),
    suggestions: dialog.getByRole('listbox', { name: 'Alunos encontrados' }),
    turmas: dialog.getByRole('list', { name: /^Remover de \d+ turmas?$/ }),
    confirmation: dialog.getByRole('textbox', {
      name: 'Para confirmar, digite o e-mail do aluno novamente',
    }),
    remove: dialog.getByRole('button', { name: 'Remover aluno', exact: true }),
  };
}

/** Two turmas chosen from the tray; the student is in the first only. */
async function setUp(page: Page, request: APIRequestContext, token: string) {
  const { data } = await listClasses(request, token, { pageSize: 2 });
  const turmas = data as [Class, Class];
  const student = newStudent();
  await enrol(request, token, student, turmas[0]);
  const before = await countsOf(request, token, turmas);

  await signIn(page, token);
  const list = turmasPage(page);
  for (const turma of turmas) await list.rowCheckbox(turma).check();
  await list.tray.getByRole('button', { name: 'Remover aluno' }).click();
  return { turmas, student, before, dialog: removalDialog(page) };
}

test('removes a student picked from the suggestions, and says which turmas they were in', async ({
  page,
  request,
  token,
}) => {
  const { turmas, student, before, dialog } = await setUp(page, request, token);
  await expect(dialog.email).toBeFocused();

  await dialog.email.pressSequentially('quintanilha');
  const option = dialog.suggestions.getByRole('option', {
    name: `${student.name}, ${student.email}`,
  });
  await expect(option).toBeVisible();
  await expect(option).toHaveAccessibleDescription('Está em 1 das turmas escolhidas');
  // The list open, over a dialog: axe finds nothing in it.
  await expectNoAxeViolations(page, OVER_THE_PAGE);
  await option.click();

  await expect(dialog.email).toHaveValue(student.email);
  await expect(dialog.suggestions).toBeHidden();
  await expect(
    dialog.dialog.getByText(`${student.name} está em 1 das turmas escolhidas`),
  ).toBeVisible();
  await expect(dialog.turmas.getByRole('listitem')).toHaveText([
    new RegExp(`^${turmas[0].name}\\. Está nesta turma, com validade até `),
    `${turmas[1].name}. Não está nesta turma: nada muda nela`,
  ]);
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  await dialog.confirmation.fill(student.email);
  await dialog.remove.click();

  // Said in the dialog, by the student's name, as the enrolment's outcome is.
  const outcome = dialog.dialog.getByRole('group', { name: `${student.name} saiu de 1 turma` });
  await expect(outcome).toBeFocused();
  await expect(outcome).toContainText(
    `Saiu de: ${turmas[0].name}. Não estava em: ${turmas[1].name} (nada mudou).`,
  );
  await expectNoAxeViolations(page, OVER_THE_PAGE);
  await dialog.dialog.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(dialog.dialog).toBeHidden();
  expect(await countsOf(request, token, turmas)).toEqual([before[0]! - 1, before[1]]);
  expect(await turmasOf(request, token, student.email)).toEqual([]);
});

test('picks a suggested student with the keyboard', async ({ page, request, token }) => {
  const { turmas, student, dialog } = await setUp(page, request, token);

  // The e-mail's first part: its words find this student only.
  await dialog.email.pressSequentially(student.email.split('@')[0]!);
  const option = dialog.suggestions.getByRole('option', {
    name: `${student.name}, ${student.email}`,
  });
  await expect(option).toBeVisible();
  // The answer for all that was typed: one for a shorter part lists other students too, and a
  // student highlighted there is let go when the final answer no longer has them.
  await expect(dialog.suggestions.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await expect(dialog.email).toHaveAttribute(
    'aria-activedescendant',
    (await option.getAttribute('id'))!,
  );
  await page.keyboard.press('Enter');

  await expect(dialog.email).toHaveValue(student.email);
  await expect(dialog.email).toBeFocused();
  await expect(dialog.turmas.getByRole('listitem').nth(1)).toHaveText(
    `${turmas[1].name}. Não está nesta turma: nada muda nela`,
  );
  // Escape with the list open closes the list only; then the dialog (nothing else typed yet
  // but the e-mail, so it asks first).
  await dialog.email.press('Backspace');
  await expect(dialog.suggestions).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog.suggestions).toBeHidden();
  await expect(dialog.dialog).toBeVisible();
});
