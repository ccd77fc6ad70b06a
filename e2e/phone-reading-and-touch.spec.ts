/**
 * A phone by touch (issue 34, items 4–6): every value a dialog asks to read or retype is shown
 * whole, the roster's e-mails wrap only at "@" and "." beside compact dates, and every control is
 * big enough for a finger. Sizes are measured in the browser, as a finger meets them.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Class } from '#contract';
import {
  expect,
  expectNoHorizontalOverflow,
  lineBreaksIn,
  listClasses,
  newTag,
  OVER_THE_PAGE,
  signIn,
  test,
  turmasPage,
} from './support';

// The roster and the student lookups are the extension's: on even in a plain-v1 run. Enough
// turmas for a pager of many pages.
test.use({ apiExtensions: true, demoClasses: 240 });

/**
 * Students with long e-mails (longer than a phone's line) enrolled in `turma` through the API;
 * the first one expires in 3 days, so its row shows a status beside the date.
 */
async function enrolLongEmails(request: APIRequestContext, token: string, turma: Class) {
  const tag = newTag();
  const students = ['Maria Eduarda', 'João Pedro'].map((first) => ({
    name: `${first} Albuquerque ${tag}`,
    email: `${first.toLowerCase().replace(/\W+/gu, '.')}.albuquerque.figueiredo.${tag}@aluno.escola.example`,
  }));
  for (const [index, student] of students.entries()) {
    const answer = await request.post(`/v1/classe/${encodeURIComponent(turma.id)}/add-student`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        ...student,
        ...(index === 0
          ? { expirationDate: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString() }
          : {}),
      },
    });
    expect(answer.ok(), `enrolling ${student.email} answered ${answer.status()}`).toBe(true);
  }
  return { tag, students };
}

/** Opens `turma`'s roster from its row and shows this test's students only. */
async function openRoster(page: Page, turma: Class, tag: string) {
  await turmasPage(page)
    .table.getByRole('button', { name: `Ver alunos de ${turma.name}`, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: `Alunos de ${turma.name}` });
  await dialog.getByRole('searchbox', { name: 'Buscar alunos' }).fill(tag);
  await expect(dialog.getByRole('status').filter({ hasText: /alunos encontrados$/ })).toHaveText(
    '2 alunos encontrados',
  );
  return {
    dialog,
    table: dialog.getByRole('table', { name: `Alunos de ${turma.name}` }),
    tick: (student: { name: string }) =>
      dialog.getByRole('checkbox', { name: new RegExp(`^Selecionar ${student.name} \\(`) }),
    bar: dialog.getByRole('region', { name: 'Alunos selecionados' }),
  };
}

/**
 * The texts in `scope` that a box cuts off sideways: a piece of text reaching past an ancestor
 * that clips its overflow (hidden, auto, scroll, clip), or past the screen's edge.
 */
function textsCutOff(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const cut: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const pieces = [...range.getClientRects()].filter((rect) => rect.width > 0);
      const text = node.textContent?.trim() ?? '';
      if (text === '' || pieces.length === 0) continue;
      const left = Math.min(...pieces.map((rect) => rect.left));
      const right = Math.max(...pieces.map((rect) => rect.right));
      let edges = { left: 0, right: document.documentElement.clientWidth };
      let visuallyHidden = false;
      for (let box = node.parentElement; box && box !== document.body; box = box.parentElement) {
        // Overflow applies to boxes that hold lines, not to inline ones (Mantine's Code).
        const style = getComputedStyle(box);
        if (style.overflowX === 'visible' || ['inline', 'contents'].includes(style.display))
          continue;
        const outer = box.getBoundingClientRect();
        // For screen readers only (a 1px box): not a text anyone reads on screen.
        visuallyHidden ||= outer.width <= 1 || outer.height <= 1;
        const inner = outer.left + box.clientLeft;
        edges = {
          left: Math.max(edges.left, inner),
          right: Math.min(edges.right, inner + box.clientWidth),
        };
      }
      if (!visuallyHidden && (left < edges.left - 0.5 || right > edges.right + 0.5)) {
        cut.push(text);
      }
    }
    return cut;
  });
}

interface Undersized {
  control: string;
  width: number;
  height: number;
}

/**
 * The controls in `scope` smaller than `least` px either way: what a finger or a pointer aims at
 * (buttons, links, fields, checkboxes and the like). Hidden ones and the visually hidden (1px,
 * such as a skip link until it is focused) are left out.
 */
function controlsSmallerThan(scope: Locator, least: number): Promise<Undersized[]> {
  return scope.evaluate((root, least) => {
    const selector =
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="checkbox"], [role="switch"], [role="tab"], [role="menuitem"]';
    return [...root.querySelectorAll<HTMLElement>(selector)].flatMap((control) => {
      const { width, height } = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (width <= 1 || height <= 1 || style.visibility === 'hidden') return [];
      if (width + 0.5 >= least && height + 0.5 >= least) return [];
      const name = control.getAttribute('aria-label') ?? control.textContent.trim();
      return [{ control: `${control.tagName.toLowerCase()} "${name}"`, width, height }];
    });
  }, least);
}

/** Each of `controls` measures at least `least` px either way. */
async function expectAtLeast(controls: Locator[], least: number) {
  for (const control of controls) {
    const box = await control.boundingBox();
    expect(box, `${control.toString()} is laid out`).not.toBeNull();
    expect(
      { width: Math.round(box!.width), height: Math.round(box!.height) },
      `${control.toString()} measures at least ${least}×${least}`,
    ).toEqual({
      width: Math.max(least, Math.round(box!.width)),
      height: Math.max(least, Math.round(box!.height)),
    });
  }
}

/** Axe's two rules the phone's roster removal broke: a box that scrolls, and small targets. */
async function expectNoScrollTrapOrSmallTargets(page: Page) {
  const results = await new AxeBuilder({ page })
    .withRules(['scrollable-region-focusable', 'target-size'])
    .include(OVER_THE_PAGE)
    .setLegacyMode(true)
    .analyze();
  expect(results.violations).toEqual([]);
}

async function firstTurma(request: APIRequestContext, token: string): Promise<Class> {
  const { data } = await listClasses(request, token, { pageSize: 1 });
  return data[0]!;
}

test(
  'on a phone, the e-mails a dialog asks to read or retype are shown whole',
  { tag: '@phone' },
  async ({ page, request, token }) => {
    const turma = await firstTurma(request, token);
    const { tag, students } = await enrolLongEmails(request, token, turma);
    const [maria, joao] = students as [(typeof students)[0], (typeof students)[0]];
    await signIn(page, token);
    const roster = await openRoster(page, turma, tag);

    // One student: their e-mail is the confirmation to type, read from the list above it.
    await roster.tick(maria).check();
    await roster.bar.getByRole('button', { name: 'Remover da turma' }).click();
    const removal = page.getByRole('alertdialog', { name: 'Remover 1 aluno da turma' });
    await expect(
      removal.getByRole('list', { name: 'Alunos a remover' }).getByRole('listitem'),
    ).toContainText(maria.email);
    expect(await textsCutOff(removal), 'texts cut off in the removal').toEqual([]);
    await expectNoHorizontalOverflow(page);
    await expectNoScrollTrapOrSmallTargets(page);
    await removal.getByRole('button', { name: 'Cancelar' }).click();
    await expect(removal).toBeHidden();

    // Two students: each one's e-mail says who gets the new expiry.
    await roster.tick(joao).check();
    await roster.bar.getByRole('button', { name: 'Alterar validade' }).click();
    const expiry = page.getByRole('dialog', { name: 'Alterar a validade de 2 alunos' });
    const listed = expiry
      .getByRole('list', { name: 'Validade atual de cada aluno' })
      .getByRole('listitem');
    await expect(listed).toHaveCount(2);
    await expect(listed.nth(1)).toContainText(joao.email);
    expect(await textsCutOff(expiry), 'texts cut off in the expiry change').toEqual([]);
    await expectNoHorizontalOverflow(page);
    await page.keyboard.press('Escape');
    await expect(expiry).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(roster.dialog).toBeHidden();

    // From the turmas list: the student found by e-mail in the removal dialog's suggestions.
    const list = turmasPage(page);
    await list.row(turma).remove.click();
    const remove = page.getByRole('alertdialog', { name: 'Remover aluno de turmas' });
    await remove.getByRole('combobox', { name: 'E-mail do aluno', exact: true }).fill(tag);
    await expect(
      remove.getByRole('option', { name: `${maria.name}, ${maria.email}`, exact: true }),
    ).toBeVisible();
    expect(await textsCutOff(remove), 'texts cut off in the turmas removal').toEqual([]);
  },
);

test(
  'the roster’s e-mails wrap only after "@" and ".", its dates stay whole, nothing is cut',
  { tag: '@phone' },
  async ({ page, request, token }) => {
    const turma = await firstTurma(request, token);
    const { tag, students } = await enrolLongEmails(request, token, turma);
    await signIn(page, token);
    const roster = await openRoster(page, turma, tag);

    for (const student of students) {
      const email = roster.table.getByRole('cell', { name: student.email, exact: true });
      await expect(email).toHaveText(student.email);
      const breaks = await lineBreaksIn(email);
      // Long enough to need at least one line break, on a phone and in the wide table.
      expect(breaks.length, `${student.email} wraps`).toBeGreaterThan(0);
      for (const { before } of breaks)
        expect(['@', '.'], `a line ends in "${before}"`).toContain(before);
    }
    // A date is never split; it goes to the next line before its time if it must (after
    // "31/12/2026, ", whose space may measure nothing at the end of a line).
    for (const time of await roster.table.locator('time').all()) {
      for (const { before } of await lineBreaksIn(time)) expect([',', ' ']).toContain(before);
    }
    expect(await textsCutOff(roster.table), 'texts cut off in the roster').toEqual([]);
    await expectNoHorizontalOverflow(page);
  },
);

test(
  'on a phone, the header and the heading’s buttons cut no word off, in either language',
  { tag: '@phone' },
  async ({ page, token }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, token);
    // The heading's row, which the late buttons join once the server has said it offers them.
    const headingRow = page
      .getByRole('main')
      .locator('div')
      .filter({ has: page.getByRole('heading', { level: 1 }) })
      .last();
    for (const [names, otherLanguage] of [
      [['Expirando em breve', 'Histórico', 'Matricular ou remover em lote'], 'English'],
      [['Expiring soon', 'History', 'Enrol or remove a list'], 'Português'],
    ] as const) {
      for (const name of names) {
        await expect(headingRow.getByRole('button', { name, exact: true })).toBeVisible();
      }
      for (const width of [360, 390, 600, 700, 800, 1000]) {
        await page.setViewportSize({ width, height: 844 });
        expect(await textsCutOff(headingRow), `cut off at ${width}px`).toEqual([]);
        // The header's controls; the product's name gives way with an ellipsis, by design.
        for (const control of await page.getByRole('banner').getByRole('button').all()) {
          expect(await textsCutOff(control), `cut off at ${width}px`).toEqual([]);
        }
        await expectNoHorizontalOverflow(page);
      }
      // Where there is room, each says its name in words too; on a phone, its icon alone.
      await expect(headingRow.getByText(names[1], { exact: true })).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(headingRow.getByText(names[1], { exact: true })).toBeHidden();
      await page.getByRole('banner').getByRole('button', { name: otherLanguage }).click();
    }
  },
);

test.describe('by touch', () => {
  // A phone held in the hand, whichever project runs it: the sizes below are a finger's.
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test(
    'every control is 24px or more, the ones a finger uses most 44px',
    { tag: '@phone' },
    async ({ page, request, token }) => {
      const found = await listClasses(request, token, { query: 'a', pageSize: 20 });
      const [a, b] = found.data as [Class, Class];
      await signIn(page, token);
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
      const turmas = turmasPage(page);

      await turmas.search.fill('a');
      await expect(turmas.rowCheckbox(a)).toBeVisible();
      const row = turmas.table.getByRole('row').filter({ has: turmas.rowCheckbox(a) });
      await turmas.rowCheckbox(a).check();
      await turmas.rowCheckbox(b).check();
      await turmas.tray.getByRole('button', { name: 'Mostrar turmas (2)' }).click();
      await expectAtLeast(
        [
          turmas.clearSearchInField,
          ...(await row.getByRole('button').all()),
          ...(await turmas.pager.getByRole('button').all()),
          ...(await turmas.tray.getByRole('button').all()),
        ],
        44,
      );
      expect(await controlsSmallerThan(page.locator('body'), 24)).toEqual([]);
      // Below the xs breakpoint the header's sign-out button is its icon, named all the same.
      const signOut = page.getByRole('banner').getByRole('button', { name: 'Sair' });
      await expect(signOut.getByText('Sair')).toBeHidden();
      await page.setViewportSize({ width: 800, height: 844 });
      await expect(signOut.getByText('Sair')).toBeVisible();
      // The pager's 44px buttons still share one line, on the narrowest phones too.
      for (const width of [390, 360]) {
        await page.setViewportSize({ width, height: 740 });
        const tops = await turmas.pager
          .getByRole('button')
          .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().top));
        expect(new Set(tops.map(Math.round)).size, `one line at ${width}px`).toBe(1);
        await expectNoHorizontalOverflow(page);
      }
      await page.setViewportSize({ width: 390, height: 844 });

      for (const [open, dialog] of [
        [turmas.row(a).enrol, page.getByRole('dialog', { name: 'Matricular aluno' })],
        [turmas.row(a).remove, page.getByRole('alertdialog', { name: 'Remover aluno de turmas' })],
      ] as const) {
        await open.click();
        await expect(dialog).toBeVisible();
        await expectAtLeast(
          [
            dialog.getByRole('button', { name: 'Cancelar' }),
            dialog.locator('button[type="submit"]'),
          ],
          44,
        );
        expect(await controlsSmallerThan(dialog, 24)).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }

      const { tag, students } = await enrolLongEmails(request, token, a);
      await turmas.search.fill('');
      const roster = await openRoster(page, a, tag);
      await roster.tick(students[0]!).check();
      await expectAtLeast(
        [
          roster.dialog.getByRole('button', { name: 'Limpar busca' }),
          ...(await roster.bar.getByRole('button').all()),
        ],
        44,
      );
      expect(await controlsSmallerThan(roster.dialog, 24)).toEqual([]);
      await roster.bar.getByRole('button', { name: 'Remover da turma' }).click();
      const removal = page.getByRole('alertdialog', { name: 'Remover 1 aluno da turma' });
      await expectAtLeast(
        [
          removal.getByRole('button', { name: 'Cancelar' }),
          removal.getByRole('button', { name: 'Remover 1 aluno' }),
        ],
        44,
      );
      expect(await controlsSmallerThan(removal, 24)).toEqual([]);
      await expectNoScrollTrapOrSmallTargets(page);
    },
  );
});
