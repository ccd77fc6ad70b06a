/**
 * The student's page (issue 37) against the real server: found from the header's search, opened,
 * an expiry changed and a move between turmas, with axe clean, at desktop and phone size.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Class } from '#contract';
import { studentsByEmailResponseSchema } from '#contract/extensions';
import {
  expect,
  expectNoAxeViolations,
  listClasses,
  newTag,
  OVER_THE_PAGE,
  signIn,
  test,
} from './support';

// The student reads are the extensions': on for this file even in a plain-v1 run of the suite.
test.use({ apiExtensions: true });

const DAY = 24 * 60 * 60 * 1000;

async function studentRecord(request: APIRequestContext, token: string, email: string) {
  const answer = await request.get(`/v1/students/by-email?email=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  return studentsByEmailResponseSchema.parse(await answer.json()).data[0]!;
}

test('finds a student from the header, changes an expiry and moves them @phone', async ({
  page,
  request,
  token,
}) => {
  const { data } = await listClasses(request, token, { pageSize: 2 });
  const [from, to] = data as [Class, Class];
  const tag = newTag();
  const student = { name: `Duda ${tag}`, email: `duda.${tag}@escola.test` };
  const enrolled = await request.post(`/v1/classe/${encodeURIComponent(from.id)}/add-student`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...student, expirationDate: new Date(Date.now() + 20 * DAY).toISOString() },
  });
  expect(enrolled.ok()).toBe(true);

  await signIn(page, token);
  const search = page.getByRole('button', { name: /Buscar aluno/ });
  await expect(search).toBeVisible();
  // The button, where there is no keyboard; then the shortcut from the page.
  await search.click();
  const finder = page.getByRole('dialog', { name: 'Buscar aluno' });
  await expect(finder).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(finder).toBeHidden();
  // The shortcut with focus nowhere: it comes back to the button.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Control+k');
  await finder.getByLabel('Nome ou e-mail do aluno').fill(`duda ${tag}`);
  await finder.getByRole('option', { name: new RegExp(student.email) }).click();

  const studentPage = page.getByRole('dialog', { name: student.name });
  await expect(studentPage.getByRole('heading', { name: student.name })).toBeFocused();
  // Closed, focus is on the search's button; from there, the same student again.
  await page.keyboard.press('Escape');
  await expect(studentPage).toBeHidden();
  await expect(search).toBeFocused();
  await page.keyboard.press('Enter');
  await finder.getByLabel('Nome ou e-mail do aluno').fill(`duda ${tag}`);
  await finder.getByRole('option', { name: new RegExp(student.email) }).click();
  await expect(studentPage.getByRole('heading', { name: student.name })).toBeFocused();
  expect(new URL(page.url()).searchParams.get('aluno')).toBe(student.email);
  const table = studentPage.getByRole('table', { name: `Turmas de ${student.name}` });
  await expect(table).toContainText(from.name);
  await expect(table).toContainText(/Expira em 2\d dias/);
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  // A new expiry: none.
  await table.getByRole('checkbox', { name: `Selecionar ${from.name}` }).check();
  await studentPage.getByRole('button', { name: 'Alterar validade' }).click();
  const expiry = page.getByRole('dialog', { name: 'Alterar validade' });
  // It opens on its field, not on the header's ✕.
  await expect(expiry.getByRole('textbox', { name: /^Validade da matrícula/ })).toBeFocused();
  await expiry.getByRole('checkbox', { name: 'Sem validade' }).check();
  await expiry.getByRole('button', { name: 'Alterar validade' }).click();
  await expect(studentPage.getByText(`Validade alterada em ${from.name}.`)).toBeVisible();
  await expect(table).toContainText('Sem validade');
  expect((await studentRecord(request, token, student.email)).classes).toEqual([
    expect.objectContaining({ id: from.id, expirationDate: null }),
  ]);

  // Moved to the other turma, keeping the expiry.
  await table.getByRole('button', { name: `Mover de ${from.name}` }).click();
  const move = page.getByRole('dialog', { name: 'Mover para outra turma' });
  // The dialog starts in its turma search, the field to fill first.
  const turmaSearch = move.getByRole('combobox', { name: 'Adicionar turma' });
  await expect(turmaSearch).toBeFocused();
  await turmaSearch.fill(to.name);
  await move
    .getByRole('option', { name: new RegExp(`^${to.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .first()
    .click();
  await expectNoAxeViolations(page, OVER_THE_PAGE);
  await expect(move.getByRole('list', { name: 'Para a turma' })).toContainText(to.name);
  // Picked, the list has closed: nothing moves under the pointer as focus leaves the search.
  await move.getByRole('button', { name: 'Mover', exact: true }).click();
  await expect(studentPage.getByText(`Movido de ${from.name} para ${to.name}.`)).toBeVisible();
  await expect(table).toContainText(to.name);
  await expect(table).not.toContainText(from.name);
  expect((await studentRecord(request, token, student.email)).classes).toEqual([
    expect.objectContaining({ id: to.id, expirationDate: null }),
  ]);
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  // Back closes the page.
  await page.goBack();
  await expect(studentPage).toBeHidden();
});
