/**
 * Bulk enrolment meets students already registered (the students-by-email extension): a line
 * that would shorten one's expiry under another name is warned of before anything is sent, and
 * the results file records the name the platform kept and the expiry before and after, as the
 * platform then holds them. Against the real reference API, through the built console.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import type { Class } from '#contract';
import { studentsByEmailResponseSchema } from '#contract/extensions';
import {
  expect,
  expectNoAxeViolations,
  listClasses,
  OVER_THE_PAGE,
  signIn,
  test,
  turmasPage,
} from './support';

// The warnings are the extension's: on for this file even in a plain-v1 run of the suite.
test.use({ apiExtensions: true });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The results file's column titles, in pt-BR (the time zone is the browser's). */
const RESULTS_HEADER = [
  'Linha',
  'Nome na lista',
  'Nome na plataforma',
  'E-mail',
  expect.stringMatching(/^Validade anterior \(horário local, .+\)$/),
  'Validade anterior (ISO 8601, UTC)',
  expect.stringMatching(/^Validade nova \(horário local, .+\)$/),
  'Validade nova (ISO 8601, UTC)',
  'Resultado',
  'Detalhe',
];

function bulkDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Matrícula em lote' });
  return {
    dialog,
    paste: dialog.getByRole('textbox', { name: 'Cole a lista de alunos' }),
    review: dialog.getByRole('button', { name: 'Revisar a lista' }),
    start: dialog.getByRole('button', { name: /^Matricular \d+ alunos? em / }),
    finished: dialog.getByRole('heading', { name: 'Envio concluído' }),
    summary: dialog.getByRole('definition'),
    download: dialog.getByRole('button', { name: 'Baixar resultados (CSV)' }),
  };
}

/** Selects the turmas on the page and opens the bulk dialog with them. */
async function openWith(page: Page, turmas: readonly Class[]) {
  const list = turmasPage(page);
  for (const turma of turmas) await list.rowCheckbox(turma).check();
  await page.getByRole('button', { name: 'Matricular ou remover em lote' }).click();
}

test('a line that would shorten an existing student’s expiry under another name is warned of, and the results file says what the platform kept', async ({
  page,
  request,
  token,
}) => {
  await signIn(page, token);
  const turmas = (await listClasses(request, token, { pageSize: 2 })).data;
  const tag = Date.now().toString(36);
  const gabriel = `gabriel.${tag}@escola.test`;
  const helena = `helena.${tag}@escola.test`;
  // Gabriel is already in both turmas, until noon (UTC) of the last day of 2099.
  const until = '2099-12-31T12:00:00.000Z';
  const seeded = await request.post('/v1/classe/add-student', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: 'Gabriel Souza',
      email: gabriel,
      classes: turmas.map(({ id }) => ({ id })),
      expirationDate: until,
    },
  });
  expect(seeded.ok()).toBe(true);

  await openWith(page, turmas);
  const bulk = bulkDialog(page);
  await bulk.paste.fill(
    ['nome;e-mail;validade', `Nome Trocado;${gabriel};05/12/2099`, `Helena Prado;${helena};`].join(
      '\n',
    ),
  );
  await bulk.review.click();

  // Before anything is sent: what would change for him, in each turma, and that his name stays.
  const line = bulk.dialog.getByRole('group', { name: 'Linha 2' });
  await expect(line).toContainText(
    'Já cadastrado como Gabriel Souza: a matrícula não muda o nome, que continua Gabriel Souza (não Nome Trocado).',
  );
  for (const turma of turmas) {
    await expect(line).toContainText(
      new RegExp(
        `${escapeRegExp(turma.name)}: a validade atual vai até 31 de dez\\. de 2099, \\d\\d:\\d\\d; a nova, 5 de dez\\. de 2099, 23:59, é mais curta e a substitui\\.`,
      ),
    );
  }
  await expect(bulk.dialog.getByText(/· 1 linha com aviso$/)).toBeVisible();
  await expect(
    bulk.dialog.getByText(
      'Avisos: 1 aluno terá a validade encurtada; 1 aluno já cadastrado com outro nome, que é mantido.',
    ),
  ).toBeVisible();
  // Helena is new: nothing to review.
  await expect(bulk.dialog.getByRole('group', { name: 'Linha 3' })).toHaveCount(0);
  await expectNoAxeViolations(page, OVER_THE_PAGE);

  // Kept as typed: sent as typed.
  await expect(bulk.start).toHaveText('Matricular 2 alunos em 2 turmas');
  await bulk.start.click();
  await expect(bulk.finished).toBeVisible({ timeout: 30_000 });
  await expect(bulk.summary).toHaveText(['2']);

  const download = page.waitForEvent('download');
  await bulk.download.click();
  const file = await readFile(await (await download).path(), 'utf8');
  const lines = Papa.parse<string[]>(file.slice(1), {
    delimiter: ';',
    skipEmptyLines: true,
  }).data;
  const header = lines.findIndex((row) => row[0] === 'Linha');
  expect(lines[header]).toEqual(RESULTS_HEADER);
  const newExpiry = expect.stringMatching(/^05\/12\/2099,? 23:59$/);
  expect(lines.slice(header + 1)).toEqual([
    [
      '2',
      'Nome Trocado',
      'Gabriel Souza',
      gabriel,
      expect.stringMatching(/^31\/12\/2099,? \d\d:\d\d$/),
      until,
      newExpiry,
      expect.stringMatching(/^2099-12-0[56]T\d\d:59:00\.000Z$/),
      'Matriculado',
      'Já cadastrado como Gabriel Souza, nome mantido.',
    ],
    [
      '3',
      'Helena Prado',
      'Helena Prado',
      helena,
      'Aluno novo',
      '',
      expect.stringMatching(/^\d\d\/\d\d\/\d{4},? 23:59$/),
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:59:00\.000Z$/),
      'Matriculado',
      '',
    ],
  ]);
  // What the file says is what the platform holds.
  const answer = await request.get(`/v1/students/by-email?email=${encodeURIComponent(gabriel)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [student] = studentsByEmailResponseSchema.parse(await answer.json()).data;
  expect(student?.name).toBe('Gabriel Souza');
  expect(student?.classes.map((turma) => turma.expirationDate)).toEqual([
    lines[header + 1]![7],
    lines[header + 1]![7],
  ]);
});
