/**
 * A platform with no turmas yet. The demo size is a worker-scoped option, which Playwright lets
 * a file set only at its top level (it means a server of its own): hence a file of its own.
 */
import { expect, expectNoAxeViolations, listClasses, signIn, test, turmasPage } from './support';

test.use({ demoClasses: 0 });

test('says that no turma exists yet', async ({ page, request, token }) => {
  expect((await listClasses(request, token)).totalRecords).toBe(0);
  await signIn(page, token);
  const turmas = turmasPage(page);

  await expect(page.getByText('Nenhuma turma cadastrada', { exact: true })).toBeVisible();
  await expect(
    page.getByText('As turmas criadas na plataforma aparecerão aqui.', { exact: true }),
  ).toBeVisible();
  await expect(turmas.status).toHaveText('0 turmas');
  await expect(turmas.table).toBeHidden();
  await expect(turmas.pager).toBeHidden();
  // No search to clear: nothing to search in.
  await expect(turmas.clearSearchInEmptyState).toBeHidden();
  await expectNoAxeViolations(page);
});
