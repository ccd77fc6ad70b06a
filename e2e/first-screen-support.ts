/**
 * What the first-screen specs share: the app's code held back so the prerendered page shows
 * alone, a signed-in tab, the layout shift and the landmarks' boxes (decision 005).
 */
import type { Page, Request } from '@playwright/test';
import { expect } from './support';

const TOKEN_KEY = 'turmas-admin.token';
export const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/v1');

/** The app's code held back until `release()`: what shows meanwhile is the shell alone. */
export async function holdAppCode(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** A token kept for this tab, as signing in leaves it, written before the console loads. */
export async function signedInTab(page: Page, token: string) {
  await page.goto('/favicon.svg');
  await page.evaluate(({ key, value }) => sessionStorage.setItem(key, value), {
    key: TOKEN_KEY,
    value: token,
  });
}

/**
 * Marks the page's elements as they are now; `adopted()` then says whether the same elements are
 * still in the page (hydrated), rather than others built in their place.
 */
export type Marked = Element & { fromShell?: true };

export async function markElements(page: Page, selectors: string[]) {
  await page.evaluate(() =>
    document.querySelectorAll<Marked>('#root *').forEach((element) => {
      element.fromShell = true;
    }),
  );
  return () =>
    page.evaluate(
      (selectors) =>
        selectors.every((selector) => document.querySelector<Marked>(selector)?.fromShell === true),
      selectors,
    );
}

/** Where the first screen's landmarks sit on the page. */
export function boxes(page: Page, names: { heading: string; field: string }) {
  return Promise.all([
    page.getByRole('banner').boundingBox(),
    page.getByRole('heading', { level: 1, name: names.heading }).boundingBox(),
    page.getByLabel(names.field, { exact: true }).boundingBox(),
  ]);
}

/** Layout shifts from the start of the load, as Lighthouse adds them up (CLS). */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as { layoutShift: number };
    record.layoutShift = 0;
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) record.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

/**
 * On a phone's width (Lighthouse's), controls that come only once the server has said it offers
 * their extension (the expiring-soon button, the header's student search) arrive after the
 * prerendered paint: they must move nothing below them; the list's top is where the shift showed
 * (CLS 0.176, decision 005). Loads the signed-in list and returns the landmarks' boxes at the
 * prerendered paint and once hydrated with its first rows and `expiringButtons` expiring-soon
 * buttons (1 where the server offers it, 0 on a plain v1), and the layout shift.
 */
export async function loadAcrossLateControls(
  page: Page,
  token: string,
  { expiringButtons }: { expiringButtons: number },
) {
  await page.setViewportSize({ width: 412, height: 823 });
  await signedInTab(page, token);
  const layoutShift = await recordLayoutShifts(page);
  const release = await holdAppCode(page);
  await page.goto('/', { waitUntil: 'commit' });
  const names = { heading: 'Turmas', field: 'Buscar turmas' };
  await expect(page.getByRole('heading', { level: 1, name: names.heading })).toBeVisible();
  const tableTop = async () => (await page.locator('main table').boundingBox())?.y;
  const shell = [await boxes(page, names), await tableTop()];

  release();
  await expect(page.locator('tbody tr').nth(5)).toContainText(/\S/);
  await expect(page.getByRole('button', { name: 'Expirando em breve' })).toHaveCount(
    expiringButtons,
  );
  return {
    shell,
    hydrated: [await boxes(page, names), await tableTop()],
    layoutShift: await layoutShift(),
  };
}

/**
 * The table's rows on screen as markup, each element's tag, attributes (in name order: the
 * browser and React may write them in different orders) and own text, and where each row sits.
 */
export function shownRows(page: Page) {
  return page.locator('tbody tr').evaluateAll((rows) =>
    rows
      .filter((row) => row.getClientRects().length > 0)
      .map((row) => {
        const markupOf = (element: Element): string =>
          `<${element.localName}${[...element.attributes]
            .map((attribute) => ` ${attribute.name}="${attribute.value}"`)
            .sort()
            .join('')}>${[...element.childNodes]
            .map((child) =>
              child.nodeType === Node.TEXT_NODE ? child.textContent : markupOf(child as Element),
            )
            .join('')}`;
        const { x, y, width, height } = row.getBoundingClientRect();
        return { markup: markupOf(row), box: { x, y, width, height } };
      }),
  );
}
