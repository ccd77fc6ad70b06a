/**
 * The enrol form against a typo (issue 32, item 4), on the real reference API with the roster
 * extension: a name that finds a student suggests them, and a new e-mail typed with the name of a
 * student already there asks "É este aluno?" before anything is sent. Picking the student enrols
 * them, and no second student is created. Each test enrols a student of its own through the API.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Class } from '#contract';
import { studentSearchResponseSchema } from '#contract/extensions';
import {
  expect,
  expectNoAxeViolations,
  listClasses,
  OVER_THE_PAGE,
  signIn,
  test,
  turmasPage,
} from './support';

test.use({ apiExtensions: true });

let studentNumber = 0;
/** A student of their own for each test, with a surname nobody else has. */
function newStudent() {
  studentNumber += 1;
  const tag = `${Date.now().toString(36)}${studentNumber}`;
  return { name: `Iracema Valadares ${tag}`, email: `iracema.${tag}@escola.test` };
}

async function enrol(
  request: APIRequestContext,
  token: string,
  student: { name: string; email: string },
  turma: Class,
) {
  const answer = await request.post(`/v1/classe/${encodeURIComponent(turma.id)}/add-student`, {
    headers: { Authorization: `Bearer ${token}` },
    data: student,
  });
  expect(answer.ok(), `enrolling ${student.email} answered ${answer.status()}`).toBe(true);
}

/** Every student the server finds for `query`, by e-mail, with their turmas' ids. */
async function studentsFound(request: APIRequestContext, token: string, query: string) {
  const answer = await request.get(`/v1/students?query=${encodeURIComponent(query)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  const { data } = studentSearchResponseSchema.parse(await answer.json());
  return Object.fromEntries(
    data.map((student) => [student.email, student.classes.map(({ id }) => id)]),
  );
}

/** The student is in the first turma; the form opens from the second's row. */
async function setUp(page: Page, request: APIRequestContext, token: string) {
  const [first, second] = (await listClasses(request, token, { pageSize: 2 })).data as [
    Class,
    Class,
  ];
  const student = newStudent();
  await enrol(request, token, student, first);
  await signIn(page, token);
  await turmasPage(page).row(second).enrol.click();
  const dialog = page.getByRole('dialog', { name: 'Matricular aluno' });
  return {
    first,
    second,
    student,
    dialog,
    name: dialog.getByRole('combobox', { name: 'Nome do aluno' }),
    email: dialog.getByRole('textbox', { name: 'E-mail do aluno' }),
    submit: dialog.getByRole('button', { name: 'Matricular em 1 turma' }),
  };
}

test('a typo in an existing student’s e-mail asks “É este aluno?”; picking them enrols them, with no second student', async ({
  page,
  request,
  token,
}) => {
  const { first, second, student, dialog, name, email, submit } = await setUp(page, request, token);
  const typo = student.email.replace('iracema.', 'iracena.');

  await name.fill(student.name);
  await email.fill(typo);
  const question = dialog.getByRole('group', { name: 'É este aluno?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('listitem')).toHaveText([
    `${student.name} — ${student.email}Em 1 turmaUsar este e-mail`,
  ]);
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  // Sending is held until the question is answered.
  await submit.click();
  await expect(question.getByRole('alert')).toHaveText(
    'Responda antes de matricular: é um destes alunos ou um aluno novo?',
  );
  await question.getByRole('button', { name: `Usar este e-mail: ${student.email}` }).click();

  await expect(email).toHaveValue(student.email);
  await expect(
    dialog.getByText(`Aluno já cadastrado: ${student.name}`, { exact: true }),
  ).toBeVisible();
  await submit.click();
  await expect(dialog.getByText('Matrícula feita')).toBeVisible();

  // One student of that name, now in both turmas: the typo made no second one.
  const found = await studentsFound(request, token, student.name);
  expect(Object.keys(found)).toEqual([student.email]);
  expect(found[student.email]!.toSorted()).toEqual([first.id, second.id].toSorted());
});

test('the name field suggests the student: keyboard picks them, axe finds nothing in the list', async ({
  page,
  request,
  token,
}) => {
  const { student, dialog, name, email } = await setUp(page, request, token);

  await name.pressSequentially(student.name.split(' ').slice(1).join(' '));
  const suggestions = dialog.getByRole('listbox', { name: 'Alunos encontrados' });
  const option = suggestions.getByRole('option', { name: `${student.name}, ${student.email}` });
  await expect(option).toBeVisible();
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  await page.keyboard.press('ArrowDown');
  await expect(name).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await page.keyboard.press('Enter');

  await expect(name).toHaveValue(student.name);
  await expect(email).toHaveValue(student.email);
  await expect(suggestions).toBeHidden();
  await expect(
    dialog.getByText(`Aluno já cadastrado: ${student.name}`, { exact: true }),
  ).toBeVisible();
});
