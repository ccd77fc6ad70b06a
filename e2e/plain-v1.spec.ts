/**
 * The console against a platform's plain v1: the same reference server with its extensions off
 * (`API_EXTENSIONS=off`). Nothing of the roster shows or is asked for, nothing logs an error, and
 * the everyday journeys work as they always did. (`E2E_API_EXTENSIONS=off npx playwright test`
 * runs every journey this way.)
 */
import type { Page } from '@playwright/test';
import type { Class } from '#contract';
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

test.use({ apiExtensions: false });

/** Every request the page makes to an extension's endpoints. */
function watchExtensionCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/v1\/(classe\/[^/]+\/students|students|students\/.*|enrolments\/.*)$/.test(pathname)) {
      calls.push(pathname);
    }
  });
  return calls;
}

/** Enrols a new student in `turma` with its row's "Matricular", and closes the dialog. */
async function enrolThroughDialog(page: Page, turma: Class, name: string, email: string) {
  await turmasPage(page).row(turma).enrol.click();
  const enrol = page.getByRole('dialog', { name: 'Matricular aluno' });
  await enrol.getByRole('textbox', { name: 'Nome do aluno' }).fill(name);
  await enrol.getByRole('textbox', { name: 'E-mail do aluno' }).fill(email);
  await enrol.getByRole('button', { name: /^Matricular em 1 turma$/ }).click();
  await expect(enrol.getByText('Matrícula feita')).toBeVisible();
  await enrol.getByRole('button', { name: 'Fechar' }).filter({ hasText: 'Fechar' }).click();
  await expect(enrol).toBeHidden();
}

test('shows no roster control anywhere and asks for no roster', async ({
  page,
  request,
  token,
}) => {
  const calls = watchExtensionCalls(page);
  const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;
  // A link to a roster, shared from a server that had one.
  await signIn(page, token, `/?turma=${encodeURIComponent(turma!.id)}`);
  const list = turmasPage(page);
  await expect(list.table).toHaveAttribute('aria-busy', 'false');
  await expect(list.row(turma!).enrol).toBeVisible();

  await list.rowCheckbox(turma!).check();
  await expect(list.chip(turma!)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Ver alunos de / })).toHaveCount(0);
  await expect(list.table.locator('tbody').getByRole('button', { name: 'Alunos' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(calls).toEqual([]);
});

test('offers no student search, student page or expiring soon', async ({ page, token }) => {
  const calls = watchExtensionCalls(page);
  // Links shared from a server that had them.
  await signIn(page, token, '/?aluno=ana%40escola.example&expirando=30');
  const list = turmasPage(page);
  await expect(list.table).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('button', { name: /Buscar aluno/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Expirando em breve/ })).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(calls).toEqual([]);
});

test('enrols and removes a student through the dialogs as before', async ({
  page,
  request,
  token,
}) => {
  const calls = watchExtensionCalls(page);
  const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;
  const [before] = await countsOf(request, token, [turma!]);
  const email = `plain.${Date.now()}@escola.test`;

  await signIn(page, token);
  const list = turmasPage(page);
  await enrolThroughDialog(page, turma!, 'Aluna do v1', email);
  await expect(list.row(turma!).students).toHaveText(String(before! + 1));

  await list.row(turma!).remove.click();
  const remove = page.getByRole('alertdialog', { name: 'Remover aluno de turmas' });
  await remove.getByRole('textbox', { name: 'E-mail do aluno', exact: true }).fill(email);
  await remove
    .getByRole('textbox', { name: 'Para confirmar, digite o e-mail do aluno novamente' })
    .fill(email);
  await remove.getByRole('button', { name: 'Remover aluno', exact: true }).click();
  // Without the roster extension the console cannot know the name: the e-mail names the student.
  await expect(
    remove.getByRole('group', { name: `${email} não está mais em 1 turma` }),
  ).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(remove).toBeHidden();
  await expect(list.row(turma!).students).toHaveText(String(before));
  expect(calls).toEqual([]);
});

test('History lists an enrolment sent from this browser, with no Desfazer', async ({
  page,
  request,
  token,
}) => {
  const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;
  const email = `historico.${Date.now()}@escola.test`;
  await signIn(page, token);
  await enrolThroughDialog(page, turma!, 'Aluna do histórico', email);

  await page.getByRole('button', { name: 'Histórico' }).click();
  const history = page.getByRole('dialog', { name: 'Histórico' });
  await expect(history.getByText(/o que este navegador enviou/)).toBeVisible();
  await expect(
    history.getByText(`Matrícula de Aluna do histórico <${email}> em ${turma!.name}`),
  ).toBeVisible();
  await expect(history.getByText(`${turma!.name}: feita`)).toBeVisible();
  await expect(history.getByRole('button', { name: /Desfazer/ })).toHaveCount(0);
  await expectNoAxeViolations(page, OVER_THE_PAGE);
});
