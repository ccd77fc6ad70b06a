/**
 * The bulk review on a phone and on a desktop: a list with bad lines must be fixable where it is
 * shown. On a phone each line is a card whose fields take the screen's width; on a desktop the
 * e-mail field shows a whole 40-character address, the part to fix included.
 */
/* eslint-disable playwright/no-conditional-in-test, playwright/no-conditional-expect -- one
   journey, and each project (desktop, phone) checks its own screen's layout */
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  OVER_THE_PAGE,
  signIn,
  test,
} from './support';

/** 40 characters: what a school's longer addresses look like. */
const LONG_EMAIL = 'carla.dias.fernandes.souza@escola.edu.br';

const LIST = [
  'nome;e-mail;validade',
  'Ana Souza;ana.souza@escola.test;',
  `;${LONG_EMAIL};`, // no name: the address is right and must be seen whole
  'Bruno Lima;bruno.lima@escola;', // not an address
  'Davi Rocha;davi.rocha@escola.test;31/02/2099', // no such day
].join('\n');

test(
  'bulk review with bad lines: cards with full-width fields on a phone, whole e-mails on a desktop',
  {
    tag: '@phone',
  },
  async ({ page, token }) => {
    const phone = page.viewportSize()!.width < 768;
    await signIn(page, token);
    await page.getByRole('button', { name: 'Matricular ou remover em lote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Matrícula em lote' });
    await dialog.getByRole('textbox', { name: 'Cole a lista de alunos' }).fill(LIST);
    await dialog.getByRole('button', { name: 'Revisar a lista' }).click();
    await expect(dialog.getByText('1 aluno pronto para enviar')).toBeVisible();

    // Each line with a problem is a group named by its line, its problem said before its fields.
    const line3 = dialog.getByRole('group', { name: 'Linha 3' });
    await expect(line3).toContainText('Falta o nome.');
    await expect(dialog.getByRole('group', { name: 'Linha 4' })).toContainText('E-mail inválido.');
    await expect(dialog.getByRole('group', { name: 'Linha 5' })).toContainText('Validade inválida');
    const problemAbove = await line3.evaluate((group) => {
      const problem = [...group.querySelectorAll('div')].find(
        (node) => node.textContent === 'Falta o nome.',
      )!;
      const field = group.querySelector('input')!;
      return problem.getBoundingClientRect().bottom <= field.getBoundingClientRect().top;
    });
    expect(problemAbove, 'the problem is said above the fields').toBe(true);

    const fields = [
      line3.getByRole('textbox', { name: 'Nome da linha 3' }),
      line3.getByRole('textbox', { name: 'E-mail da linha 3' }),
      line3.getByRole('textbox', { name: 'Validade da linha 3' }),
    ];
    const email = fields[1]!;
    await expect(email).toHaveValue(LONG_EMAIL);
    if (phone) {
      for (const field of fields) {
        const box = (await field.boundingBox())!;
        expect(
          box.width,
          'a field on a phone takes the width of the screen',
        ).toBeGreaterThanOrEqual(300);
      }
    } else {
      const { scrollWidth, clientWidth } = await email.evaluate((input: HTMLInputElement) => ({
        scrollWidth: input.scrollWidth,
        clientWidth: input.clientWidth,
      }));
      expect(scrollWidth, 'the whole e-mail is visible').toBeLessThanOrEqual(clientWidth);
    }
    // The exclude box is there to tick, within the screen.
    const exclude = line3.getByRole('checkbox', { name: 'Excluir a linha 3' });
    await exclude.scrollIntoViewIfNeeded();
    await expect(exclude).toBeInViewport();

    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page, OVER_THE_PAGE);

    // Fixing a line in place keeps it in its card, now ready.
    await line3.getByRole('textbox', { name: 'Nome da linha 3' }).fill('Carla Dias');
    await expect(line3).toContainText('Pronta para enviar');
    await expect(dialog.getByText('2 alunos prontos para enviar')).toBeVisible();
    await expectNoHorizontalOverflow(page);
  },
);
