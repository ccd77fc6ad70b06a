/**
 * The first page of turmas is asked for before React hydrates the prerendered page or renders
 * anything: by public/shell.js before the first paint for the plain address, by the app's code as
 * it starts for an address with parameters (src/app/first-list-request.ts, issue 36). The list
 * shows that answer: the same request the list would send, sent once. A hydration mismatch would
 * be a console error, which fails the test.
 */
import type { Page } from '@playwright/test';
import type { ClassListResponse } from '#contract';
import { expect, listClasses, test, turmasPage } from './support';

/** Each request for a list of turmas, and what the page was when it left. */
interface ListRequest {
  url: string;
  /** The prerendered page was still inert: not hydrated yet. */
  inert: boolean;
  /** Nothing in the root: the app had rendered nothing yet. */
  empty: boolean;
}

/** Records every list request the page sends, from the first, in the page itself. */
async function recordListRequests(page: Page) {
  await page.addInitScript(() => {
    const sent: ListRequest[] = [];
    (window as unknown as { listRequests: ListRequest[] }).listRequests = sent;
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (new URL(url, location.href).pathname === '/v1/classe') {
        const root = document.getElementById('root');
        sent.push({
          url: new URL(url, location.href).search,
          inert: root?.hasAttribute('inert') === true,
          empty: root?.childElementCount === 0,
        });
      }
      return fetch(input, init);
    };
  });
  return () =>
    page.evaluate(() => (window as unknown as { listRequests: ListRequest[] }).listRequests);
}

/**
 * A token kept for this tab, as signing in leaves it, written before the console loads; returns
 * the list requests recorded from then on.
 */
async function signedInTab(page: Page, token: string) {
  const listRequests = await recordListRequests(page);
  await page.goto('/favicon.svg');
  await page.evaluate((value) => sessionStorage.setItem('turmas-admin.token', value), token);
  return listRequests;
}

/** The table shows `expected`'s turmas, settled. */
async function expectRows(page: Page, expected: ClassListResponse) {
  const { table, names } = turmasPage(page);
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect.poll(names).toEqual(expected.data.map((turma) => turma.name));
}

const isList = (url: URL) => url.pathname === '/v1/classe';

/** The list's answers held until `release()`, so the page is hydrated long before they come. */
async function holdListAnswers(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(isList, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a signed-in visit asks for its first page before hydrating, once, and shows it', async ({
  page,
  token,
  request,
}) => {
  const listRequests = await signedInTab(page, token);
  const release = await holdListAnswers(page);
  await page.goto('/');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  const [first] = await listRequests();
  expect(first).toMatchObject({ inert: true });

  release();
  const expected = await listClasses(request, token, { page: 1, pageSize: 20, sortBy: 'name' });
  await expectRows(page, expected);
  // The list found the request under way instead of sending its own.
  const sent = await listRequests();
  expect(sent.filter(({ url }) => url === first?.url)).toHaveLength(1);
  expect(new URLSearchParams(first?.url)).toEqual(
    new URLSearchParams({ page: '1', pageSize: '20', sortBy: 'name' }),
  );
});

test('an address with a page and an order asks for that page before the first render', async ({
  page,
  token,
  request,
}) => {
  const listRequests = await signedInTab(page, token);
  await page.goto('/?page=2&sort=-countStudents');
  const expected = await listClasses(request, token, {
    page: 2,
    pageSize: 20,
    sortBy: '-countStudents',
  });
  await expectRows(page, expected);
  const [first, ...later] = await listRequests();
  expect(first).toMatchObject({ empty: true });
  expect(new URLSearchParams(first?.url)).toEqual(
    new URLSearchParams({ page: '2', pageSize: '20', sortBy: '-countStudents' }),
  );
  expect(later.map(({ url }) => url)).not.toContain(first?.url);
});

test('without a stored token nothing is asked for: the gate shows', async ({ page }) => {
  const listRequests = await recordListRequests(page);
  const api: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/v1')) api.push(sent.url());
  });
  await page.goto('/');
  await expect(page.getByLabel('Token de acesso', { exact: true })).toBeFocused();
  expect(await listRequests()).toEqual([]);
  expect(api).toEqual([]);
});

test('when the first request fails, the list asks again as its retry policy says', async ({
  page,
  token,
  request,
  consoleErrors,
}) => {
  consoleErrors.allowFailedResponses(503);
  const listRequests = await signedInTab(page, token);
  let failed = false;
  await page.route(isList, async (route) => {
    if (failed) return route.continue();
    failed = true;
    await route.fulfill({ status: 503, json: { message: 'Indisponível' } });
  });
  await page.goto('/');
  const expected = await listClasses(request, token, { page: 1, pageSize: 20, sortBy: 'name' });
  await expectRows(page, expected);
  const [first, second] = await listRequests();
  expect(first).toMatchObject({ inert: true });
  expect(second?.url).toBe(first?.url);
});
