/**
 * A form dialog scrolled on a phone: its content scrolls in a region below the dialog's header,
 * never under it. While the header was sticky over a scrolling content, the bulk dialog's
 * calendar button slid under the header's ✕, and axe's target-size rule found it overlapped: a
 * control a finger cannot tell from the one on top of it.
 */
import type { Locator } from '@playwright/test';
import { expect, expectNoAxeViolations, OVER_THE_PAGE, signIn, test } from './support';

// The narrowest phone the console is used on; each project runs it at this size.
test.use({ viewport: { width: 360, height: 740 } });

const READY = 12;
/** Enough students that the review scrolls well past its expiry field, and one line to fix. */
const LIST = [
  'nome;e-mail;validade',
  ...Array.from(
    { length: READY },
    (_, index) => `Aluno ${index + 1};aluno.${index + 1}@escola.test;`,
  ),
  'Carla Dias;carla.dias@escola;',
].join('\n');

/**
 * Scrolls what scrolls around `target` to put its top 10px above the bottom of `over` (the
 * header's ✕), as a thumb may leave it: where the content scrolled under the header, 10 of the
 * target's 28px were then under the ✕ and its middle still clear, which axe reports (a target
 * hidden past its middle axe leaves undecided). Says where the region that scrolls begins, and
 * where `over` ends.
 */
async function scrollUnder(target: Locator, over: Locator) {
  const overBox = (await over.boundingBox())!;
  const overBottom = overBox.y + overBox.height;
  const { regionTop, scrolledBy } = await target.evaluate((element, top) => {
    let region = element.parentElement;
    while (region && !['auto', 'scroll'].includes(getComputedStyle(region).overflowY)) {
      region = region.parentElement;
    }
    if (!region) throw new Error('nothing scrolls around the target');
    const by = element.getBoundingClientRect().top - top;
    const before = region.scrollTop;
    region.scrollTop += by;
    return { regionTop: region.getBoundingClientRect().top, scrolledBy: region.scrollTop - before };
  }, overBottom - 10);
  return { regionTop, scrolledBy, overBottom };
}

test(
  'on a phone, the bulk dialog scrolls below its header: the calendar button is never under it',
  { tag: '@phone' },
  async ({ page, token }) => {
    await signIn(page, token);
    await page.getByRole('button', { name: 'Matricular ou remover em lote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Matrícula em lote' });
    await dialog.getByRole('textbox', { name: 'Cole a lista de alunos' }).fill(LIST);
    await dialog.getByRole('button', { name: 'Revisar a lista' }).click();
    await expect(dialog.getByText(`${READY} alunos prontos para enviar`)).toBeVisible();

    const calendar = dialog.getByRole('button', { name: 'Escolher data e hora no calendário' });
    const close = dialog.getByRole('button', { name: 'Fechar' });
    const scrolled = await scrollUnder(calendar, close);
    expect(scrolled.scrolledBy, 'the dialog scrolled the button up').toBeGreaterThan(0);
    await expectNoAxeViolations(page, OVER_THE_PAGE);
    expect(
      scrolled.regionTop,
      'what scrolls starts below the header, not under it',
    ).toBeGreaterThanOrEqual(scrolled.overBottom);

    // At the end of the scroll the form's actions are there to press, clear of the header.
    const start = dialog.getByRole('button', { name: `Matricular ${READY} alunos` });
    await start.scrollIntoViewIfNeeded();
    await expect(start).toBeInViewport();
    await expectNoAxeViolations(page, OVER_THE_PAGE);
  },
);
