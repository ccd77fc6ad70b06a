/**
 * A `read` credential (issue 38): signed in, the header names it and its role, the page says once
 * why there are no writes, and no write control shows anywhere: rows, tray, bulk, a roster.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { namedCredential } from '../server/credentials.ts';
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  listClasses,
  signIn,
  test,
  turmasPage,
} from './support';

const READ_TOKEN = randomBytes(24).toString('base64url');

test.use({ credentials: [namedCredential('secretaria-sede', 'read', READ_TOKEN)] });

test(
  'a read credential sees its name and role and no write control',
  { tag: '@phone' },
  async ({ page, request, token }) => {
    const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;
    await signIn(page, READ_TOKEN);
    const list = turmasPage(page);
    await expect(list.table).toHaveAttribute('aria-busy', 'false');

    const header = page.getByRole('banner');
    await expect(header.getByText('secretaria-sede')).toBeVisible();
    await expect(header.getByText('consulta')).toBeVisible();
    await expect(page.getByText('Esta credencial só pode consultar.')).toHaveCount(1);
    await expect(page.getByText('Esta credencial só pode consultar.')).toBeVisible();

    await expect(list.row(turma!).enrol).toHaveCount(0);
    await expect(list.row(turma!).remove).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Matricular ou remover em lote' })).toHaveCount(
      0,
    );
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    await list.rowCheckbox(turma!).check();
    await expect(list.trayCount).toBeVisible();
    await expect(
      list.tray.getByRole('button', { name: /^(Matricular|Remover) aluno$/ }),
    ).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A roster: nothing to tick (nothing could be done with ticked students), no write offered.
    await page.goto(`/?turma=${encodeURIComponent(turma!.id)}`);
    const roster = page.getByRole('dialog');
    await expect(roster.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    await expect(roster.getByRole('table').getByRole('checkbox')).toHaveCount(0);
    await expect(
      roster.getByRole('button', { name: /^(Remover|Matricular|Mover|Alterar)/ }),
    ).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A student's page, from a name: the same.
    const student = roster.getByRole('table').getByRole('link').first();
    const name = await student.textContent();
    await student.click();
    const studentPage = page.getByRole('dialog', { name: name! });
    await expect(studentPage.getByRole('table')).toBeVisible();
    await expect(studentPage.getByRole('table').getByRole('checkbox')).toHaveCount(0);
    await expect(studentPage.getByRole('button', { name: /^(Mover|Alterar|Remover)/ })).toHaveCount(
      0,
    );
    await expectNoAxeViolations(page);
  },
);

test('a read credential’s reloaded tab: named in the header, no write control from the first paint', async ({
  page,
}) => {
  await signIn(page, READ_TOKEN);
  await expect(page.getByText('Esta credencial só pode consultar.')).toBeVisible();

  await watchWriteControls(page);
  await page.reload();
  await expect(turmasPage(page).table).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText('Esta credencial só pode consultar.')).toBeVisible();
  await expect(page.getByRole('banner').getByText('consulta')).toBeVisible();
  // "secretaria-sede · consulta": the dot between spaces, not "secretaria-sede·consulta".
  const [name, role] = await Promise.all(
    ['secretaria-sede', 'consulta'].map((text) =>
      page.getByRole('banner').getByText(text, { exact: true }).boundingBox(),
    ),
  );
  expect(role!.x - (name!.x + name!.width)).toBeGreaterThanOrEqual(8);
  expect(await writesSeen(page)).toEqual([]);
});

test('a read credential signing in, then its token’s next tab: no write control at any moment', async ({
  page,
}) => {
  await watchWriteControls(page);
  await page.goto('/');
  await page.getByLabel('Token de acesso', { exact: true }).fill(READ_TOKEN);
  await page.getByRole('checkbox', { name: 'Lembrar neste dispositivo' }).check();
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(turmasPage(page).table).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText('Esta credencial só pode consultar.')).toBeVisible();
  expect(await writesSeen(page)).toEqual([]);

  // Remembered on this device: a new tab has the token, and its role with it.
  const tab = await page.context().newPage();
  await watchWriteControls(tab);
  await tab.goto('/');
  await expect(turmasPage(tab).table).toHaveAttribute('aria-busy', 'false');
  await expect(tab.getByText('Esta credencial só pode consultar.')).toBeVisible();
  expect(await writesSeen(tab)).toEqual([]);
});

/** Records every write control drawn at any moment of the page's next loads, first paint on. */
async function watchWriteControls(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { writesSeen: seen });
    const look = () => {
      for (const button of document.querySelectorAll('button')) {
        const text = button.textContent.trim();
        if (
          /^(Matricular|Remover|Matricular ou remover em lote)$/.test(text) &&
          button.checkVisibility({ visibilityProperty: true })
        ) {
          seen.push(text);
        }
      }
    };
    new MutationObserver(look).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
    });
  });
}

const writesSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { writesSeen: string[] }).writesSeen);
