/**
 * The student page's move dialog under a pointer, in both languages, at desktop and phone width:
 * focus starts in the turma search, and once a turma is picked the first click on "Manter a
 * validade atual" is the one that toggles it (the list of results above it must not collapse
 * under the pointer as the click moves focus out of the search).
 */
import type { Page } from '@playwright/test';
import type { Class } from '#contract';
import { enrolThroughApi } from './roster-support';
import { expect, listClasses, newTag, signIn, test } from './support';

test.use({ apiExtensions: true });

const DAY = 24 * 60 * 60 * 1000;

const WORDS = {
  pt: {
    moveFrom: (turma: string) => `Mover de ${turma}`,
    title: 'Mover para outra turma',
    search: 'Adicionar turma',
    results: 'Turmas encontradas',
    chosen: 'Para a turma',
    keepExpiry: 'Manter a validade atual',
  },
  en: {
    moveFrom: (turma: string) => `Move from ${turma}`,
    title: 'Move to another class',
    search: 'Add a class',
    results: 'Matching classes',
    chosen: 'To class',
    keepExpiry: 'Keep the current expiry',
  },
};

const inPortuguese = async () => {};
const inEnglish = async (page: Page) => {
  await page.getByRole('button', { name: 'English' }).click();
};

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
]) {
  for (const language of [
    { name: 'Portuguese', words: WORDS.pt, choose: inPortuguese },
    { name: 'English', words: WORDS.en, choose: inEnglish },
  ]) {
    test(`the move dialog takes the first click on its checkbox after a pick (${language.name}, ${size.name})`, async ({
      page,
      request,
      token,
    }) => {
      const words = language.words;
      await page.setViewportSize(size);
      const { data } = await listClasses(request, token, { pageSize: 2 });
      const [from, to] = data as [Class, Class];
      const tag = newTag();
      const student = { name: `Duda ${tag}`, email: `duda.${tag}@escola.test` };
      await enrolThroughApi(request, token, from, [
        { ...student, expirationDate: new Date(Date.now() + 20 * DAY).toISOString() },
      ]);

      await signIn(page, token);
      await language.choose(page);
      await page.goto(`/?aluno=${encodeURIComponent(student.email)}`);
      const studentPage = page.getByRole('dialog', { name: student.name });
      await studentPage.getByRole('button', { name: words.moveFrom(from.name) }).click();
      const move = page.getByRole('dialog', { name: words.title });
      const search = move.getByRole('combobox', { name: words.search });
      // Where the dialog starts: the field to fill first, not its close button.
      await expect(search).toBeFocused();

      await search.fill(to.name);
      await page
        .getByRole('listbox', { name: words.results })
        .getByRole('option', { name: to.name, exact: true })
        .first()
        .click();
      await expect(move.getByRole('list', { name: words.chosen })).toContainText(to.name);
      const keep = move.getByRole('checkbox', { name: words.keepExpiry });
      await expect(keep).toBeChecked();
      // One click, where the checkbox is when the pointer goes down on it.
      await keep.click();
      await expect(keep).not.toBeChecked();
    });
  }
}
