/**
 * A printed roster longer than a page: every page says whose students they are, repeats the
 * table's column headers and has its number, "Página 2 de 3", in either language. Checked on the
 * paper itself: the PDF Chromium prints from the sheet, read page by page (pdf-text.ts).
 */
import type { Page } from '@playwright/test';
import { pdfPageLines } from './pdf-text';
import { enrolThroughApi } from './roster-support';
import { expect, listClasses, newTag, signIn, test } from './support';

// The roster is the extension's: on for this file even in a plain-v1 run of the whole suite.
test.use({ apiExtensions: true, timezoneId: 'America/Sao_Paulo' });

/** Enough students for three A4 pages or more. */
const STUDENTS = 70;

/** Prints the open roster from its panel and reads the PDF the sheet prints as, page by page. */
async function printedPages(page: Page, buttonName: string) {
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  const sheet = page.getByTestId('roster-print-sheet');
  await expect(sheet).toBeAttached();
  // Laid out to repeat on each page the table runs onto.
  await page.emulateMedia({ media: 'print' });
  await expect(sheet.locator('thead')).toHaveCSS('display', 'table-header-group');
  const pages = pdfPageLines(await page.pdf({ format: 'A4' }));
  // The print dialog closed: the sheet goes.
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(sheet).not.toBeAttached();
  return pages;
}

const LANGUAGES = [
  {
    language: 'Português',
    // The console's own language: nothing to choose.
    choose: async () => {},
    // A turma of its own for each language: the worker's server is shared by the file's tests.
    turmaAt: 26,
    button: (turma: string) => `Imprimir: lista de alunos de ${turma}`,
    title: (turma: string) => `Alunos de ${turma}`,
    headers: /^Nome E-mail Validade Matriculado\b/,
    number: (at: number, of: number) => `Página ${at} de ${of}`,
  },
  {
    language: 'English',
    choose: (page: Page) => page.getByRole('button', { name: 'English' }).click(),
    turmaAt: 27,
    button: (turma: string) => `Print: student list of ${turma}`,
    title: (turma: string) => `Students of ${turma}`,
    headers: /^Name E-mail Expiry Enrolled\b/,
    number: (at: number, of: number) => `Page ${at} of ${of}`,
  },
];

for (const words of LANGUAGES) {
  test(
    `a long printed roster has the turma, the column headers and its number on every page, in ${words.language}`,
    { tag: '@phone' },
    async ({ page, request, token }) => {
      const { data } = await listClasses(request, token, { pageSize: 30 });
      const turma = data[words.turmaAt]!;
      const tag = newTag();
      const students = Array.from({ length: STUDENTS }, (_, index) => ({
        name: `Aluno ${index + 1} ${tag}`,
        email: `aluno.${index + 1}.${tag}@escola.test`,
      }));
      await enrolThroughApi(request, token, turma, students);
      // The browser's print dialog is the system's: not opened.
      await page.addInitScript(() => {
        window.print = () => undefined;
      });
      await signIn(page, token);
      // The language chosen stays for the roster's address, opened as a shared link.
      await words.choose(page);
      await page.goto(`/?turma=${encodeURIComponent(turma.id)}`);

      const pages = await printedPages(page, words.button(turma.name));
      expect(pages.length, 'the roster runs over several pages').toBeGreaterThanOrEqual(3);
      for (const [index, lines] of pages.entries()) {
        const at = `page ${index + 1}`;
        expect(lines[0], `${at} starts with the turma`).toBe(words.title(turma.name));
        expect(
          lines.filter((line) => words.headers.test(line)),
          `${at} repeats the column headers`,
        ).toHaveLength(1);
        expect(lines.at(-1), `${at} ends with its number`).toBe(
          words.number(index + 1, pages.length),
        );
      }
      // Every student once, whichever page they fell on.
      const printed = pages.flat().join('\n');
      for (const student of students) {
        expect(printed.split(student.email), student.email).toHaveLength(2);
      }
    },
  );
}

test('printed without the Print button (Ctrl+P), the roster’s screen is on paper, not a blank page', async ({
  page,
  request,
  token,
}) => {
  const { data } = await listClasses(request, token, { pageSize: 30 });
  const turma = data[28]!;
  await signIn(page, token, `/?turma=${encodeURIComponent(turma.id)}`);
  // The roster's code and its print styles are in: only its own sheet hides the rest of the page.
  await expect(page.getByRole('button', { name: /^Imprimir: / })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: `Alunos de ${turma.name}` })).toBeVisible();
});
