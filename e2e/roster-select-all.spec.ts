/**
 * A whole roster at once (issue 37, item 3) against the real server: every student of a roster
 * longer than a page ticked across pages and removed behind the typed count; and a roster run
 * paused mid-way, whose counts of done, failed and not attempted yet are the server's.
 */
import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { Class } from '#contract';
import {
  enrolThroughApi,
  escapeRegExp,
  rosterOf,
  rosterPanel,
  type NewStudent,
} from './roster-support';
import {
  countsOf,
  expect,
  expectNoAxeViolations,
  listClasses,
  newTag,
  OVER_THE_PAGE,
  signIn,
  test,
  turmasPage,
} from './support';

// The roster is the extension's: on for this file even in a plain-v1 run of the whole suite.
test.use({ apiExtensions: true });

/** `count` students of a new tag, named so they list in order. */
function studentsOf(tag: string, count: number): NewStudent[] {
  return Array.from({ length: count }, (_, index) => ({
    name: `Aluno ${String(index).padStart(2, '0')} ${tag}`,
    email: `aluno${index}.${tag}@escola.test`,
  }));
}

/** Turmas of the table's first page (by name), away from the ones other roster files use. */
async function turmasOfFirstPage(request: APIRequestContext, token: string) {
  const { data } = await listClasses(request, token, { pageSize: 20 });
  return data.slice(12);
}

/** The run's counts as the dialog shows them: each term with its figure. */
async function runCounts(dialog: ReturnType<Page['getByRole']>) {
  const terms = dialog.getByRole('term');
  const pairs = await terms.evaluateAll((found) =>
    found.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? null]),
  );
  return Object.fromEntries(pairs) as Record<string, string | null>;
}

test('ticks a whole roster across pages and removes it behind the typed count', async ({
  page,
  request,
  token,
}) => {
  // The emptiest, so that emptying it takes the least from what other files may read.
  const [turma, neighbour] = (await turmasOfFirstPage(request, token)).sort(
    (a, b) => a.countStudents - b.countStudents,
  ) as [Class, Class];
  const added = studentsOf(newTag(), 60);
  await enrolThroughApi(request, token, turma, added);
  const [total, besides] = await countsOf(request, token, [turma, neighbour]);
  // More than a page of the panel (50), and within what rosterOf reads at once.
  expect(total).toBeGreaterThan(50);
  expect(total).toBeLessThanOrEqual(100);

  await signIn(page, token);
  const list = turmasPage(page);
  await expect(list.row(turma).students).toHaveText(String(total));
  await list.table
    .getByRole('button', { name: `Ver alunos de ${turma.name}`, exact: true })
    .click();
  const roster = rosterPanel(page, turma);
  await expect(roster.status).toHaveText(`${total} alunos`);
  await roster.dialog
    .getByRole('checkbox', { name: 'Selecionar todos os alunos desta página' })
    .check();
  await expect(roster.bar.getByRole('status')).toHaveText('50 alunos selecionados');
  await roster.dialog
    .getByRole('button', { name: `Selecionar todos os ${total} alunos encontrados` })
    .click();
  await expect(roster.bar.getByRole('status')).toHaveText(`${total} alunos selecionados`);

  await roster.bar.getByRole('button', { name: 'Remover da turma' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Remover ${total} alunos da turma` });
  const confirmation = dialog.getByRole('textbox', { name: /^Para confirmar, digite quantos/ });
  const submit = dialog.getByRole('button', { name: `Remover ${total} alunos` });
  // A near miss keeps it from going.
  await confirmation.fill(String(total! - 1));
  await expect(submit).toHaveAttribute('aria-disabled', 'true');
  await confirmation.fill(String(total));
  await submit.click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  await expect(
    roster.dialog.getByText(`${total} alunos não estão mais em ${turma.name}.`),
  ).toBeVisible();
  await expect(roster.dialog.getByText('Nenhum aluno nesta turma')).toBeVisible();
  expect((await rosterOf(request, token, turma)).totalRecords).toBe(0);

  // Back on the list: the turma's count is down to nothing, its neighbour's as it was.
  await page.keyboard.press('Escape');
  await expect(roster.dialog).toBeHidden();
  await expect(list.row(turma).students).toHaveText('0');
  await expect(list.row(neighbour).students).toHaveText(String(besides));
  expect(await countsOf(request, token, [turma, neighbour])).toEqual([0, besides]);
});

test('a paused copy counts done, failed and not attempted as the server has them', async ({
  page,
  request,
  token,
  consoleErrors,
}) => {
  // The one refusal below is on purpose.
  consoleErrors.allowFailedResponses(422);
  const [, , from, to] = (await turmasOfFirstPage(request, token)) as [Class, Class, Class, Class];
  const tag = newTag();
  const students = studentsOf(tag, 12);
  await enrolThroughApi(request, token, from, students);

  // Each enrolment in the target waits here until the test lets it go, while `holding`.
  let holding = true;
  const held: { route: Route; email: string }[] = [];
  await page.route(`**/v1/classe/${encodeURIComponent(to.id)}/add-student`, async (route) => {
    if (!holding) return route.continue();
    held.push({ route, email: (route.request().postDataJSON() as { email: string }).email });
  });
  const heldCount = (count: number) =>
    expect.poll(() => held.length, { message: `${count} enrolments held` }).toBe(count);

  await signIn(page, token, `/?turma=${encodeURIComponent(from.id)}&rosterQ=${tag}`);
  const roster = rosterPanel(page, from);
  await expect(roster.status).toHaveText('12 alunos encontrados');
  await roster.dialog
    .getByRole('checkbox', { name: 'Selecionar todos os alunos desta página' })
    .check();
  await roster.bar.getByRole('button', { name: 'Matricular estes alunos em…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Matricular 12 alunos em outra turma' });
  await dialog.getByRole('combobox', { name: 'Adicionar turma' }).fill(to.name);
  await page
    .getByRole('option', { name: new RegExp(`^${escapeRegExp(to.name)}`) })
    .first()
    .click();
  const submit = dialog.getByRole('button', { name: 'Matricular 12 alunos' });
  await submit.focus();
  await page.keyboard.press('Enter');

  // Four on their way (the runner's limit): paused, it waits for them and sends nothing more.
  await heldCount(4);
  await dialog.getByRole('button', { name: 'Pausar' }).click();
  await expect(dialog.getByText('Pausando: aguardando 4 envios em andamento…')).toBeVisible();
  const [refused, ...letThrough] = held;
  await refused!.route.fulfill({
    status: 422,
    json: { status: '422', message: 'email: domain not accepted' },
  });
  for (const { route } of letThrough) await route.continue();

  await expect(dialog.getByText('Pausado', { exact: true })).toBeVisible();
  expect(await runCounts(dialog)).toEqual({
    Concluídos: '3',
    'Com falha': '1',
    'Ainda não tentados': '8',
    'Tempo restante': 'calculando…',
  });
  await expect(dialog.getByRole('progressbar', { name: 'Andamento' })).toHaveAttribute(
    'aria-valuenow',
    '4',
  );
  // The server's state: the three let through are there, nobody else of the twelve.
  const there = (await rosterOf(request, token, to, tag)).data.map(({ email }) => email);
  expect(there.sort()).toEqual(letThrough.map(({ email }) => email).sort());
  expect(held).toHaveLength(4);
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  holding = false;
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  const summary = dialog.getByText('Concluído — feitos: 11; não feitos: 1.');
  await expect(summary).toBeVisible({ timeout: 20_000 });
  // "Continuar" went with the run's progress: focus is on what the run did, not the page's body.
  await expect(summary).toBeFocused();
  const outcomes = dialog.getByRole('list', { name: 'Resultado por aluno' }).getByRole('listitem');
  await expect(outcomes.filter({ hasText: `Matriculado em ${to.name}` })).toHaveCount(11);
  await expect(outcomes.filter({ hasText: refused!.email })).toContainText('domain not accepted');
  const after = (await rosterOf(request, token, to, tag)).data.map(({ email }) => email);
  expect(after.sort()).toEqual(
    students
      .map(({ email }) => email)
      .filter((email) => email !== refused!.email)
      .sort(),
  );
});
