/**
 * Enrolling students through the dialog against the real reference API, each test with a student
 * of its own and counts taken from the server's answers before and after.
 */
import type { Locator, Page, Request } from '@playwright/test';
import type { Class } from '#contract';
import {
  addTurmaThroughSearch,
  countsOf,
  expect,
  expectNoAxeViolations,
  OVER_THE_PAGE,
  listClasses,
  signIn,
  signInAgain,
  test,
  turmasPage,
} from './support';

const MANY_PATH = '/v1/classe/add-student';
const isEnrolment = (url: URL) => url.pathname.endsWith('/add-student');

let studentNumber = 0;
/** A student of its own for each test (and each retry of it). */
function newStudent() {
  studentNumber += 1;
  const tag = `${Date.now()}.${studentNumber}`;
  return { name: `Aluna de Teste ${studentNumber}`, email: `aluna.${tag}@escola.test` };
}

/** Every enrolment the page sends, as it went out. */
function watchEnrolments(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && isEnrolment(new URL(request.url()))) sent.push(request);
  });
  return sent;
}

type EnrolForm = ReturnType<typeof enrolDialog>;

function enrolDialog(page: Page, title = 'Matricular aluno') {
  const dialog = page.getByRole('dialog', { name: title });
  return {
    dialog,
    turmas: dialog.getByRole('list', { name: 'Turmas' }),
    search: dialog.getByRole('combobox', { name: 'Adicionar turma' }),
    // A combobox that suggests students with the roster extension, a plain textbox without.
    name: dialog.getByLabel('Nome do aluno'),
    email: dialog.getByRole('textbox', { name: 'E-mail do aluno' }),
    preset: (name: string) =>
      dialog.getByRole('group', { name: 'Escolher validade' }).getByRole('button', { name }),
    submit: dialog.getByRole('button', { name: /^Matricular em \d+ turmas?$/ }),
    done: dialog.getByText('Matrícula feita'),
    enrolAnother: dialog.getByRole('button', { name: 'Matricular outro aluno' }),
    // The success view's own button; the dialog's close button bears the same name.
    close: dialog.getByRole('button', { name: 'Fechar' }).filter({ hasText: 'Fechar' }),
  };
}

/** A turma's row on the page: its count and its buttons. */
function row(page: Page, turma: Pick<Class, 'name'>) {
  return turmasPage(page).row(turma);
}

const numbers = new Intl.NumberFormat('pt-BR');

test(
  'enrols a new student into one turma from its row, and its count goes up by one',
  // Also on a phone's screen, by touch (the daily-use issue).
  { tag: '@phone' },
  async ({ page, request, token }) => {
    await signIn(page, token);
    const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;
    const [before] = await countsOf(request, token, [turma!]);
    const student = newStudent();

    await row(page, turma!).enrol.click();
    const form = enrolDialog(page);
    await expect(form.dialog).toBeVisible();
    await expect(form.name).toBeFocused();
    await expect(form.turmas.getByRole('listitem')).toHaveText([turma!.name]);
    await form.name.fill(student.name);
    await form.email.fill(student.email.toUpperCase());
    await expect(form.dialog.getByText(`Será enviado como ${student.email}`)).toBeVisible();
    const sent = page.waitForRequest((sending) => isEnrolment(new URL(sending.url())));
    await form.submit.click();

    expect((await sent).url()).toMatch(new RegExp(`/v1/classe/${turma!.id}/add-student$`));
    expect((await sent).postDataJSON()).toEqual({
      name: student.name,
      email: student.email,
      expirationDate: expect.stringMatching(/-12-31T|-01-01T/),
    });
    await expect(form.done).toBeVisible();
    await expect(form.dialog).toContainText(
      `Matrícula de ${student.name} feita em ${turma!.name}.`,
    );
    expect(await countsOf(request, token, [turma!])).toEqual([before! + 1]);
    await expect(row(page, turma!).students).toHaveText(numbers.format(before! + 1));

    await form.close.click();
    await expect(form.dialog).toBeHidden();
    await expect(row(page, turma!).enrol).toBeFocused();
    // The notification waited for the dialog to close (it would cover it).
    await expect(page.getByRole('alert').filter({ hasText: student.name })).toContainText(
      `Matrícula de ${student.name} feita em ${turma!.name}.`,
    );
  },
);

test('keeps the form’s buttons in view on a laptop’s screen and on a phone’s', async ({
  page,
  request,
  token,
}) => {
  const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;
  await signIn(page, token);
  for (const size of [
    { width: 1366, height: 768 },
    { width: 390, height: 664 },
  ]) {
    await page.setViewportSize(size);
    await row(page, turma!).enrol.click();
    const form = enrolDialog(page);
    await expect(form.name).toBeFocused();
    // On screen, and on top: under the dialog's lower edge a click meets the overlay.
    for (const [name, button] of [
      ['submit', form.submit],
      ['Cancelar', form.dialog.getByRole('button', { name: 'Cancelar' })],
    ] as const) {
      expect(await onTop(button), `${name} at ${size.width} px`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(form.dialog).toBeHidden();
  }
});

/** Whether a click at the element's centre reaches it. */
const onTop = (element: Locator) =>
  element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && node.contains(hit);
  });

test('enrols one student into three turmas selected across two pages, then the same student again with a later expiry', async ({
  page,
  request,
  token,
}) => {
  await signIn(page, token);
  const turmas = turmasPage(page);
  const firstPage = (await listClasses(request, token, { page: 1 })).data;
  const secondPage = (await listClasses(request, token, { page: 2 })).data;
  const chosen = [firstPage[0]!, firstPage[2]!, secondPage[1]!];
  const before = await countsOf(request, token, chosen);
  const student = newStudent();
  const sent = watchEnrolments(page);

  await turmas.rowCheckbox(chosen[0]!).check();
  await turmas.rowCheckbox(chosen[1]!).check();
  await turmas.pagerButton('Próxima página').click();
  await turmas.rowCheckbox(chosen[2]!).check();
  await expect(turmas.trayCount).toHaveText('3 turmas selecionadas');
  await turmas.tray.getByRole('button', { name: 'Matricular aluno' }).click();

  const form = enrolDialog(page);
  await expect(form.turmas.getByRole('listitem')).toHaveText(chosen.map((turma) => turma.name));
  await form.name.fill(student.name);
  await form.email.fill(student.email);
  await form.preset('30 dias').click();
  await form.submit.click();
  await expect(form.done).toBeVisible();

  expect(sent.map((request) => new URL(request.url()).pathname)).toEqual([MANY_PATH]);
  const first = sent[0]!.postDataJSON() as { classes: unknown; expirationDate: string };
  expect(first.classes).toEqual(chosen.map(({ id }) => ({ id })));
  expect(await countsOf(request, token, chosen)).toEqual(before.map((count) => count! + 1));
  // The selection is for the next student too.
  await expect(turmas.trayCount).toHaveText('3 turmas selecionadas');

  // The same student again, with access for a year: an extension, not a second enrolment.
  await form.enrolAnother.click();
  await expect(form.name).toBeFocused();
  await expect(form.turmas.getByRole('listitem')).toHaveCount(3);
  await form.name.fill(student.name);
  await form.email.fill(student.email);
  await form.preset('1 ano').click();
  await form.submit.click();
  await expect(form.done).toBeVisible();

  expect(sent).toHaveLength(2);
  const second = sent[1]!.postDataJSON() as { expirationDate: string };
  expect(Date.parse(second.expirationDate)).toBeGreaterThan(Date.parse(first.expirationDate));
  expect(await countsOf(request, token, chosen)).toEqual(before.map((count) => count! + 1));
});

test('adds a turma through the form’s own search, and then sends to the many-turmas call', async ({
  page,
  request,
  token,
}) => {
  await signIn(page, token);
  const [first, , third] = (await listClasses(request, token, { pageSize: 3 })).data;
  const student = newStudent();
  const sent = watchEnrolments(page);

  await row(page, first!).enrol.click();
  const form = enrolDialog(page);
  await addTurmaThroughSearch(page, form.search, third!);
  await expect(form.turmas.getByRole('listitem')).toHaveText([first!.name, third!.name]);
  await form.name.fill(student.name);
  await form.email.fill(student.email);
  await form.submit.click();

  await expect(form.done).toBeVisible();
  expect(sent.map((request) => new URL(request.url()).pathname)).toEqual([MANY_PATH]);
  expect(sent[0]!.postDataJSON()).toMatchObject({
    classes: [{ id: first!.id }, { id: third!.id }],
  });
});

test('refuses an invalid e-mail before anything is sent', async ({ page, request, token }) => {
  await signIn(page, token);
  const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;
  const sent = watchEnrolments(page);

  await row(page, turma!).enrol.click();
  const form = enrolDialog(page);
  await form.name.fill('Aluna Sem E-mail');
  await form.email.fill('aluna@');
  await form.submit.click();

  // The reason alone: no "Será enviado como" for an address that will not be sent.
  await expect(form.email).toHaveAccessibleDescription(
    'Informe um e-mail válido, como ana@escola.br.',
  );
  await expect(form.email).toBeFocused();
  await expectNoAxeViolations(page, OVER_THE_PAGE);
  expect(sent).toEqual([]);
});

/** A 500: says the enrolment was not made and why; returns what sends again. */
async function serverErrorShown(page: Page, _token: string, form: EnrolForm) {
  const alert = form.dialog.getByRole('alert');
  await expect(alert).toContainText('A matrícula não foi feita');
  await expect(alert).toContainText('O servidor encontrou um erro (código 500)');
  await expectNoAxeViolations(page, OVER_THE_PAGE);
  return alert.getByRole('button', { name: 'Tentar novamente' });
}

/**
 * A 401: the form says why nothing was sent; once signed in again over it (the new token works),
 * that is no longer true and it goes. Returns its submit.
 */
async function signedInAgain(page: Page, token: string, form: EnrolForm) {
  await expect(form.dialog.getByRole('alert')).toContainText('Sua sessão expirou');
  // Two dialogs open: only the session's is in use, the form beneath it inert as the page is.
  await expect(page.getByRole('dialog', { name: 'Sua sessão expirou' })).toBeVisible();
  await expectNoAxeViolations(page);
  await signInAgain(page, token, 'button');
  await expect(form.dialog.getByText('Sua sessão expirou')).toBeHidden();
  return form.submit;
}

// A failure met on the first send: the form keeps every value, and sending again enrols.
for (const failure of [
  {
    title: 'shows a server error while the form keeps every value, and sends again on request',
    status: 500,
    message: 'Internal server error',
    meet: serverErrorShown,
  },
  {
    title: 'keeps the form through an expired session: sign in again over it, then send',
    status: 401,
    message: 'Invalid or expired token',
    meet: signedInAgain,
  },
]) {
  test(failure.title, async ({ page, request, token, consoleErrors }) => {
    await signIn(page, token);
    const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;
    const [before] = await countsOf(request, token, [turma!]);
    const student = newStudent();
    consoleErrors.allowFailedResponses(failure.status);
    await page.route(
      isEnrolment,
      (route) =>
        route.fulfill({
          status: failure.status,
          json: { status: String(failure.status), message: failure.message },
        }),
      { times: 1 },
    );

    await row(page, turma!).enrol.click();
    const form = enrolDialog(page);
    await form.name.fill(student.name);
    await form.email.fill(student.email);
    await form.preset('6 meses').click();
    const utc = await form.dialog.getByText(/^Será enviado em UTC como /).textContent();
    await form.submit.click();

    const sendAgain = await failure.meet(page, token, form);
    await expect(form.name).toHaveValue(student.name);
    await expect(form.email).toHaveValue(student.email);
    await expect(form.turmas.getByRole('listitem')).toHaveText([turma!.name]);
    await expect(form.dialog.getByText(/^Será enviado em UTC como /)).toHaveText(utc!);
    expect(await countsOf(request, token, [turma!])).toEqual([before]);

    await sendAgain.click();
    await expect(form.done).toBeVisible();
    expect(await countsOf(request, token, [turma!])).toEqual([before! + 1]);
  });
}

test('asks before throwing typed values away, and closes at once when nothing was typed', async ({
  page,
  request,
  token,
}) => {
  await signIn(page, token);
  const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;
  const form = enrolDialog(page);

  await row(page, turma!).enrol.click();
  await expect(form.name).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(form.dialog).toBeHidden();
  await expect(row(page, turma!).enrol).toBeFocused();

  await row(page, turma!).enrol.click();
  await form.name.fill('Ana');
  // With the roster extension the name field suggests students, and Escape there closes only
  // their list: ask from the e-mail field, where Escape means the dialog in every case.
  await form.email.focus();
  await page.keyboard.press('Escape');
  const question = form.dialog.getByRole('group', { name: 'Descartar o que você preencheu?' });
  await expect(question.getByRole('button', { name: 'Continuar editando' })).toBeFocused();
  await expectNoAxeViolations(page, OVER_THE_PAGE);
  await page.keyboard.press('Escape');
  await expect(form.email).toBeFocused();
  await expect(form.name).toHaveValue('Ana');

  await form.dialog.getByRole('button', { name: 'Cancelar' }).click();
  await question.getByRole('button', { name: 'Descartar' }).click();
  await expect(form.dialog).toBeHidden();
});

const WORDS = {
  pt: {
    enrolIn: (turma: string) => `Matricular aluno em ${turma}`,
    title: 'Matricular aluno',
    name: 'Nome do aluno',
    utc: /^Será enviado em UTC como /,
    submit: 'Matricular em 1 turma',
    nameRequired: 'Informe o nome do aluno.',
    calendar: 'Escolher data e hora no calendário',
    nextMonth: 'Próximo mês',
  },
  en: {
    enrolIn: (turma: string) => `Enrol a student in ${turma}`,
    title: 'Enrol a student',
    name: 'Student name',
    utc: /^Will be sent in UTC as /,
    submit: 'Enrol in 1 class',
    nameRequired: 'Enter the student’s name.',
    calendar: 'Pick the date and time in a calendar',
    nextMonth: 'Next month',
  },
};

const inPortuguese = async () => {};
const inEnglish = async (page: Page) => {
  await page.getByRole('button', { name: 'English' }).click();
};

for (const variant of [
  {
    title: 'passes axe with the form open, in Portuguese',
    words: WORDS.pt,
    colorScheme: 'light' as const,
    chooseLanguage: inPortuguese,
  },
  {
    title: 'passes axe with the form open, in English chosen on the page',
    words: WORDS.en,
    colorScheme: 'light' as const,
    chooseLanguage: inEnglish,
  },
  {
    title: 'passes axe with the form open, in dark mode',
    words: WORDS.pt,
    colorScheme: 'dark' as const,
    chooseLanguage: inPortuguese,
  },
]) {
  test(variant.title, async ({ page, request, token }) => {
    const words = variant.words;
    await page.emulateMedia({ colorScheme: variant.colorScheme });
    await signIn(page, token);
    await variant.chooseLanguage(page);
    const [turma] = (await listClasses(request, token, { pageSize: 1 })).data;

    await page.getByRole('button', { name: words.enrolIn(turma!.name), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: words.title });
    const name = dialog.getByLabel(words.name);
    await expect(name).toBeFocused();
    await expect(dialog.getByText(words.utc)).toBeVisible();
    await expectNoAxeViolations(page);
    // The validation messages, still clean.
    await dialog.getByRole('button', { name: words.submit }).click();
    await expect(name).toHaveAccessibleDescription(words.nameRequired);
    await expectNoAxeViolations(page, OVER_THE_PAGE);
    // With the date picker's calendar open, too.
    await dialog.getByRole('button', { name: words.calendar }).click();
    const nextMonth = page.getByRole('button', { name: words.nextMonth });
    await expect(nextMonth).toBeVisible();
    await expectNoAxeViolations(page, OVER_THE_PAGE);
    // Escape closes the calendar alone, then the form, where nothing was typed.
    await page.keyboard.press('Escape');
    await expect(nextMonth).toBeHidden();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}
