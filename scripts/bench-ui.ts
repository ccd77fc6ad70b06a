/**
 * UI timing budgets of the turmas screen, measured in the system Chromium against the
 * built console (dist/) and the real reference server on a temporary database of demo turmas:
 *
 * - sign-in: click on "Entrar" → the frame that shows the first rows;
 * - search: a term typed by typists at 80, 100, 150 and 250 ms per key → the frame that shows its
 *   rows, after the last key (target ≤ 200 ms at 80 and 100 ms per key, at most 200 ms beyond
 *   the typist's own gap at 150 and 250), and how many list requests for page 1 left after the
 *   first key (target at 80 and 100 ms per key: one per burst);
 * - next page, already prefetched: click → the frame with the new first row (targets: median
 *   ≤ 16 ms, p90 ≤ 24 ms);
 * - page size 100: choosing it → the frame with 100 rows, and how much of that came after the
 *   response had arrived;
 * - the enrol form: a click on a row's "Matricular" → the frame that shows the dialog (target
 *   ≤ 100 ms once its code is in). The pointer reaches the button before the click, as a real one
 *   does, which also starts loading the form's code if it is not in yet
 *   (src/app/turmas-page.tsx); measured once it has loaded, in the same tab;
 * - the first dialog of a fresh tab (target ≤ 150 ms, issue 20): the enrol form, the removal form
 *   (a row's "Remover") and the bulk dialog, each on a newly loaded page, the click once the tab
 *   has settled after its rows painted, as for a person who reads the list first (the dialogs'
 *   code loads when the browser is idle after the rows: decision 006); and the enrol form with
 *   the click at once, the
 *   floor nobody meets in practice, reported without a target.
 *
 * Times come from inside the page, so Playwright's own round trips are not counted: from the
 * timestamp of the action's first input event (a click's pointerdown; for a search, the last
 * key) to the frame that shows the result having been presented: performance.now() in a
 * MessageChannel task posted from the first animation frame after the DOM shows it, which runs
 * once that frame's paint has gone out. Clicks are not held: measured from the press, a hold
 * would only add its own length. Each measure runs `--runs` times; medians (and the p90 where
 * said) decide the targets.
 *
 *   npm run bench:ui [-- --runs 10 --classes 2000 --term matemá --dist dist --only dialogs]
 *
 * `--only dialogs` measures the dialogs alone (an A/B of their loading in a few minutes), and
 * `--only list` the search, paging and page size alone.
 *
 * `--dist` serves another build (say, one of the code before a change, built with `vite build
 * --outDir dist-base`), so two builds can be measured one after the other in the same hour.
 *
 * Not part of `npm test`: timings belong in a benchmark, not in pass/fail tests.
 */
import {
  chromium,
  devices,
  type Browser,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import playwrightConfig from '../playwright.config.ts';
import { startServer } from '../server/server.ts';
import { formatTable, percentile } from './stats.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    classes: { type: 'string', default: '2000' },
    // Six letters of a demo subject (server/seed.ts), accent included.
    term: { type: 'string', default: 'matemá' },
    // The built console to serve: an A/B comparison measures two builds side by side.
    dist: { type: 'string', default: 'dist' },
    // 'dialogs': only the dialog measures; 'list': only search, paging and page size.
    only: { type: 'string', default: 'all' },
  },
});
const RUNS = positiveInteger('runs');
const DEMO_CLASSES = positiveInteger('classes');
const TERM = args.term;
/** Typists' gaps between keys (ms): issue 36's targets name each. */
const TYPISTS_MS_PER_KEY = [80, 100, 150, 250] as const;
const STATIC_DIR = args.dist;
if (!['all', 'dialogs', 'list'].includes(args.only)) {
  console.error('bench-ui: --only must be "all", "dialogs" or "list"');
  process.exit(2);
}
const ONLY_DIALOGS = args.only === 'dialogs';
const ONLY_LIST = args.only === 'list';
/** Where the console keeps a remembered token: TOKEN_STORAGE_KEY in src/features/auth/token-store.ts. */
const TOKEN_STORAGE_KEY = 'turmas-admin.token';

/** The accessible names the console offers in pt-BR (src/i18n/pt-br.ts). */
const UI = {
  tokenField: 'Token de acesso',
  signIn: 'Entrar',
  table: 'Lista de turmas',
  search: 'Buscar turmas',
  nextPage: 'Próxima página',
  pageSize: 'Turmas por página',
  enrolRowAction: /^Matricular aluno em /,
  enrolDialog: 'Matricular aluno',
  removeRowAction: /^Remover aluno de /,
  removeDialog: 'Remover aluno',
  bulkAction: 'Matricular ou remover em lote',
  bulkDialog: 'Matrícula em lote',
} as const;

/** A dialog the page opens: what to click, and the name of the dialog that must show. */
interface DialogCase {
  what: string;
  button: (page: Page) => Locator;
  dialog: string;
}

const DIALOGS = {
  enrol: {
    what: `a row's "Matricular" button`,
    button: (page) => page.getByRole('button', { name: UI.enrolRowAction }),
    dialog: UI.enrolDialog,
  },
  remove: {
    what: `a row's "Remover" button`,
    button: (page) => page.getByRole('button', { name: UI.removeRowAction }),
    dialog: UI.removeDialog,
  },
  bulk: {
    what: `the button "${UI.bulkAction}"`,
    button: (page) => page.getByRole('button', { name: UI.bulkAction, exact: true }),
    dialog: UI.bulkDialog,
  },
} satisfies Record<string, DialogCase>;

// ---------------------------------------------------------------------------------------------
// In-page probe. Kept as plain JavaScript text: tsx rewrites functions with a `__name` helper
// that does not exist in the page, so functions passed to page.evaluate() would throw there.

const PROBE = `
window.__bench = (() => {
  let lastInput = 0;
  // The first input event since the current watch began: where a click's measure starts.
  let firstInput = null;
  // Every frame the page starts, so a measure can tell whether the result was in the first
  // frame after the input or whether frames went by without it.
  const frameStarts = [];
  const tick = () => {
    frameStarts.push(performance.now());
    if (frameStarts.length > 1000) frameStarts.splice(0, 500);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  for (const type of ['pointerdown', 'pointerup', 'click', 'keydown', 'keyup', 'input', 'change']) {
    addEventListener(type, (event) => {
      lastInput = event.timeStamp;
      if (firstInput === null) firstInput = event.timeStamp;
    }, true);
  }
  const fold = (text) => text.normalize('NFKD').replace(/\\p{M}/gu, '').toLowerCase();
  const nameOf = (table) => {
    const labelledBy = table.getAttribute('aria-labelledby');
    if (labelledBy) {
      return labelledBy.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
    }
    return (table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent ?? '').trim();
  };
  /** Rows with text: skeleton rows have none. */
  const dataRows = (tableName) => {
    const table = [...document.querySelectorAll('table, [role="table"], [role="grid"]')]
      .find((candidate) => nameOf(candidate) === tableName);
    if (!table) return [];
    const body = table.tBodies?.[0] ?? table;
    return [...body.querySelectorAll('tr, [role="row"]')]
      .filter((row) => !row.closest('thead') && row.textContent.trim() !== '');
  };
  const responded = (fragment) => performance.getEntriesByType('resource')
    .some((entry) => entry.name.includes('/v1/classe') && entry.name.includes(fragment));
  const conditions = {
    rows: ({ table }) => dataRows(table).length > 0,
    rowCount: ({ table, count }) => dataRows(table).length === count,
    firstRowChanged: ({ table }, before) => {
      const rows = dataRows(table);
      return rows.length > 0 && rows[0].textContent !== before;
    },
    dialogShown: ({ dialog }) => [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
      .some((candidate) => nameOf(candidate).startsWith(dialog)),
    searchShown: ({ table, term }) => {
      const rows = dataRows(table);
      const folded = fold(term);
      return responded('query=' + encodeURIComponent(term).replace(/%20/g, '+')) &&
        rows.length > 0 && rows.every((row) => fold(row.textContent).includes(folded));
    },
  };
  return {
    /**
     * Resolves once the first frame after the condition holds has been presented, with the time
     * since the action's first input event (spec.from 'first') or its last (spec.from 'last'),
     * and since the end of the first list response whose URL holds spec.response.
     */
    watch(spec) {
      firstInput = null;
      const before = dataRows(spec.table)[0]?.textContent;
      const check = () => conditions[spec.condition](spec, before);
      return new Promise((resolve, reject) => {
        const done = () => {
          observer.disconnect();
          clearTimeout(timer);
          const input = spec.from === 'last' ? lastInput : firstInput ?? lastInput;
          const dom = performance.now();
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port2.postMessage(0);
            channel.port1.onmessage = () => {
            const frame = performance.now();
            // The first response of the kind watched for: later ones are prefetches.
            const response = performance.getEntriesByType('resource')
              .find((entry) => entry.name.includes('/v1/classe') && entry.name.includes(spec.response ?? ''));
            resolve({
              sinceInput: frame - input,
              untilDom: dom - input,
              sinceResponse: frame - (response?.responseEnd ?? frame),
              framesBetween: frameStarts.filter((start) => start > input && start < dom).length,
            });
            };
          });
        };
        const observer = new MutationObserver(() => { if (check()) done(); });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error('timed out waiting for ' + JSON.stringify(spec)));
        }, spec.timeoutMs);
        if (check()) done();
        else observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
      });
    },
  };
})();
`;

interface Timing {
  /** The action's input event → the first presented frame showing the result. */
  sinceInput: number;
  /** The action's input event → the DOM mutation that completed the result (script, render). */
  untilDom: number;
  /** End of the watched list response → that frame. */
  sinceResponse: number;
  /** Frames that started between the input and the result: 0 means it painted in the first. */
  framesBetween: number;
}

type WatchSpec =
  | { condition: 'rows' }
  | { condition: 'rowCount'; count: number; response: string; from: 'last' }
  | { condition: 'firstRowChanged' }
  | { condition: 'searchShown'; term: string; from: 'last' }
  | { condition: 'dialogShown'; dialog: string };

/** Starts watching before the action, so a fast result cannot slip past unobserved. */
function watch(page: Page, spec: WatchSpec): Promise<Timing> {
  const full = { ...spec, table: UI.table, timeoutMs: 15_000 };
  return page.evaluate<Timing>(`window.__bench.watch(${JSON.stringify(full)})`);
}

// ---------------------------------------------------------------------------------------------
// Measures

class MissingControl extends Error {}

/** Fails with a message naming the control, instead of a 30 s locator timeout. */
async function requireControl(page: Page, locator: Locator, what: string) {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: 5_000 });
  } catch {
    throw new MissingControl(`${what} is not on the page (${page.url()})`);
  }
  return locator.first();
}

async function openTurmas(page: Page, url = '/') {
  await page.goto(url);
  const table = page.getByRole('table', { name: UI.table });
  await requireControl(page, table, `the table "${UI.table}"`);
  await watch(page, { condition: 'rows' });
}

async function signIn(page: Page, token: string): Promise<Timing> {
  await page.goto('/');
  const field = await requireControl(
    page,
    page.getByLabel(UI.tokenField, { exact: true }),
    `the field "${UI.tokenField}"`,
  );
  await field.fill(token);
  const button = await requireControl(
    page,
    page.getByRole('button', { name: UI.signIn, exact: true }),
    `the button "${UI.signIn}"`,
  );
  const shown = watch(page, { condition: 'rows' });
  await button.click();
  return shown;
}

interface SearchRun extends Timing {
  /** GET /v1/classe for page 1 sent after the first key: one per typing burst is the target. */
  searchRequests: number;
  /** Every GET /v1/classe sent after the first key, prefetches of later pages included. */
  allRequests: number;
  /** The search terms of those page-1 requests, to see which partial terms went out. */
  searchedTerms: string[];
}

async function search(page: Page, msPerKey: number): Promise<SearchRun> {
  await openTurmas(page);
  const field = await requireControl(
    page,
    page
      .getByRole('searchbox', { name: UI.search })
      .or(page.getByLabel(UI.search, { exact: true })),
    `the search field "${UI.search}"`,
  );
  await field.click();
  const sent: URL[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/v1/classe') sent.push(url);
  };
  page.on('request', record);
  try {
    const shown = watch(page, { condition: 'searchShown', term: TERM, from: 'last' });
    await typeAtCadence(page, TERM, msPerKey);
    const timing = await shown;
    // A late duplicate (a second debounce, a refetch) would come within a debounce period.
    await page.waitForTimeout(500 + 2 * msPerKey);
    const firstPage = sent.filter((url) => (url.searchParams.get('page') ?? '1') === '1');
    return {
      ...timing,
      searchRequests: firstPage.length,
      allRequests: sent.length,
      searchedTerms: firstPage.map((url) => url.searchParams.get('query') ?? ''),
    };
  } finally {
    page.off('request', record);
  }
}

/**
 * One key every `msPerKey`, measured from the first. Not pressSequentially({ delay }): it
 * holds each key down for `delay` and then waits `delay` again before a character typed through
 * insertText (such as "á"), so the gaps are uneven and up to twice as long as asked.
 */
async function typeAtCadence(page: Page, text: string, msPerKey: number) {
  const start = performance.now();
  for (const [index, char] of Array.from(text).entries()) {
    const wait = start + index * msPerKey - performance.now();
    if (wait > 0) await sleep(wait);
    await page.keyboard.type(char);
  }
}

interface NextPageRun extends Timing {
  prefetched: boolean;
  /** Page 2 was asked for again after the click: the prefetched data was not used. */
  refetched: boolean;
}

async function nextPage(page: Page): Promise<NextPageRun> {
  const prefetch = page
    .waitForResponse(
      (response) => {
        const url = new URL(response.url());
        return url.pathname === '/v1/classe' && url.searchParams.get('page') === '2';
      },
      { timeout: 5_000 },
    )
    .then(
      () => true,
      () => false,
    );
  await openTurmas(page);
  const button = await requireControl(
    page,
    page.getByRole('button', { name: UI.nextPage, exact: true }),
    `the button "${UI.nextPage}"`,
  );
  const prefetched = await prefetch;
  // The response has arrived; give the query cache a moment to hold it before clicking.
  await page.waitForTimeout(200);
  let refetched = false;
  const record = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v1/classe' && url.searchParams.get('page') === '2') refetched = true;
  };
  page.on('request', record);
  try {
    const shown = watch(page, { condition: 'firstRowChanged' });
    await button.click();
    return { ...(await shown), prefetched, refetched };
  } finally {
    page.off('request', record);
  }
}

async function pageSize100(page: Page): Promise<Timing> {
  await openTurmas(page);
  const control = await requireControl(
    page,
    page.getByLabel(UI.pageSize, { exact: true }),
    `the page-size choice "${UI.pageSize}"`,
  );
  const shown = watch(page, {
    condition: 'rowCount',
    count: 100,
    response: 'pageSize=100',
    from: 'last',
  });
  if ((await control.locator('xpath=self::select').count()) > 0) {
    await control.selectOption('100');
  } else {
    // Mantine's Select: open the list, pick the option.
    await control.click();
    await page.getByRole('option', { name: '100', exact: true }).click();
  }
  return shown;
}

/**
 * `warm`: the pointer rests on the button until the form's code has loaded, then clicks (a
 * second enrolment in the same tab). Otherwise the click follows the pointer's arrival at once;
 * with `settled`, once the tab has settled after the rows painted (nothing on the network for
 * half a second, then an idle moment), as for a person who reads the rows before clicking: the
 * first dialog of a fresh tab.
 */
async function openDialog(
  page: Page,
  which: DialogCase,
  { warm = false, settled = false }: { warm?: boolean; settled?: boolean } = {},
): Promise<Timing> {
  await openTurmas(page);
  const button = await requireControl(page, which.button(page), which.what);
  if (warm) {
    await button.hover();
    await page.waitForLoadState('networkidle');
  }
  if (settled) {
    await page.waitForLoadState('networkidle');
    // Text, not a function: see PROBE above.
    await page.evaluate('new Promise((resolve) => requestIdleCallback(() => resolve(true)))');
  }
  const shown = watch(page, { condition: 'dialogShown', dialog: which.dialog });
  await button.click();
  const timing = await shown;
  // Nothing typed: Escape closes without asking.
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 5_000 });
  return timing;
}

// ---------------------------------------------------------------------------------------------
// Running and reporting

interface Row {
  measure: string;
  unit: 'ms' | 'requests' | 'frames';
  values: number[];
  target?: { text: string; met: (median: number, values: number[]) => boolean };
  note?: string;
  error?: string;
}

async function repeat<T>(runs: number, run: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let index = 0; index < runs; index++) results.push(await run(index));
  return results;
}

async function measureAll(browser: Browser, baseURL: string, token: string): Promise<Row[]> {
  const project = playwrightConfig.projects?.find((candidate) => candidate.name === 'chromium');
  const contextOptions = {
    baseURL,
    locale: playwrightConfig.use?.locale ?? 'pt-BR',
    viewport: project?.use?.viewport ?? devices['Desktop Chrome'].viewport,
  };
  const rows: Row[] = [];

  /** One measure; a missing control or a timeout becomes that row's error, not the end. */
  async function measure(row: Omit<Row, 'values'>, collect: () => Promise<number[]>) {
    try {
      rows.push({ ...row, values: await collect() });
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      rows.push({ ...row, values: [], error: message });
    }
    const last = rows.at(-1)!;
    console.error(`  ${last.measure}: ${last.error ?? 'done'}`);
  }

  /** `signedIn`: the token is remembered on the device, so the page opens on the list itself. */
  async function withPage<T>(
    use: (page: Page) => Promise<T>,
    { signedIn = false }: { signedIn?: boolean } = {},
  ): Promise<T> {
    const context = await browser.newContext(contextOptions);
    await context.addInitScript({ content: PROBE });
    if (signedIn) {
      await context.addInitScript({
        content: `localStorage.setItem(${JSON.stringify(TOKEN_STORAGE_KEY)}, ${JSON.stringify(token)})`,
      });
    }
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
    try {
      return await use(page);
    } finally {
      await context.close();
    }
  }

  // A fresh browser context per run: no token stored, nothing cached.
  if (!ONLY_DIALOGS && !ONLY_LIST) {
    await measure({ measure: 'sign-in → first rows', unit: 'ms' }, async () =>
      (await repeat(RUNS, () => withPage((page) => signIn(page, token)))).map((t) => t.sinceInput),
    );
  }

  // One signed-in tab for the rest; every run reloads the first page.
  await withPage(async (page) => {
    try {
      await signIn(page, token);
    } catch (error) {
      // Each measure below then reports what it misses.
      console.error(`  sign-in for the remaining measures failed: ${String(error)}`);
    }
    if (!ONLY_DIALOGS) await measureList(page);
    if (ONLY_LIST) return;
    await measure(
      {
        measure: 'enrol form: row "Matricular" click → dialog painted (code loaded)',
        unit: 'ms',
        target: { text: '≤ 100 ms', met: (median) => median <= 100 },
      },
      async () =>
        (await repeat(RUNS, () => openDialog(page, DIALOGS.enrol, { warm: true }))).map(
          (t) => t.sinceInput,
        ),
    );
  });

  if (ONLY_LIST) return rows;

  // A fresh tab per run, opened on the list with a remembered token (nothing cached: the
  // dialogs' code has not been loaded by an earlier page), then one click.
  const freshTab = (which: DialogCase, settled = false) =>
    repeat(RUNS, () =>
      withPage((page) => openDialog(page, which, { settled }), { signedIn: true }),
    ).then((timings) => timings.map((t) => t.sinceInput));
  const firstDialogTarget = { text: '≤ 150 ms', met: (median: number) => median <= 150 };
  await measure(
    {
      measure: 'first dialog of a fresh tab, click once it has settled after the rows: enrol form',
      unit: 'ms',
      target: firstDialogTarget,
    },
    () => freshTab(DIALOGS.enrol, true),
  );
  await measure({ measure: '  removal form', unit: 'ms', target: firstDialogTarget }, () =>
    freshTab(DIALOGS.remove, true),
  );
  await measure({ measure: '  bulk dialog', unit: 'ms', target: firstDialogTarget }, () =>
    freshTab(DIALOGS.bulk, true),
  );
  // Nobody clicks within a frame of the rows appearing, but this is the floor: the code of the
  // dialog still on its way, as on a click before the browser was ever idle.
  await measure(
    { measure: '  enrol form, the click as the rows paint (no idle moment yet)', unit: 'ms' },
    () => freshTab(DIALOGS.enrol),
  );
  return rows;

  /** Search, paging and page size, in the signed-in tab. */
  async function measureList(page: Page) {
    for (const msPerKey of TYPISTS_MS_PER_KEY) {
      // Issue 36: within 200 ms for the quick typists, whose burst is one request; the slower
      // ones pause between keys as long as the search waits, so theirs is judged beyond the gap.
      const quick = msPerKey <= 100;
      const limit = quick ? 200 : msPerKey + 200;
      let searchRuns: SearchRun[] = [];
      await measure(
        {
          measure: `search "${TERM}" (${TERM.length} keys, ${msPerKey} ms apart) → rows, after the last key`,
          unit: 'ms',
          target: { text: `≤ ${limit} ms`, met: (median) => median <= limit },
        },
        async () => {
          searchRuns = await repeat(RUNS, () => search(page, msPerKey));
          return searchRuns.map((run) => run.sinceInput);
        },
      );
      if (searchRuns.length === 0) continue;
      rows.push({
        measure: '  list requests for page 1 after the first key',
        unit: 'requests',
        values: searchRuns.map((run) => run.searchRequests),
        ...(quick && {
          target: { text: 'exactly 1', met: (_median, values) => values.every((v) => v === 1) },
        }),
        note:
          `page-1 terms sent: ${describeTerms(searchRuns)}; ` +
          `all list requests incl. prefetches: ${searchRuns.map((r) => r.allRequests).join(', ')}`,
      });
    }

    let nextRuns: NextPageRun[] = [];
    await measure(
      {
        measure: 'next page (prefetched) click → new first row painted',
        unit: 'ms',
        target: {
          text: '≤ 16 ms, p90 ≤ 24 ms',
          met: (median, values) => median <= 16 && percentile(values, 90) <= 24,
        },
      },
      async () => {
        nextRuns = await repeat(RUNS, () => nextPage(page));
        return nextRuns.map((run) => run.sinceInput);
      },
    );
    const notPrefetched = nextRuns.filter((run) => !run.prefetched).length;
    const refetched = nextRuns.filter((run) => run.refetched).length;
    rows.at(-1)!.note = [
      notPrefetched > 0 &&
        `no prefetch of page 2 seen in ${notPrefetched} of ${nextRuns.length} runs`,
      refetched > 0 && `page 2 requested again after the click in ${refetched} runs`,
    ]
      .filter(Boolean)
      .join('; ');
    if (nextRuns.length > 0) {
      rows.push({
        measure: '  of which until the DOM changed (script + render)',
        unit: 'ms',
        values: nextRuns.map((run) => run.untilDom),
      });
      rows.push({
        measure: '  frames started between the click and the new rows',
        unit: 'frames',
        values: nextRuns.map((run) => run.framesBetween),
        target: { text: '0 (first frame)', met: (_median, values) => values.every((v) => v === 0) },
      });
    }

    let sizeRuns: Timing[] = [];
    await measure({ measure: 'page size 100 chosen → 100 rows painted', unit: 'ms' }, async () => {
      sizeRuns = await repeat(RUNS, () => pageSize100(page));
      return sizeRuns.map((run) => run.sinceInput);
    });
    if (sizeRuns.length > 0) {
      rows.push({
        measure: '  of which after the response arrived (parse + render)',
        unit: 'ms',
        values: sizeRuns.map((run) => run.sinceResponse),
      });
    }
  }
}

/** '"matem" ×3, "matemá" ×3': which terms the page-1 requests carried, over all runs. */
function describeTerms(runs: SearchRun[]): string {
  const counts = new Map<string, number>();
  for (const term of runs.flatMap((run) => run.searchedTerms)) {
    counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return [...counts].map(([term, count]) => `"${term}" ×${count}`).join(', ');
}

function report(rows: Row[]): boolean {
  const format = (value: number, unit: Row['unit']) =>
    unit === 'ms' ? `${value.toFixed(1)} ms` : String(value);
  let ok = true;
  const table = rows.map((row) => {
    if (row.error) {
      ok = false;
      return [row.measure, '—', '—', row.target?.text ?? '', `✗ ${row.error}`];
    }
    const median = percentile(row.values, 50);
    const met = row.target ? row.target.met(median, row.values) : undefined;
    if (met === false) ok = false;
    const verdict = met === undefined ? '' : met ? '✓' : '✗ missed';
    return [
      row.measure,
      format(median, row.unit),
      format(percentile(row.values, 90), row.unit),
      row.target?.text ?? '',
      [verdict, row.note].filter(Boolean).join(' — '),
    ];
  });
  const header = ['measure', 'median', 'p90', 'target', ''];
  console.log(`\n${DEMO_CLASSES} demo turmas, ${RUNS} runs per measure\n`);
  console.log(
    formatTable(header, table, { rightAligned: (column) => column === 1 || column === 2 }),
  );
  return ok;
}

function positiveInteger(name: 'runs' | 'classes'): number {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`bench-ui: --${name} must be a positive integer`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<number> {
  if (!existsSync(path.join(STATIC_DIR, 'index.html'))) {
    console.error(`bench-ui: ${STATIC_DIR}/index.html is missing: run \`vite build\` first`);
    return 2;
  }
  const launchOptions = playwrightConfig.projects?.find((p) => p.name === 'chromium')?.use
    ?.launchOptions;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'turmas-bench-'));
  const token = randomBytes(24).toString('base64url');
  console.error(`bench-ui: seeding ${DEMO_CLASSES} demo turmas…`);
  const server = await startServer({
    dataDir,
    tokens: [token],
    staticDir: STATIC_DIR,
    seedClasses: DEMO_CLASSES,
    log: () => {},
  });
  const browser = await chromium.launch(launchOptions);
  try {
    console.error(`bench-ui: measuring against ${server.url}`);
    const rows = await measureAll(browser, server.url, token);
    return report(rows) ? 0 : 1;
  } finally {
    await browser.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
