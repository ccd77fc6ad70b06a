/**
 * What every journey through the console needs: the worker's server (fixtures.ts) plus a watch on
 * the browser console, signing in as staff do, asking the server itself for the truth a screen
 * must show, the turmas page's parts found by role and name, and an axe scan.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { classListResponseSchema, type ClassListResponse } from '#contract';
import { test as base, expect } from './fixtures';

/**
 * WCAG 2.0, 2.1 and 2.2, levels A and AA, and axe's best practices (one banner, landmarks named
 * apart, a dialog named): the bar every state must meet.
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** What is open over the page: dialogs, their pop-ups and notifications (Mantine's portal). */
export const OVER_THE_PAGE = '[data-portal]';

/**
 * Scans the page, or only `within` (a CSS selector, e.g. OVER_THE_PAGE) for a state that changes
 * nothing outside it once the page behind was scanned. Opening a dialog or drawer does change the
 * page (it turns inert beneath), so a kind's first scan open is of the whole page. Legacy mode
 * runs axe in the page itself: the console has no iframes, and the default mode opens a blank
 * page to merge frame results on every scan, which doubled its cost
 * (docs/decisions/009-test-suite-under-load.md).
 */
export async function expectNoAxeViolations(page: Page, within?: string) {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true);
  const results = await (within ? builder.include(within) : builder).analyze();
  expect(results.violations).toEqual([]);
  expect(await unstyledMantineParts(page)).toEqual([]);
}

/**
 * Mantine's classes on the page that no loaded stylesheet styles. The console loads Mantine's
 * styles per component (src/app/mantine-styles.ts), so a part whose sheet was left out renders
 * unstyled (a SegmentedControl's indicator 4 px off, 2026-11-29); every state axe checks is
 * checked for it too.
 */
async function unstyledMantineParts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hashed = /^m_[0-9a-f]{8}$/;
    const used = new Set<string>();
    for (const element of document.querySelectorAll('[class*="m_"]')) {
      for (const name of element.classList) if (hashed.test(name)) used.add(name);
    }
    const styled = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) {
          for (const [, name] of rule.selectorText.matchAll(/\.(m_[0-9a-f]{8})/g))
            styled.add(name!);
        }
        if ('cssRules' in rule) collect(rule.cssRules as CSSRuleList);
      }
    };
    for (const sheet of document.styleSheets) {
      try {
        collect(sheet.cssRules);
      } catch {
        // A sheet whose rules cannot be read: one that failed to load (a test cutting the network).
      }
    }
    return [...used].filter((name) => !styled.has(name)).sort();
  });
}

const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d{3})\b/;
const FAILED_REQUEST = /^Failed to load resource: net::ERR_/;
const CORS_REFUSAL =
  /^Access to fetch at '[^']*' from origin '[^']*' has been blocked by CORS policy/;

export interface ConsoleErrors {
  /** Every console error and uncaught exception of the page, in order. */
  readonly all: string[];
  /**
   * A test that makes the server fail on purpose says so: Chromium logs each non-2xx response
   * as a console error, and those lines are expected, not bugs.
   */
  allowFailedResponses(status: number): void;
  /** The same for requests that got no answer at all (net::ERR_…): a test that cuts the network. */
  allowNetworkFailures(): void;
  /** The same for calls the browser refused by CORS (its own line, then net::ERR_FAILED). */
  allowCorsRefusals(): void;
  /** What is left once the deliberate failures are set aside: should be nothing. */
  unexpected(): string[];
}

function watchConsoleErrors(page: Page): ConsoleErrors {
  const all: string[] = [];
  const allowed = new Set<number>();
  let networkFailuresAllowed = false;
  let corsRefusalsAllowed = false;
  page.on('console', (message) => {
    if (message.type() === 'error') all.push(message.text());
  });
  page.on('pageerror', (error) => all.push(error.message));
  return {
    all,
    allowFailedResponses: (status) => allowed.add(status),
    allowNetworkFailures: () => (networkFailuresAllowed = true),
    allowCorsRefusals: () => (corsRefusalsAllowed = networkFailuresAllowed = true),
    unexpected: () =>
      all.filter((line) => {
        if (networkFailuresAllowed && FAILED_REQUEST.test(line)) return false;
        if (corsRefusalsAllowed && CORS_REFUSAL.test(line)) return false;
        const status = FAILED_RESOURCE.exec(line)?.[1];
        return status === undefined || !allowed.has(Number(status));
      }),
  };
}

/**
 * The worker's server, and every test fails on a console error or an uncaught exception it did
 * not cause on purpose: a journey that "works" while the console logs errors is not done.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors = watchConsoleErrors(page);
      await use(errors);
      // A route the test set may still be fetching as it ends (a refetch after its last check):
      // left, Playwright reports it as an error outside any test, and the run fails.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      expect(errors.unexpected(), 'console errors and uncaught exceptions').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

const TOKEN_STORAGE_KEY = 'turmas-admin.token';
let seededTabs = 0;

/**
 * Opens `path` (a link someone may have shared) signed in, as a tab that signed in before: the
 * token is in the tab's sessionStorage, where the gate leaves it, before the console loads; waits
 * for the turmas page, hydrated. Once per call: a later sign-out or expiry stays as it is on
 * reload. The journeys about the gate itself use `signInThroughGate`.
 */
export async function signIn(page: Page, token: string, path = '/') {
  seededTabs += 1;
  await page.addInitScript(
    ({ key, value, once }) => {
      try {
        if (sessionStorage.getItem(once) !== null) return;
        sessionStorage.setItem(once, 'yes');
        sessionStorage.setItem(key, value);
      } catch {
        // A document without storage (about:blank): the console's own pages have it.
      }
    },
    { key: TOKEN_STORAGE_KEY, value: token, once: `e2e-signed-in-${seededTabs}` },
  );
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Turmas' })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  // The rows public/shell.js may paint are a picture until the app's own take their place.
  await expect(page.locator('tbody[data-first-rows]:not(:empty)')).toHaveCount(0);
}

/**
 * Opens `path`, signs in through the gate as staff do and waits for the turmas page. The address
 * is kept through signing in, so the page shows the link's view.
 */
export async function signInThroughGate(page: Page, token: string, path = '/') {
  await page.goto(path);
  await page.getByLabel('Token de acesso', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Turmas' })).toBeVisible();
}

/**
 * Signs in again through the dialog that opens over the page when the session expires, with its
 * button or with Enter in the token field. Escape belongs to that dialog: what it covers stays.
 */
export async function signInAgain(page: Page, token: string, submitWith: 'button' | 'Enter') {
  const dialog = page.getByRole('dialog', { name: 'Sua sessão expirou' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel('Token de acesso', { exact: true });
  await field.fill(token);
  if (submitWith === 'Enter') await field.press('Enter');
  else await dialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Adds `turma` to an open form's list through the form's own search field; the results open
 * below the field, outside the dialog's own element.
 */
export async function addTurmaThroughSearch(page: Page, search: Locator, turma: { name: string }) {
  await search.fill(turma.name);
  await page.getByRole('option', { name: turma.name, exact: true }).click();
}

/** One page of turmas as the reference API answers it: the truth the table must show. */
export async function listClasses(
  request: APIRequestContext,
  token: string,
  query: Record<string, string | number> = {},
): Promise<ClassListResponse> {
  const params = new URLSearchParams(
    Object.entries(query).map(([name, value]) => [name, String(value)]),
  );
  const answer = await request.get(`/v1/classe?${params}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.ok(), `GET /v1/classe?${params} answered ${answer.status()}`).toBe(true);
  return classListResponseSchema.parse(await answer.json());
}

/** What the server says each of `turmas` holds now (all on the first 100 by name). */
export async function countsOf(
  request: APIRequestContext,
  token: string,
  turmas: readonly { id: string }[],
): Promise<(number | undefined)[]> {
  const { data } = await listClasses(request, token, { pageSize: 100 });
  return turmas.map((turma) => data.find((listed) => listed.id === turma.id)?.countStudents);
}

/** The parts of the turmas page, found the way a person (or a screen reader) finds them. */
export function turmasPage(page: Page) {
  const table = page.getByRole('table', { name: 'Lista de turmas' });
  const nameCells = table.locator('tbody tr > td:nth-child(2)');
  const pager = page.getByRole('navigation', { name: 'Páginas da lista de turmas' });
  const tray = page.getByRole('region', { name: 'Turmas selecionadas' });
  const header = (name: string) => table.getByRole('columnheader', { name, exact: true });
  // Two buttons carry this name while a search finds nothing: the field's own (an icon with an
  // aria-label) and the empty state's, which has the words on it.
  const clearSearch = page.getByRole('button', { name: 'Limpar busca', exact: true });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Turmas' }),
    search: page.getByRole('searchbox', { name: 'Buscar turmas' }),
    // The tray's count is a live region too; the list's own comes first in the page.
    status: page.getByRole('status').first(),
    table,
    nameCells,
    /**
     * The names in the table, top to bottom, as a screen reader reads them: a name with the
     * search's words marked is drawn twice, the marked copy hidden from assistive technology.
     */
    names: () =>
      nameCells.evaluateAll((cells) =>
        cells.map((cell) => {
          const readable = cell.cloneNode(true) as Element;
          for (const hidden of readable.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
          return readable.textContent;
        }),
      ),
    studentCells: table.locator('tbody tr > td:nth-child(3)'),
    header,
    sortButton: (name: string) => header(name).getByRole('button'),
    rowCheckbox: (turma: { name: string }) =>
      table.getByRole('checkbox', { name: `Selecionar ${turma.name}`, exact: true }),
    /** One turma's row: its student count and its enrol and remove buttons. */
    row: (turma: { name: string }) => {
      const found = table.getByRole('row').filter({
        has: page.getByRole('checkbox', { name: `Selecionar ${turma.name}`, exact: true }),
      });
      return {
        students: found.locator('td:nth-child(3)'),
        enrol: found.getByRole('button', {
          name: `Matricular aluno em ${turma.name}`,
          exact: true,
        }),
        remove: found.getByRole('button', { name: `Remover aluno de ${turma.name}`, exact: true }),
      };
    },
    pageCheckbox: table.getByRole('checkbox', { name: 'Selecionar todas as turmas desta página' }),
    pager,
    pagerButton: (name: string) => pager.getByRole('button', { name, exact: true }),
    pageSize: page.getByRole('combobox', { name: 'Turmas por página' }),
    tray,
    trayCount: tray.getByRole('status'),
    chip: (turma: { name: string }) => tray.getByText(turma.name, { exact: true }),
    removeChip: (turma: { name: string }) =>
      tray.getByRole('button', { name: `Remover ${turma.name} da seleção`, exact: true }),
    clearSearchInField: clearSearch.filter({ hasNotText: 'Limpar busca' }),
    clearSearchInEmptyState: clearSearch.filter({ hasText: 'Limpar busca' }),
  };
}

/** Nothing of the page scrolls sideways: the phone journeys' check after each state. */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}

let tagNumber = 0;
/** A word no seeded name or e-mail holds, so that a search finds only one test's students. */
export function newTag(): string {
  tagNumber += 1;
  return `zq${Date.now().toString(36)}${tagNumber}`;
}

/**
 * A turma id as the console's CSV files write it. Ids are random URL-safe text, so one in 64
 * starts with "-", which a spreadsheet reads as a formula: the file prefixes it with "'".
 */
export function idInCsv(id: string): string {
  return id.startsWith('-') ? `'${id}` : id;
}

/**
 * Where `element`'s text starts a new line: for each line after the first, the character that
 * ends the line before and the one that starts it.
 */
export function lineBreaksIn(element: Locator): Promise<{ before: string; after: string }[]> {
  return element.evaluate((root) => {
    const characters: { character: string; top: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index++) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = [...range.getClientRects()].find((piece) => piece.width > 0);
        if (rect) characters.push({ character: text[index]!, top: Math.round(rect.top) });
      }
    }
    return characters.flatMap((current, index) => {
      const previous = characters[index - 1];
      return previous && current.top > previous.top
        ? [{ before: previous.character, after: current.character }]
        : [];
    });
  });
}
