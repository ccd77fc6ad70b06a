/**
 * History on a 360 px phone: an entry's long e-mail wraps only after its "@" and dots, in a card
 * of its own and in a run's lines, and nothing of the card runs past its edge or the screen's.
 */
import type { APIRequestContext, Locator } from '@playwright/test';
import { RUN_ID_HEADER, type Class } from '#contract';
import {
  expect,
  expectNoHorizontalOverflow,
  lineBreaksIn,
  listClasses,
  newTag,
  signIn,
  test,
} from './support';

// History is the audit extension's: on even in a plain-v1 run.
test.use({
  apiExtensions: true,
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
});

async function enrol(
  request: APIRequestContext,
  token: string,
  email: string,
  turma: Pick<Class, 'id'>,
  runId?: string,
) {
  const answer = await request.post('/v1/classe/add-student', {
    headers: { Authorization: `Bearer ${token}`, ...(runId && { [RUN_ID_HEADER]: runId }) },
    data: { name: `Aluna ${email.split('@')[0]}`, email, classes: [{ id: turma.id }] },
  });
  expect(answer.ok(), `enrolling ${email} answered ${answer.status()}`).toBe(true);
}

/** `text`'s line breaks fall between words, or right after an "@" or a "." of an e-mail. */
async function expectWrappedAtWordsOrAddressBreaks(text: Locator) {
  const breaks = await lineBreaksIn(text);
  expect(breaks.length, 'the line wraps').toBeGreaterThan(0);
  const words = (await text.textContent()) ?? '';
  for (const { before, after } of breaks) {
    // A space at the end of a line may measure nothing: then the line seems to end in a letter.
    const betweenWords = words.includes(`${before} ${after}`);
    expect(
      betweenWords || ['@', '.'].includes(before),
      `a line ends in "${before}" before "${after}"`,
    ).toBe(true);
  }
}

/** `inner`'s box is within `outer`'s and the screen's, and shows all it holds. */
async function expectWithin(inner: Locator, outer: Locator) {
  const [box, edge] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(box && edge, 'both are laid out').toBeTruthy();
  expect(box!.x + box!.width, 'past the card’s right edge').toBeLessThanOrEqual(
    edge!.x + edge!.width + 0.5,
  );
  expect(box!.x + box!.width, 'past the screen’s right edge').toBeLessThanOrEqual(360.5);
  const { scrollWidth, clientWidth } = await inner.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth, 'its text is cut').toBeLessThanOrEqual(clientWidth);
}

test('History at 360 px: long e-mails wrap after "@" and ".", inside the card', async ({
  page,
  request,
  token,
}) => {
  const { data } = await listClasses(request, token, { pageSize: 20 });
  const turma = data[10]!;
  const tag = newTag();
  const long = (name: string) => `${name}.albuquerque.figueiredo.${tag}@aluno.escola.example`;
  const single = long('maria.eduarda');
  await enrol(request, token, single, turma);
  const runId = `run-${tag}`;
  const inRun = [long('joao.pedro'), long('ana.paula')];
  for (const email of inRun) await enrol(request, token, email, turma, runId);

  await signIn(page, token, '/?historico');
  const drawer = page.getByRole('dialog', { name: 'Histórico' });
  const list = drawer.getByRole('list', { name: 'Últimas alterações, as mais recentes primeiro' });
  const email = drawer.getByRole('combobox', { name: 'E-mail do aluno' });

  // An entry of its own: its title holds the e-mail.
  await email.fill(single);
  await email.press('Enter');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const card = list.getByRole('listitem');
  const title = card.getByText(`Matriculou ${single} em ${turma.name}`, { exact: true });
  await expect(title).toBeVisible();
  await expectWrappedAtWordsOrAddressBreaks(title);
  await expectWithin(title, card);
  await expectNoHorizontalOverflow(page);

  // A run: each line holds one.
  await email.fill('');
  await drawer.getByRole('textbox', { name: 'Lote' }).fill(runId);
  await email.press('Enter');
  const run = list.getByRole('group', { name: 'Lote: 2 alterações nesta página' });
  await expect(run).toBeVisible();
  for (const address of inRun) {
    const line = run.getByRole('listitem').filter({ hasText: address });
    // The line's sentence; what it changed is a paragraph of its own under it.
    const sentence = line.locator('p').filter({ hasText: address });
    await expect(sentence).toContainText(`Matriculou ${address} em ${turma.name}`);
    await expectWrappedAtWordsOrAddressBreaks(sentence);
    await expectWithin(line, run);
  }
  await expectNoHorizontalOverflow(page);
});
