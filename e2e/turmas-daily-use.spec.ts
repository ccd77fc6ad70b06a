/**
 * The turmas page in daily use (issue 20): on a phone (cards, a pager on one line, a tray that
 * folds, no "/" hint), by keyboard (no tab stops on dates), after a page change (the new rows in
 * view, the header row sticky, warnings where the person is), and with odd but valid answers.
 */
/* eslint-disable playwright/no-conditional-in-test, playwright/no-conditional-expect -- one
   journey, and each project (desktop, phone) checks its own screen's layout */
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  listClasses,
  signIn,
  test,
  turmasPage,
} from './support';

test.use({ demoClasses: 240 });
test.describe.configure({ mode: 'parallel' });

/** `locator` lies inside the viewport from left to right (no sideways scroll needed). */
async function expectWithinViewportWidth(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'laid out').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

const isTouchScreen = (page: Page) =>
  page.evaluate(() => matchMedia('(hover: none), (pointer: coarse)').matches);

test(
  'on a phone: search, select, and each row’s actions in reach, nothing scrolling sideways',
  { tag: '@phone' },
  async ({ page, request, token }) => {
    const found = await listClasses(request, token, { query: 'matemática' });
    expect(found.data.length).toBeGreaterThan(4);
    const [a, b, c, d] = found.data;

    await signIn(page, token);
    const turmas = turmasPage(page);
    await expect(turmas.table).toHaveAttribute('aria-busy', 'false');
    await expectNoHorizontalOverflow(page);

    await turmas.search.fill('matemática');
    await turmas.search.press('Enter');
    await expect(turmas.rowCheckbox(a!)).toBeVisible();
    for (const turma of [a!, b!, c!, d!]) await turmas.rowCheckbox(turma).check();
    await expect(turmas.trayCount).toHaveText('4 turmas selecionadas');
    await expectNoHorizontalOverflow(page);

    // Every row's buttons are on screen from left to right, the last row's included.
    const last = found.data.at(-1)!;
    for (const turma of [a!, last]) {
      const row = turmas.row(turma);
      // Scrolled down by the page only, as a thumb does: never sideways inside a box.
      await row.remove.evaluate((button) =>
        window.scrollTo(0, button.getBoundingClientRect().top + window.scrollY - 200),
      );
      await expectWithinViewportWidth(page, row.enrol);
      await expectWithinViewportWidth(page, row.remove);
    }
    // Scanned from the top: scrolled, axe counts what slides under the sticky header as
    // obscured targets, which nobody taps there.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);

    await turmas.row(a!).enrol.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    // The removal dialog asks for a confirmation: an alertdialog.
    await turmas.row(b!).remove.click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toBeHidden();

    // The narrowest phones in use.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalOverflow(page);
    await expectWithinViewportWidth(page, turmas.row(a!).remove);
  },
);

test(
  'on the narrowest phone: the enrol, removal and bulk dialogs fit, and pass axe',
  { tag: '@phone' },
  async ({ page, request, token }) => {
    const [a, b] = (await listClasses(request, token, { pageSize: 2 })).data;
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, token);
    const turmas = turmasPage(page);

    /** Open, the dialog fits the screen: no sideways scroll of the page or inside it. */
    async function expectFits(dialog: Locator) {
      await expect(dialog).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectWithinViewportWidth(page, dialog);
      const inside = await dialog.evaluate((content): string[] =>
        [content, ...content.querySelectorAll('*')]
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
          .map((element) => element.getAttribute('class') ?? element.tagName),
      );
      expect(inside, 'boxes in the dialog that scroll sideways').toEqual([]);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }

    await turmas.row(a!).enrol.click();
    await expectFits(page.getByRole('dialog', { name: 'Matricular aluno' }));
    // The removal dialog asks for a confirmation: an alertdialog.
    await turmas.row(b!).remove.click();
    await expectFits(page.getByRole('alertdialog', { name: 'Remover aluno de turmas' }));
    await page.getByRole('button', { name: 'Matricular ou remover em lote' }).click();
    await expectFits(page.getByRole('dialog', { name: 'Matrícula em lote' }));
  },
);

test(
  'on a phone: the pager keeps one line, the tray folds, no "/" hint on a touch screen',
  { tag: '@phone' },
  async ({ page, request, token }) => {
    const firstPage = await listClasses(request, token);
    await signIn(page, token);
    const turmas = turmasPage(page);
    await expect(turmas.table).toHaveAttribute('aria-busy', 'false');
    const phone = page.viewportSize()!.width < 500;

    // The pager's buttons share one line.
    const tops = await turmas.pager
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons
          .filter((button) => button.getBoundingClientRect().width > 0)
          .map((button) => Math.round(button.getBoundingClientRect().top)),
      );
    expect(new Set(tops).size).toBe(1);
    await expectNoHorizontalOverflow(page);

    // The shortcut hint is for keyboards.
    const hint = page.locator('kbd', { hasText: '/' });
    if (phone) expect(await isTouchScreen(page)).toBe(true);
    if (await isTouchScreen(page)) await expect(hint).toBeHidden();
    else await expect(hint).toBeVisible();

    for (const turma of firstPage.data.slice(0, 4)) await turmas.rowCheckbox(turma).check();
    await expect(turmas.trayCount).toHaveText('4 turmas selecionadas');
    const chip = turmas.chip(firstPage.data[0]!);
    if (phone) {
      // The count and the buttons; the chips on demand.
      await expect(chip).toBeHidden();
      const trayBox = await turmas.tray.boundingBox();
      expect(trayBox!.height).toBeLessThan(page.viewportSize()!.height * 0.3);
      await turmas.tray.getByRole('button', { name: 'Mostrar turmas (4)' }).click();
    }
    await expect(chip).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await turmas.tray.getByRole('button', { name: 'Ocultar turmas' }).click();
    await expect(chip).toBeHidden();
  },
);

test('dates are no tab stops: Tab goes from a row’s checkbox to its actions', async ({
  page,
  request,
  token,
}) => {
  const [first] = (await listClasses(request, token)).data;
  await signIn(page, token);
  const turmas = turmasPage(page);

  await turmas.rowCheckbox(first!).focus();
  await page.keyboard.press('Tab');
  await expect(turmas.row(first!).enrol).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(turmas.row(first!).remove).toBeFocused();

  // The full date is there for a pointer and as the date's description (title).
  const created = turmas.table.getByRole('row').nth(1).getByRole('time').first();
  await expect(created).toHaveAttribute('title', /\d{4}/);
  await expect(created).not.toHaveAttribute('tabindex');
});

test('the column headers sit on one line', async ({ page, token }) => {
  await signIn(page, token);
  const turmas = turmasPage(page);
  await expect(turmas.table).toHaveAttribute('aria-busy', 'false');
  const tops = await Promise.all(
    ['Nome', 'Alunos', 'Criada em', 'Atualizada em'].map(async (name) =>
      Math.round((await turmas.sortButton(name).boundingBox())!.y),
    ),
  );
  expect(new Set(tops).size).toBe(1);
});

test('a page change lands on the new rows; the header row and warnings stay in view', async ({
  page,
  request,
  token,
  consoleErrors,
}) => {
  const [, second] = await Promise.all(
    [1, 2].map((number) => listClasses(request, token, { page: number, pageSize: 50 })),
  );
  // The page's clock, to let the rows on screen grow stale (30 s) without waiting for it.
  await page.clock.install();
  await signIn(page, token, '/?pageSize=50');
  const turmas = turmasPage(page);
  await expect(turmas.table).toHaveAttribute('aria-busy', 'false');

  // "Next" at the foot of 50 rows: the new page is seen from its first row, focus on the table.
  await turmas.pagerButton('Próxima página').click();
  await expect(turmas.rowCheckbox(second!.data[0]!)).toBeInViewport();
  await expect(turmas.table).toBeFocused();

  // Far down the rows, the header row is still on screen.
  await turmas.rowCheckbox(second!.data[40]!).scrollIntoViewIfNeeded();
  await expect(turmas.header('Nome')).toBeInViewport();

  // Back to the tab later, the rows are refreshed and that fails: the warning shows where the
  // person is, not above the table.
  consoleErrors.allowNetworkFailures();
  await page.route(
    (url) => url.pathname === '/v1/classe',
    (route) => route.abort('internetdisconnected'),
  );
  await page.clock.fastForward(31_000);
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(page.getByText(/Não foi possível atualizar a lista/)).toBeInViewport({
    timeout: 15_000,
  });
  await expect(turmas.rowCheckbox(second!.data[40]!)).toBeInViewport();
});

test('odd but valid answers: huge counts, long and empty names, a total that disagrees', async ({
  page,
  token,
}) => {
  const longName = 'X'.repeat(300);
  const rows = [
    {
      id: 'huge',
      name: 'Turma enorme',
      createdAt: '2026-01-10T12:00:00.000Z',
      updatedAt: '2026-02-01T08:30:00.000Z',
      countStudents: 1_000_000_000_000,
    },
    {
      id: 'long',
      name: longName,
      createdAt: '2026-01-10T12:00:00.000Z',
      updatedAt: '2026-02-01T08:30:00.000Z',
      countStudents: 3,
    },
    {
      id: 'blank',
      name: '',
      createdAt: '2026-01-10T12:00:00.000Z',
      updatedAt: '2026-02-01T08:30:00.000Z',
      countStudents: 0,
    },
  ];
  await page.route(
    (url) => url.pathname === '/v1/classe',
    (route) => route.fulfill({ json: { data: rows, totalRecords: 0 } }),
  );
  await signIn(page, token);
  const turmas = turmasPage(page);

  await expect(turmas.rowCheckbox({ name: 'Turma enorme' })).toBeVisible();
  await expect(turmas.rowCheckbox({ name: '(sem nome)' })).toBeVisible();
  await expect(page.getByText('1–3 de 3', { exact: true })).toBeVisible();
  await expect(turmas.status).toHaveText('3 turmas');

  // Each cell holds its text: nothing runs into the next column.
  const overflowing = await turmas.table
    .locator('tbody td')
    .evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
    );
  expect(overflowing).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
});
