/**
 * Why a turma matched: the words of the search marked in the table and in the forms' turma
 * search, readable in both themes and read as plain names; and a search of several words that
 * finds nothing offered again with fewer words. Against the real reference API and its demo data.
 */
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  listClasses,
  OVER_THE_PAGE,
  signIn,
  test,
  turmasPage,
} from './support';

// 240 demo turmas hold "3º ano A — Matemática" to "3º ano F — Matemática" (server/seed.ts).
test.use({ demoClasses: 240 });
test.describe.configure({ mode: 'parallel' });

const numbers = new Intl.NumberFormat('pt-BR');
const foundText = (total: number) => `${numbers.format(total)} turmas encontradas`;

/**
 * Every mark in `scope` has text readable on its background: WCAG's contrast ratio (AA: 4.5:1)
 * of the colours the browser paints them in.
 */
async function expectReadableMarks(scope: Locator) {
  const ratios = await scope.locator('mark').evaluateAll((marks) => {
    const luminance = (color: string) => {
      const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((value) => {
        const channel = Number(value) / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    return marks.map((mark) => {
      const style = getComputedStyle(mark);
      const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort(
        (a, b) => b - a,
      );
      return (light! + 0.05) / (dark! + 0.05);
    });
  });
  expect(ratios.length).toBeGreaterThan(0);
  for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(4.5);
}

async function useTheme(page: Page, scheme: 'light' | 'dark') {
  await page
    .getByRole('button', { name: scheme === 'dark' ? 'Usar tema escuro' : 'Usar tema claro' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

test('marks the words of "matematica 3" in the table and in the enrol form’s search', async ({
  page,
  request,
  token,
}) => {
  const found = await listClasses(request, token, { query: 'matematica 3' });
  const turma = found.data.find((candidate) => candidate.name === '3º ano A — Matemática');
  expect(turma, 'the demo data has "3º ano A — Matemática"').toBeDefined();
  for (const match of found.data) expect(match.name).toMatch(/^3º ano [A-F] — Matemática$/);

  await signIn(page, token);
  const turmas = turmasPage(page);
  await turmas.search.fill('matematica 3');
  await expect(turmas.status).toHaveText(foundText(found.totalRecords));
  await expect(turmas.table).toHaveAttribute('aria-busy', 'false');
  await expect.poll(turmas.names).toEqual(found.data.map((match) => match.name));

  // Each row has its words marked; the cell still reads as the plain name, once.
  const cell = turmas.table.getByRole('cell', { name: turma!.name, exact: true });
  // "3" names the grade "3º" whole (the contract's matchWord), so all of "3º" is marked.
  await expect(cell.locator('mark')).toHaveText(['3º', 'Matemática']);
  await expect(cell).toHaveAccessibleName(turma!.name);
  for (const name of found.data.map((match) => match.name)) {
    await expect(turmas.table.getByRole('cell', { name, exact: true }).locator('mark')).toHaveText([
      '3º',
      'Matemática',
    ]);
  }
  // Rows selected with the pointer copy each name once: the plain copy for screen readers is not
  // selectable (without user-select: none, a drag over rows copied each name twice).
  const from = (await turmas.nameCells.nth(0).boundingBox())!;
  const to = (await turmas.nameCells.nth(2).boundingBox())!;
  await page.mouse.move(from.x + 8, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + 80, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  const copied = await page.evaluate(() => window.getSelection()?.toString() ?? '');
  for (const name of found.data.slice(0, 2).map((match) => match.name)) {
    expect(copied.split(name), `"${name}" in ${JSON.stringify(copied)}`).toHaveLength(2);
  }

  // Readable in both themes (WCAG AA: 4.5:1), and axe agrees.
  await expectReadableMarks(turmas.table);
  await expectNoAxeViolations(page);
  await useTheme(page, 'dark');
  await expectReadableMarks(turmas.table);
  await expectNoAxeViolations(page);
  await useTheme(page, 'light');

  // The enrol form's turma search marks the same words, typed in another order.
  await turmas.row(turma!).enrol.click();
  const dialog = page.getByRole('dialog', { name: 'Matricular aluno' });
  const search = dialog.getByRole('combobox', { name: 'Adicionar turma' });
  await search.fill('3 MATEMÁTICA');
  const results = page.getByRole('listbox', { name: 'Turmas encontradas' });
  const option = results.getByRole('option', { name: turma!.name, exact: true });
  await expect(option.locator('mark')).toHaveText(['3º', 'Matemática']);
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect(results.getByRole('option')).toHaveCount(found.totalRecords);
  await expectReadableMarks(results);
  // The highlighted option is white on blue: its marks keep their own colours.
  await search.press('ArrowDown');
  const highlighted = results.getByRole('option').first();
  await expect(highlighted).toHaveAttribute('data-combobox-selected');
  await expectReadableMarks(highlighted);
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  // A slow answer, held until the scan is done: the last one stays, dimmed, and still readable
  // (it was 4.09:1 with opacity).
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/classe?**', async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  await search.fill('3 MATEMÁTICA B');
  await expect(results).toHaveAttribute('aria-busy', 'true');
  await expect(results.getByRole('option').first()).toBeVisible();
  // Once the dimming has faded in: it waits 200 ms, so that a quick answer does not flash.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  await expect(results).toHaveAttribute('aria-busy', 'true');
  await expectReadableMarks(results);
  await expectNoAxeViolations(page, OVER_THE_PAGE);
  release();
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('offers the search again with fewer words when several found nothing', async ({
  page,
  request,
  token,
}) => {
  const found = await listClasses(request, token, { query: 'matemática' });
  await signIn(page, token);
  const turmas = turmasPage(page);

  await turmas.search.fill('matemática xilofone');
  await expect(turmas.status).toHaveText('Nenhuma turma encontrada');
  await expect(
    page.getByText(
      'Nenhuma turma tem todas as palavras de “matemática xilofone” no nome. Tente com menos palavras.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buscar sem “matemática”' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Buscar sem “xilofone”' }).click();

  await expect(turmas.search).toHaveValue('matemática');
  await expect(turmas.search).toBeFocused();
  await expect(turmas.status).toHaveText(foundText(found.totalRecords));
  await expect.poll(turmas.names).toEqual(found.data.map((turma) => turma.name));
  await expect(turmas.nameCells.first().locator('mark')).toHaveText(['Matemática']);
});
