/**
 * An e-mail pasted from a web page or a spreadsheet with a character nobody can see in it (here a
 * zero-width space): the enrol form says which character and where, in the browser's own e-mail
 * field, sends nothing, and never takes the character out behind the person's back.
 */
import type { Request } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  listClasses,
  newTag,
  OVER_THE_PAGE,
  signIn,
  test,
  turmasPage,
} from './support';

test('the enrol form points at an invisible character in a pasted e-mail, and sends nothing', async ({
  page,
  request,
  token,
}) => {
  const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;
  const email = `ana.${newTag()}@escola.test`;
  const [local, domain] = email.split('@') as [string, string];
  const pasted = `${local}\u200B@${domain}`;
  const sent: Request[] = [];
  page.on('request', (sending) => {
    if (sending.method() === 'POST') sent.push(sending);
  });
  await signIn(page, token);

  await turmasPage(page).row(turma!).enrol.click();
  const dialog = page.getByRole('dialog', { name: 'Matricular aluno' });
  await dialog.getByLabel('Nome do aluno').fill('Ana Souza');
  const field = dialog.getByRole('textbox', { name: 'E-mail do aluno' });
  await field.fill(pasted);
  await dialog.getByRole('button', { name: /^Matricular em 1 turma$/ }).click();

  const said =
    'O e-mail tem um caractere invisível, espaço de largura zero [U+200B]: ' +
    `${local}[U+200B]@${domain}. Apague-o ou digite o e-mail em vez de colar.`;
  await expect(field).toHaveAccessibleDescription(said);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  // As pasted: the field is the person's to fix.
  await expect(field).toHaveValue(pasted);
  expect(sent, 'nothing sent').toEqual([]);
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  // Typed again, it goes, exactly as shown.
  await field.fill(email);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  const sending = page.waitForRequest((candidate) => candidate.method() === 'POST');
  await dialog.getByRole('button', { name: /^Matricular em 1 turma$/ }).click();
  expect((await sending).postDataJSON()).toMatchObject({ email });
  await expect(dialog.getByText('Matrícula feita')).toBeVisible();
});
