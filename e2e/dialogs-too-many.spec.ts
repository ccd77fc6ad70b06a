/**
 * Over 100 turmas selected, neither form can be opened for them (one write takes at most 100):
 * both buttons look unavailable, the removal one included, and the tray says why.
 */
import { expect, listClasses, signIn, test, turmasPage } from './support';

test.use({ demoClasses: 105 });

test('with 101 turmas selected, "Remover aluno" looks disabled and the tray says why', async ({
  page,
  request,
  token,
}) => {
  const { data: secondPage } = await listClasses(request, token, { pageSize: 100, page: 2 });
  await signIn(page, token, '/?pageSize=100');
  const list = turmasPage(page);
  await list.pageCheckbox.check();
  await list.pagerButton('Próxima página').click();
  await expect(list.nameCells).toHaveCount(5);
  await list.rowCheckbox(secondPage[0]!).check();
  await expect(list.trayCount).toHaveText('101 turmas selecionadas');

  const enrol = list.tray.getByRole('button', { name: 'Matricular aluno' });
  const remove = list.tray.getByRole('button', { name: 'Remover aluno' });
  await expect(enrol).toBeDisabled();
  await expect(remove).toBeDisabled();
  const colour = (button: typeof remove) => button.evaluate((node) => getComputedStyle(node).color);
  // The same look as the other unavailable button, not removal's red.
  expect(await colour(remove)).toBe(await colour(enrol));
  // Why, said where a screen reader reaches the buttons too.
  const why = 'Cada operação aceita no máximo 100 turmas. Remova algumas da seleção.';
  await expect(list.tray).toContainText(why);
  await expect(enrol).toHaveAccessibleDescription(why);
  await expect(remove).toHaveAccessibleDescription(why);

  // Back within the limit: the buttons work, and nothing describes them any more.
  await list.rowCheckbox(secondPage[0]!).uncheck();
  await expect(enrol).toBeEnabled();
  await expect(enrol).toHaveAccessibleDescription('');
  await expect(enrol).not.toHaveAttribute('aria-describedby');
});
