// Expiries are instants of the browser's time zone: fix it, so "31/12 at 23:59" has one meaning.
process.env.TZ = 'America/Sao_Paulo';

import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classQueries } from '../../api/class-queries';
import type { ApiClient } from '../../api/client';
import { getStudentsByEmail } from '../../api/extension-calls';
import { createTestApiClient } from '../../testing/api-client';
import {
  installReferenceApi,
  type ReferenceApi,
  type SeededEnrolment,
} from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';
import { BulkDialog } from './bulk-dialog';

/** Tuesday 10 March 2026, noon in São Paulo (UTC−3, no daylight saving). */
const NOW = new Date('2026-03-10T15:00:00.000Z');
/** 31 December 2026, 23:59 in São Paulo: also the batch's default, the end of the school year. */
const END_OF_2026 = '2027-01-01T02:59:00.000Z';
/** 5 December 2026, 23:59 in São Paulo, as a line's "05/12/2026" means it. */
const DECEMBER_5 = '2026-12-06T02:59:00.000Z';

const MATEMATICA = aTurma({ id: 't1', name: 'Matemática 9º A', countStudents: 0 });
const FISICA = aTurma({ id: 't2', name: 'Física 1º B', countStudents: 0 });

const GABRIEL = 'gabriel.souza@escola.com.br';
const HELENA = 'helena.prado@escola.com.br';
const gabriel = (expirationDate?: string): SeededEnrolment => ({
  email: GABRIEL,
  name: 'Gabriel Souza',
  ...(expirationDate === undefined ? {} : { expirationDate }),
});

// jsdom has no FontFaceSet, and Mantine's autosizing Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}

beforeEach(() => {
  // Only Date: user-event, MSW, React and the lookup still run on real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

/** The dialog over a page that has listed the turmas (which tells the console the extensions). */
function Page({ api }: { api: ApiClient }) {
  const list = useQuery(classQueries.list(api, {}));
  return (
    <>
      <p>{list.data ? 'Turmas carregadas' : 'Carregando'}</p>
      <BulkDialog
        api={api}
        opened
        turmas={[
          { id: MATEMATICA.id, name: MATEMATICA.name },
          { id: FISICA.id, name: FISICA.name },
        ]}
        onClose={() => {}}
        onUnauthorized={() => {}}
        signedIn
      />
    </>
  );
}

async function setup({
  enrolments = {},
  extensions = true,
}: { enrolments?: Record<string, SeededEnrolment[]>; extensions?: boolean } = {}) {
  const backend = installReferenceApi({ turmas: [MATEMATICA, FISICA], enrolments, extensions });
  const api = createTestApiClient();
  const view = render(<Page api={api} />);
  await screen.findByText('Turmas carregadas');
  return { ...view, api, backend };
}

const dialog = () => screen.getByRole('dialog');
const reviewRow = (line: number) => within(dialog()).getByRole('group', { name: `Linha ${line}` });
const summary = () => within(dialog()).getByText(/para enviar ·/);
const startButton = () => within(dialog()).getByRole('button', { name: /^Matricular \d/ });
const fieldOfLine = (field: string, line: number) =>
  within(dialog()).getByRole('textbox', { name: `${field} da linha ${line}` });
const lookups = (backend: ReferenceApi) =>
  backend.requests.filter((request) => request.pathname === '/v1/students/by-email');
const writes = (backend: ReferenceApi) =>
  backend.requests.filter((request) => request.method !== 'GET');
const lookingUp = () => within(dialog()).queryByText(/^Verificando quais alunos/);

/** Pastes `lines` under a header and waits for the review and for its lookup to finish. */
async function review(user: UserEvent, lines: readonly string[]) {
  await user.click(screen.getByRole('textbox', { name: 'Cole a lista de alunos' }));
  await user.paste(['nome;e-mail;validade', ...lines].join('\n'));
  await user.click(screen.getByRole('button', { name: 'Revisar a lista' }));
  await screen.findByRole('button', { name: 'Voltar' });
}
async function reviewLookedUp(user: UserEvent, lines: readonly string[]) {
  await review(user, lines);
  await waitFor(() => expect(lookingUp()).toBeNull());
}

async function runAndFinish(user: UserEvent) {
  await user.click(startButton());
  await screen.findByRole('heading', { name: 'Envio concluído' }, { timeout: 5000 });
}

/** The student as the platform has them now, through the same extension. */
async function onPlatform(api: ApiClient, email: string) {
  const { data } = await getStudentsByEmail(api, [email]);
  return data[0];
}

describe('Bulk review: students already registered', () => {
  it('warns of a shortened expiry and another name before sending; kept, the run does what it said', async () => {
    const { user, api, backend } = await setup({
      enrolments: { t1: [gabriel(END_OF_2026)], t2: [gabriel(END_OF_2026)] },
    });
    await review(user, [`Nome Trocado;${GABRIEL};05/12/2026`, `Helena Prado;${HELENA};`]);
    // Said while it runs, and gone when it is over.
    await waitFor(() => expect(lookingUp()).toBeNull());

    expect(reviewRow(2)).toHaveTextContent(
      'Já cadastrado como Gabriel Souza: a matrícula não muda o nome, que continua Gabriel Souza (não Nome Trocado).',
    );
    for (const turma of ['Matemática 9º A', 'Física 1º B']) {
      expect(reviewRow(2)).toHaveTextContent(
        `${turma}: a validade atual vai até 31 de dez. de 2026, 23:59; a nova, 5 de dez. de 2026, 23:59, é mais curta e a substitui.`,
      );
    }
    expect(fieldOfLine('Nome', 2)).toHaveAccessibleDescription(/Já cadastrado como Gabriel Souza/);
    expect(fieldOfLine('Validade', 2)).toHaveAccessibleDescription(/é mais curta e a substitui/);
    expect(summary()).toHaveTextContent(
      '2 alunos prontos para enviar · 0 linhas com problema · 0 linhas excluídas · 1 linha com aviso',
    );
    expect(
      within(dialog()).getByText(
        'Avisos: 1 aluno terá a validade encurtada; 1 aluno já cadastrado com outro nome, que é mantido.',
      ),
    ).toBeInTheDocument();
    // A new student is nothing to review.
    expect(within(dialog()).queryByRole('group', { name: 'Linha 3' })).toBeNull();
    // Both e-mails in one request, before anything was sent.
    expect(lookups(backend)).toHaveLength(1);
    expect(writes(backend)).toEqual([]);

    // Kept as it is: sent as it is.
    expect(startButton()).toHaveAccessibleName('Matricular 2 alunos em 2 turmas');
    await runAndFinish(user);
    expect(backend.expiryOf('t1', GABRIEL)).toBe(DECEMBER_5);
    expect(await onPlatform(api, GABRIEL)).toMatchObject({ name: 'Gabriel Souza' });
    // The results say which name the platform kept, beside the one typed.
    const results = within(within(dialog()).getByRole('table', { name: 'Resultado por linha' }));
    expect(results.getByRole('row', { name: /Nome Trocado/ })).toHaveTextContent(
      'Já cadastrado como Gabriel Souza, nome mantido.',
    );
    expect(results.getByRole('row', { name: /Helena Prado/ })).not.toHaveTextContent(
      'nome mantido',
    );
  });

  it('warns that an expiry is taken off when none is given, and forgets it once the line has one', async () => {
    const { user, backend } = await setup({ enrolments: { t1: [gabriel(END_OF_2026)] } });
    await reviewLookedUp(user, [`Gabriel Souza;${GABRIEL};`]);
    // The batch's default expiry is the one he has: nothing changes, nothing to say.
    expect(within(dialog()).queryByRole('group', { name: 'Linha 2' })).toBeNull();

    await user.click(within(dialog()).getByRole('checkbox', { name: 'Sem validade' }));
    expect(reviewRow(2)).toHaveTextContent(
      'Matemática 9º A: a validade atual (31 de dez. de 2026, 23:59) será retirada e a matrícula ficará sem validade.',
    );
    expect(
      within(dialog()).getByText('Avisos: 1 aluno terá a validade retirada.'),
    ).toBeInTheDocument();

    // Changed in place: the line's own expiry, later than his.
    // Pasted, as from the spreadsheet: one change rather than a review per keystroke.
    await user.click(fieldOfLine('Validade', 2));
    await user.paste('31/12/2027');
    expect(reviewRow(2)).toHaveTextContent('Pronta para enviar');
    expect(summary()).not.toHaveTextContent('aviso');
    await runAndFinish(user);
    expect(backend.expiryOf('t1', GABRIEL)).toBe('2028-01-01T02:59:00.000Z');
  });

  it('warns that an enrolment without expiry gets one, and leaves an excluded line out', async () => {
    const { user, backend } = await setup({ enrolments: { t2: [gabriel()] } });
    await reviewLookedUp(user, [`Gabriel Souza;${GABRIEL};`, `Helena Prado;${HELENA};`]);

    expect(reviewRow(2)).toHaveTextContent(
      'Física 1º B: hoje a matrícula não tem validade; passará a terminar em 31 de dez. de 2026, 23:59.',
    );
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Excluir a linha 2' }));
    expect(reviewRow(2)).toHaveTextContent('Excluída');
    expect(summary()).toHaveTextContent(
      '1 aluno pronto para enviar · 0 linhas com problema · 1 linha excluída',
    );
    expect(within(dialog()).queryByText(/^Avisos:/)).toBeNull();

    await runAndFinish(user);
    expect(backend.expiryOf('t2', GABRIEL)).toBeNull();
    expect(backend.enrolments('t1')).toEqual([HELENA]);
  });

  it('warns of another name alone, and not of the same name in other case', async () => {
    const { user } = await setup({ enrolments: { t1: [gabriel(END_OF_2026)] } });
    await reviewLookedUp(user, [`Gabriel S.;${GABRIEL};`]);
    expect(reviewRow(2)).toHaveTextContent(
      'Já cadastrado como Gabriel Souza: a matrícula não muda o nome, que continua Gabriel Souza (não Gabriel S.).',
    );
    expect(
      within(dialog()).getByText('Avisos: 1 aluno já cadastrado com outro nome, que é mantido.'),
    ).toBeInTheDocument();

    await user.tripleClick(fieldOfLine('Nome', 2));
    await user.paste('GABRIEL SOUZA');
    expect(reviewRow(2)).toHaveTextContent('Pronta para enviar');
  });

  it('says nothing of new students, and looks a thousand up in at most ten requests', async () => {
    const { user, backend } = await setup();
    const emails = Array.from({ length: 1000 }, (_, i) => `aluno.${i + 1}@escola.com.br`);
    await reviewLookedUp(
      user,
      emails.map((email, i) => `Aluno ${i + 1};${email};`),
    );

    expect(summary()).toHaveTextContent(
      '1.000 alunos prontos para enviar · 0 linhas com problema · 0 linhas excluídas',
    );
    expect(within(dialog()).queryByText(/^Avisos:/)).toBeNull();
    expect(within(dialog()).queryByRole('heading', { name: /^Linhas/ })).toBeNull();
    // A hundred e-mails a request.
    expect(lookups(backend)).toHaveLength(10);
  });
});

describe('Bulk review: the lookup', () => {
  it('says when it failed, lets staff ask again, and shows the warnings then', async () => {
    const { user, backend } = await setup({
      enrolments: { t1: [gabriel(END_OF_2026)] },
    });
    backend.failNext({ status: 503 }, { where: (r) => r.pathname === '/v1/students/by-email' });
    await review(user, [`Nome Trocado;${GABRIEL};`]);

    const failure = await within(dialog()).findByText(/^Não foi possível verificar/);
    expect(failure).toHaveTextContent(
      'faltam os avisos de validade encurtada ou retirada e de nome diferente',
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Verificar de novo' }));
    await waitFor(() => expect(reviewRow(2)).toHaveTextContent(/Já cadastrado como Gabriel Souza/));
    expect(within(dialog()).queryByText(/^Não foi possível verificar/)).toBeNull();
  });

  it('lets staff go on without it when it failed', async () => {
    const { user, backend } = await setup({ enrolments: { t1: [gabriel(END_OF_2026)] } });
    backend.failNext({ status: 503 }, { where: (r) => r.pathname === '/v1/students/by-email' });
    await review(user, [`Nome Trocado;${GABRIEL};05/12/2026`]);
    await within(dialog()).findByText(/^Não foi possível verificar/);

    await runAndFinish(user);
    expect(backend.expiryOf('t1', GABRIEL)).toBe(DECEMBER_5);
  });

  it('holds "Matricular" clicked while it runs, and sends nothing when it finds a warning', async () => {
    const { user, backend } = await setup({ enrolments: { t1: [gabriel(END_OF_2026)] } });
    const held = backend.hold((r) => r.pathname === '/v1/students/by-email');
    await review(user, [`Nome Trocado;${GABRIEL};05/12/2026`]);
    await user.click(startButton());
    expect(lookingUp()).toHaveTextContent(
      'Verificando quais alunos da lista já estão cadastrados… O envio começa assim que a verificação terminar.',
    );

    held.release();
    await waitFor(() => expect(reviewRow(2)).toHaveTextContent(/Já cadastrado como Gabriel Souza/));
    expect(writes(backend)).toEqual([]);
    // Seen, and sent on the next click.
    await runAndFinish(user);
    expect(writes(backend)).toHaveLength(1);
  });

  it('starts a held run by itself when nothing needs a second look', async () => {
    const { user, backend } = await setup();
    const held = backend.hold((r) => r.pathname === '/v1/students/by-email');
    await review(user, [`Helena Prado;${HELENA};`]);
    await user.click(startButton());
    expect(lookingUp()).toHaveTextContent('O envio começa assim que a verificação terminar.');
    expect(writes(backend)).toEqual([]);

    held.release();
    await screen.findByRole('heading', { name: 'Envio concluído' }, { timeout: 5000 });
    expect(backend.enrolments('t1')).toEqual([HELENA]);
  });

  it('without the extension, says once that expiries are replaced and names kept', async () => {
    const { user, backend } = await setup({
      enrolments: { t1: [gabriel(END_OF_2026)] },
      extensions: false,
    });
    await review(user, [`Nome Trocado;${GABRIEL};05/12/2026`, `Helena Prado;${HELENA};`]);

    expect(
      within(dialog()).getAllByText(
        'Se algum aluno da lista já estiver cadastrado, a validade dele nas turmas escolhidas passa a ser a desta lista (mesmo mais curta, ou nenhuma), e o nome dele não muda.',
      ),
    ).toHaveLength(1);
    expect(within(dialog()).queryByRole('group', { name: 'Linha 2' })).toBeNull();
    expect(lookups(backend)).toEqual([]);
    await runAndFinish(user);
    expect(backend.enrolments('t1')).toEqual([GABRIEL, HELENA]);
  });
});

describe('Bulk review: a pasted list of mixed lines', () => {
  it('reads the address of a line whose columns are swapped, and says so, instead of refusing it', async () => {
    const { user, backend } = await setup();
    await user.click(screen.getByRole('textbox', { name: 'Cole a lista de alunos' }));
    // Pasted from two places: "nome;e-mail" lines, and one with the address first.
    await user.paste(
      `Gabriel Souza;${GABRIEL}\n${HELENA};Helena Prado\nIara Lima;iara@escola.com.br`,
    );
    await user.click(screen.getByRole('button', { name: 'Revisar a lista' }));
    await screen.findByRole('button', { name: 'Voltar' });

    expect(reviewRow(2)).toHaveTextContent(
      'O e-mail estava em outra coluna desta linha e foi lido de lá: confira o nome.',
    );
    expect(reviewRow(2)).not.toHaveTextContent('E-mail inválido.');
    expect(fieldOfLine('Nome', 2)).toHaveValue('Helena Prado');
    expect(fieldOfLine('E-mail', 2)).toHaveValue(HELENA);
    expect(summary()).toHaveTextContent(
      '3 alunos prontos para enviar · 0 linhas com problema · 0 linhas excluídas · 1 linha com aviso',
    );
    expect(
      within(dialog()).getByText('Avisos: 1 linha com as colunas trocadas.'),
    ).toBeInTheDocument();

    await runAndFinish(user);
    expect(backend.enrolments('t1')).toEqual([GABRIEL, HELENA, 'iara@escola.com.br']);
  });
});

it('speaks English: a warned line', async () => {
  const backend = installReferenceApi({
    turmas: [MATEMATICA, FISICA],
    enrolments: { t1: [gabriel(END_OF_2026)] },
  });
  const { user } = render(<Page api={createTestApiClient()} />, { locale: 'en' });
  await screen.findByText('Turmas carregadas');
  await user.click(screen.getByRole('textbox', { name: 'Paste the list of students' }));
  await user.paste(`name;email;expiry\nOther Name;${GABRIEL};2026-12-05`);
  await user.click(screen.getByRole('button', { name: 'Review the list' }));

  const line = await screen.findByRole('group', { name: 'Line 2' });
  await waitFor(() =>
    expect(line).toHaveTextContent(
      'Already registered as Gabriel Souza: enrolling does not change the name, which stays Gabriel Souza (not Other Name).',
    ),
  );
  expect(line).toHaveTextContent(
    'Matemática 9º A: the current expiry is Dec 31, 2026, 11:59 PM; the new one, Dec 5, 2026, 11:59 PM, is earlier and replaces it.',
  );
  expect(
    screen.getByText(
      'Warnings: 1 student’s expiry gets shorter; 1 student already registered under another name, which is kept.',
    ),
  ).toBeInTheDocument();
  expect(lookups(backend)).toHaveLength(1);
});
