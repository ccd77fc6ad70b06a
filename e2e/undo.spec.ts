/**
 * Undo (issue 38) against the real reference API: an enrolment undone from its success message, a
 * removal from three turmas and a bulk run of 20 undone from History (and a run from its own
 * success message), a refused undo that names the turma it left alone, and History's filters,
 * paging and address by keyboard, with axe clean in each of its states. The truth is always the
 * server's: counts, and each student's turmas with expiry and enrolment date, before and after.
 * One server for the file: each test has turmas and students of its own. Only what this file
 * proves goes through the page: the data around it is seeded through the API.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { RUN_ID_HEADER, type Class } from '#contract';
import { auditResponseSchema, studentsByEmailResponseSchema } from '#contract/extensions';
import { namedCredential } from '../server/credentials.ts';
import {
  countsOf,
  expect,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  listClasses,
  newTag,
  OVER_THE_PAGE,
  signIn,
  test,
  turmasPage,
} from './support';

// Undo and History are the audit extension's: on for this file even in a plain-v1 run.
const OTHER_TOKEN = randomBytes(24).toString('base64url');
test.use({
  apiExtensions: true,
  credentials: [namedCredential('coord-fund2', 'write', OTHER_TOKEN)],
});

const numbers = new Intl.NumberFormat('pt-BR');

/** The turmas at `indices` of the list's first page (its default order): each test its own. */
async function turmasAt(request: APIRequestContext, token: string, ...indices: number[]) {
  const { data } = await listClasses(request, token, { pageSize: 20 });
  return indices.map((index) => data[index]!);
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Enrols `email` in `turmas` through the API, as the credential of `token`, maybe in a run. */
async function enrol(
  request: APIRequestContext,
  token: string,
  email: string,
  turmas: readonly Pick<Class, 'id'>[],
  { expirationDate, runId }: { expirationDate?: string; runId?: string } = {},
) {
  const answer = await request.post('/v1/classe/add-student', {
    headers: { ...auth(token), ...(runId && { [RUN_ID_HEADER]: runId }) },
    data: {
      name: `Aluna ${email.split('@')[0]}`,
      email,
      classes: turmas.map(({ id }) => ({ id })),
      ...(expirationDate && { expirationDate }),
    },
  });
  expect(answer.ok(), `enrolling ${email} answered ${answer.status()}`).toBe(true);
}

/** The student's turmas as the server holds them: id, expiry and enrolment date of each. */
async function enrolmentsOf(request: APIRequestContext, token: string, email: string) {
  const answer = await request.get(`/v1/students/by-email?email=${encodeURIComponent(email)}`, {
    headers: auth(token),
  });
  expect(answer.ok()).toBe(true);
  const [student] = studentsByEmailResponseSchema.parse(await answer.json()).data;
  return (student?.classes ?? []).map(({ id, expirationDate, enrolledAt }) => ({
    id,
    expirationDate,
    enrolledAt,
  }));
}

/** How many audit entries the server holds for `query` (one page of at most 100). */
async function auditCount(request: APIRequestContext, token: string, query: string) {
  const answer = await request.get(`/v1/audit?pageSize=100&${query}`, { headers: auth(token) });
  expect(answer.ok()).toBe(true);
  return auditResponseSchema.parse(await answer.json()).data.length;
}

function historyView(page: Page) {
  const drawer = page.getByRole('dialog', { name: 'Histórico' });
  return {
    drawer,
    open: page.getByRole('button', { name: 'Histórico', exact: true }),
    list: drawer.getByRole('list', { name: 'Últimas alterações, as mais recentes primeiro' }),
    loading: drawer.getByText('Carregando o histórico…'),
    empty: drawer.getByText('Nenhuma alteração encontrada'),
    everyone: drawer.getByRole('radio', { name: 'Todas' }),
    mine: drawer.getByRole('radio', { name: 'Minhas' }),
    email: drawer.getByRole('combobox', { name: 'E-mail do aluno' }),
    turma: drawer.getByRole('combobox', { name: 'Adicionar turma' }),
    run: drawer.getByRole('textbox', { name: 'Lote' }),
    clear: drawer.getByRole('button', { name: 'Limpar filtros' }),
    more: drawer.getByRole('button', { name: 'Carregar mais' }),
    answer: drawer.getByRole('alert').filter({ hasText: 'Resultado do desfazer' }),
    undoEntry: (what: string) => drawer.getByRole('button', { name: `Desfazer: ${what}` }),
    runCard: (count: number) =>
      drawer.getByRole('group', { name: `Lote: ${count} alterações nesta página` }),
  };
}

/** A pasted list of `size` new students, header first, and their e-mails. */
function pastedList(size: number) {
  const tag = newTag();
  const emails = Array.from({ length: size }, (_, n) => `aluno.${n + 1}.${tag}@escola.test`);
  const text = ['nome;e-mail', ...emails.map((email, n) => `Aluno ${n + 1} ${tag};${email}`)];
  return { text: text.join('\n'), emails };
}

test(
  'an enrolment undone from its success message: the count is back, the student is not in it',
  { tag: '@phone' },
  async ({ page, request, token }) => {
    const [turma] = await turmasAt(request, token, 0);
    const [before] = await countsOf(request, token, [turma!]);
    const email = `ana.${newTag()}@escola.test`;
    await signIn(page, token);
    const row = turmasPage(page).row(turma!);

    await row.enrol.click();
    const dialog = page.getByRole('dialog', { name: 'Matricular aluno' });
    await dialog.getByLabel('Nome do aluno').fill('Ana Desfeita');
    await dialog.getByRole('textbox', { name: 'E-mail do aluno' }).fill(email);
    await dialog.getByRole('button', { name: 'Matricular em 1 turma' }).click();
    await expect(dialog.getByText('Matrícula feita')).toBeVisible();
    await expect(row.students).toHaveText(numbers.format(before! + 1));
    await dialog.getByRole('button', { name: 'Fechar' }).filter({ hasText: 'Fechar' }).click();

    const message = page.getByRole('alert').filter({ hasText: 'Ana Desfeita' });
    await message.getByRole('button', { name: 'Desfazer', exact: true }).click();
    const answer = message.getByRole('group', { name: 'Desfeito' });
    await expect(answer).toContainText(`${turma!.name}: 1 alteração desfeita`);
    await expect(answer).toBeFocused();
    await expect(row.students).toHaveText(numbers.format(before!));
    expect(await countsOf(request, token, [turma!])).toEqual([before]);
    expect(await enrolmentsOf(request, token, email)).toEqual([]);
    await expectNoAxeViolations(page, OVER_THE_PAGE);
  },
);

test('a removal from three turmas undone from History: each back with its expiry and enrolment date', async ({
  page,
  request,
  token,
}) => {
  const turmas = await turmasAt(request, token, 1, 2, 3);
  const email = `bia.${newTag()}@escola.test`;
  await enrol(request, token, email, turmas);
  // One turma with an expiry of its own, so that each comes back with its own.
  await enrol(request, token, email, [turmas[1]!], { expirationDate: '2031-06-30T23:59:00.000Z' });
  const enrolled = await enrolmentsOf(request, token, email);
  expect(enrolled).toHaveLength(3);
  const before = await countsOf(request, token, turmas);

  await signIn(page, token);
  const list = turmasPage(page);
  for (const turma of turmas) await list.rowCheckbox(turma).check();
  await list.tray.getByRole('button', { name: 'Remover aluno' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remover aluno de turmas' });
  await dialog.getByLabel('E-mail do aluno', { exact: true }).fill(email);
  await dialog
    .getByRole('textbox', { name: 'Para confirmar, digite o e-mail do aluno novamente' })
    .fill(email);
  await dialog.getByRole('button', { name: 'Remover aluno', exact: true }).click();
  await expect(dialog.getByRole('group', { name: /saiu de 3 turmas/ })).toBeVisible();
  expect(await countsOf(request, token, turmas)).toEqual(before.map((count) => count! - 1));
  await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  // Its success message (with its own "Desfazer") stays 15 s over the header: put away.
  await page
    .getByRole('alert')
    .filter({ hasText: /saiu de 3 turmas/ })
    .getByRole('button', { name: 'Fechar aviso' })
    .click();

  const history = historyView(page);
  await history.open.click();
  const undo = history.undoEntry(`Removeu ${email} de 3 turmas`);
  await undo.click();
  await expect(history.answer).toContainText('Desfeito');
  for (const turma of turmas) {
    await expect(history.answer).toContainText(`${turma.name}: 1 alteração desfeita`);
  }
  await expect(undo).toBeHidden();
  await expect(history.list.getByText('Desfeita').first()).toBeVisible();
  expect(await enrolmentsOf(request, token, email)).toEqual(enrolled);
  expect(await countsOf(request, token, turmas)).toEqual(before);
});

test('bulk runs of 20 students: one pasted, undone from its success message; one undone from History', async ({
  page,
  request,
  token,
}) => {
  const [turma] = await turmasAt(request, token, 4);
  const [before] = await countsOf(request, token, [turma!]);
  await signIn(page, token);
  await turmasPage(page).rowCheckbox(turma!).check();
  await page.getByRole('button', { name: 'Matricular ou remover em lote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Matrícula em lote' });
  const finished = dialog.getByRole('heading', { name: 'Envio concluído' });

  const { text, emails: first } = pastedList(20);
  await dialog.getByRole('textbox', { name: 'Cole a lista de alunos' }).fill(text);
  await dialog.getByRole('button', { name: 'Revisar a lista' }).click();
  await dialog.getByRole('button', { name: 'Matricular 20 alunos em 1 turma' }).click();
  await expect(finished).toBeVisible({ timeout: 30_000 });
  expect(await countsOf(request, token, [turma!])).toEqual([before! + 20]);
  // Meanwhile someone else sets one student's expiry: the undo leaves that student, and says so.
  const later = '2032-01-31T23:59:00.000Z';
  await enrol(request, OTHER_TOKEN, first[0]!, [turma!], { expirationDate: later });
  // Twenty students at once: asked first, and nothing is sent until confirmed.
  await dialog.getByRole('button', { name: 'Desfazer', exact: true }).click();
  const question = dialog.getByRole('group', { name: /^Desfazer para os 20 alunos\?/ });
  await expect(question).toBeFocused();
  expect(await countsOf(request, token, [turma!])).toEqual([before! + 20]);
  await question.getByRole('button', { name: 'Desfazer para 20 alunos' }).click();
  const answer = dialog.getByRole('group', { name: 'Desfeito em parte' });
  await expect(answer).toContainText(
    `${turma!.name}: 19 alterações desfeitas, 1 recusada (${first[0]!}): a matrícula mudou`,
  );
  await expect(answer).toBeFocused();
  // The lines below still say what the run did, and now say so, naming whom it left.
  await expect(dialog.getByText(/^Desfeito às [\d:]+: as linhas abaixo/)).toBeVisible();
  await expect(
    dialog.getByText(
      `Não foi desfeito para 1 aluno, cuja matrícula mudou depois do envio: ${first[0]!}. Continua como o envio deixou.`,
    ),
  ).toBeVisible();
  expect(await countsOf(request, token, [turma!])).toEqual([before! + 1]);
  expect(await enrolmentsOf(request, token, first[1]!)).toEqual([]);
  expect(await enrolmentsOf(request, token, first[0]!)).toEqual([
    expect.objectContaining({ id: turma!.id, expirationDate: later }),
  ]);
  await dialog.getByRole('button', { name: 'Fechar' }).filter({ hasText: 'Fechar' }).click();

  // The second run as a bulk run sends it (the pasted run above proves the page's): 20 calls
  // under one run id.
  const runId = `bulk-${newTag()}`;
  const { emails: second } = pastedList(20);
  for (const email of second) await enrol(request, token, email, [turma!], { runId });
  expect(await countsOf(request, token, [turma!])).toEqual([before! + 21]);
  await page.reload();
  await expect(turmasPage(page).row(turma!).students).toHaveText(numbers.format(before! + 21));

  const history = historyView(page);
  await history.open.click();
  // Newest first: the second run's 20 entries side by side, on top.
  const card = history.runCard(20).first();
  await expect(card).toContainText(`Matriculou ${second[19]!} em ${turma!.name}`);
  await card.getByRole('button', { name: 'Desfazer o lote inteiro' }).click();
  await card.getByRole('button', { name: 'Desfazer o lote inteiro', exact: true }).click();
  await expect(history.answer).toContainText(`${turma!.name}: 20 alterações desfeitas`);
  await expect(history.answer).toBeFocused();
  expect(await countsOf(request, token, [turma!])).toEqual([before! + 1]);
  await history.drawer.getByRole('button', { name: 'Fechar histórico' }).click();
  await expect(turmasPage(page).row(turma!).students).toHaveText(numbers.format(before! + 1));
});

test('an undo after a later write to the same student and turma leaves that turma, and says why', async ({
  page,
  request,
  token,
}) => {
  const [changed, untouched] = await turmasAt(request, token, 5, 6);
  const email = `caio.${newTag()}@escola.test`;
  await enrol(request, token, email, [changed!, untouched!]);
  // Later, someone else sets another expiry in one of the two.
  const later = '2032-01-31T23:59:00.000Z';
  await enrol(request, OTHER_TOKEN, email, [changed!], { expirationDate: later });

  await signIn(page, token, '/?historico');
  const history = historyView(page);
  await history.email.fill(email);
  await history.email.press('Enter');
  await expect(history.list.getByRole('listitem')).toHaveCount(2);
  await history.undoEntry(`Matriculou ${email} em 2 turmas`).click();

  await expect(history.answer).toContainText('Desfeito em parte');
  await expect(history.answer).toContainText(`${untouched!.name}: 1 alteração desfeita`);
  await expect(history.answer).toContainText(
    `${changed!.name}: 1 recusada (${email}): a matrícula mudou depois desta alteração; nada foi sobrescrito`,
  );
  expect(await enrolmentsOf(request, token, email)).toEqual([
    expect.objectContaining({ id: changed!.id, expirationDate: later }),
  ]);
});

test('History by keyboard: everyone’s or mine, by student, turma and run, paged, at its own address', async ({
  page,
  request,
  token,
}) => {
  const [runTurma, ownTurma] = await turmasAt(request, token, 7, 8);
  const tag = newTag();
  const runId = `run-${tag}`;
  // 55 writes of another credential in one run: more than a page (50).
  const emails = Array.from({ length: 55 }, (_, n) => `lote.${n}.${tag}@escola.test`);
  for (let start = 0; start < emails.length; start += 5) {
    await Promise.all(
      emails
        .slice(start, start + 5)
        .map((email) => enrol(request, OTHER_TOKEN, email, [runTurma!], { runId })),
    );
  }
  const mine = `minha.${tag}@escola.test`;
  await enrol(request, token, mine, [ownTurma!]);
  expect(await auditCount(request, token, `runId=${runId}`)).toBe(55);

  await signIn(page, token, '/?historico');
  const history = historyView(page);
  await expect(history.drawer).toBeVisible();
  await page.reload();
  await expect(history.drawer).toBeVisible();

  // By run, everyone's: a page of 50, then the rest.
  await history.run.fill(runId);
  await history.run.press('Enter');
  await expect(history.runCard(50)).toBeVisible();
  await history.more.focus();
  await page.keyboard.press('Enter');
  await expect(history.runCard(55)).toBeVisible();
  await expect(history.more).toBeHidden();
  await expect(history.runCard(55)).toContainText(`coord-fund2`);

  // Mine: that run was another credential's.
  await history.everyone.focus();
  await page.keyboard.press('ArrowRight');
  await expect(history.mine).toBeChecked();
  await expect(history.empty).toBeVisible();

  // By student, mine: the one enrolment this credential made.
  await history.clear.focus();
  await page.keyboard.press('Enter');
  await history.email.fill(mine);
  await history.email.press('Enter');
  await expect(history.list.getByRole('listitem')).toHaveCount(1);
  await expect(history.list).toContainText(`Matriculou ${mine} em ${ownTurma!.name}`);

  // By turma, everyone's: only what was written there.
  await history.mine.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(history.everyone).toBeChecked();
  await history.email.fill('');
  await history.turma.fill(ownTurma!.name);
  await page.getByRole('option', { name: ownTurma!.name, exact: true }).click();
  await history.email.press('Enter');
  await expect(history.list.getByRole('listitem')).toHaveCount(1);
  await expect(history.list).toContainText(`Matriculou ${mine} em ${ownTurma!.name}`);

  // Opened from its button, closed by Escape or by its ✕: focus is back on the button.
  await history.drawer.getByRole('button', { name: 'Fechar histórico' }).click();
  await expect(history.drawer).toBeHidden();
  await history.open.focus();
  await page.keyboard.press('Enter');
  await expect(history.drawer.getByRole('heading', { name: 'Histórico' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(history.drawer).toBeHidden();
  await expect(history.open).toBeFocused();
  await page.keyboard.press('Enter');
  await history.drawer.getByRole('button', { name: 'Fechar histórico' }).click();
  await expect(history.drawer).toBeHidden();
  await expect(history.open).toBeFocused();
});

test(
  'History passes axe listed, empty, failed with a retry, and after an undo',
  { tag: '@phone' },
  async ({ page, request, token, consoleErrors }) => {
    const [turma] = await turmasAt(request, token, 9);
    const email = `dora.${newTag()}@escola.test`;
    await enrol(request, token, email, [turma!]);
    // The server's own refusal (its headers, so the console still knows its extensions): not
    // retried, so the failure shows at once, where a 5xx would show after the retries.
    consoleErrors.allowFailedResponses(400);
    const isAudit = (url: URL) => url.pathname === '/v1/audit';
    await page.route(isAudit, async (route) => {
      const json = { status: '400', message: 'pageSize: too big' };
      await route.fulfill({ response: await route.fetch(), status: 400, json });
    });

    await signIn(page, token, '/?historico');
    const history = historyView(page);
    const retry = history.drawer.getByRole('button', { name: 'Tentar novamente' });
    await expect(history.drawer.getByRole('alert')).toContainText(
      'Não foi possível carregar o histórico',
    );
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);
    await page.unroute(isAudit);
    await retry.click();

    await expect(history.list).toBeVisible();
    await expectNoAxeViolations(page, OVER_THE_PAGE);

    await history.email.fill(`ninguem.${newTag()}@escola.test`);
    await history.email.press('Enter');
    await expect(history.empty).toBeVisible();
    await expectNoAxeViolations(page, OVER_THE_PAGE);

    await history.email.fill(email);
    await history.email.press('Enter');
    await history.undoEntry(`Matriculou ${email} em ${turma!.name}`).click();
    await expect(history.answer).toContainText(`${turma!.name}: 1 alteração desfeita`);
    await expect(history.list.getByText('Desfeita')).toBeVisible();
    await expectNoAxeViolations(page, OVER_THE_PAGE);
    await expectNoHorizontalOverflow(page);
    expect(await enrolmentsOf(request, token, email)).toEqual([]);
  },
);
