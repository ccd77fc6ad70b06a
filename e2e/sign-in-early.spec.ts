/**
 * The sign-in form's code is not on the first screen (src/features/auth/token-gate.tsx): signed
 * out, the app hydrates once it is in, adopting the prerendered form, focused, with what the
 * browser put in it meanwhile (a password manager's fill, say).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support';

/** The form's own code held back until `release()`; the rest of the app loads as usual. */
async function holdFormCode(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/assets/token-form-*.js', async (route) => {
    asked();
    await held;
    await route.continue();
  });
  return { release, asked: requested };
}

test('the gate hydrates with its form’s code, keeping what the form held', async ({
  page,
  token,
}) => {
  const form = await holdFormCode(page);
  await page.goto('/');
  const field = page.getByLabel('Token de acesso', { exact: true });
  const remember = page.getByRole('checkbox', { name: 'Lembrar neste dispositivo' });

  await form.asked;
  await expect(field).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('inert');
  await field.evaluate((input: HTMLInputElement, value) => (input.value = value), token);
  await remember.evaluate((input: HTMLInputElement) => (input.checked = true));
  const prerendered = await field.elementHandle();

  form.release();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(field).toBeFocused();
  expect(await field.evaluate((input, before) => input === before, prerendered)).toBe(true);
  await expect(field).toHaveValue(token);
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Turmas' })).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('turmas-admin.token'))).toBe(token);
});
