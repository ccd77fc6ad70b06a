// Expiries are shown in the browser's time zone: fix it, so "23:59" has one meaning.
process.env.TZ = 'America/Sao_Paulo';

import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classQueries } from '../../api/class-queries';
import type { ApiClient } from '../../api/client';
import type { Locale } from '../../i18n/messages';
import { createTestApiClient } from '../../testing/api-client';
import { installReferenceApi, type ReferenceApi } from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';
import { EnrolmentDialog } from './enrolment-dialog';

/** Tuesday 10 March 2026, noon in São Paulo: the form's default expiry is 31 December 2026. */
const NOW = new Date('2026-03-10T15:00:00.000Z');

const ANA = { name: 'Ana Souza', email: 'ana.souza@escola.com.br' };
/** Another student of the same name, at another school's address. */
const OTHER_ANA = { name: 'Ana Souza', email: 'ana.s@colegio.com.br' };
/** One letter off Ana's e-mail: the typo that would create a second Ana Souza. */
const TYPO = 'ana.sousa@escola.com.br';
const MATEMATICA = aTurma({ id: 't1', name: 'Matemática 9º A', countStudents: 1 });
const FISICA = aTurma({ id: 't2', name: 'Física 1º B', countStudents: 1 });
const HISTORIA = aTurma({ id: 't3', name: 'História 2º C', countStudents: 1 });
const ARTES = aTurma({ id: 't4', name: 'Artes 1º A', countStudents: 2 });

beforeEach(() => {
  // Only Date: user-event, MSW and React still run on real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Turma lists, as the page has them: the answer that tells the console about the extension. */
function TurmaCounts({ api }: { api: ApiClient }) {
  const list = useQuery(classQueries.list(api, {}));
  return <p>{list.data ? `${list.data.totalRecords} turmas` : ''}</p>;
}

/**
 * Ana is in Matemática until 30 June 2028 (longer than the form's default), in Física without an
 * expiry, in História until 30 June 2026 (shorter), and in Artes, which the form does not name.
 * Another Ana Souza, with another e-mail, is in Artes. The form opens for Matemática, Física and
 * História.
 */
async function setup({
  extensions = true,
  locale,
}: { extensions?: boolean; locale?: Locale } = {}) {
  const backend = installReferenceApi({
    turmas: [MATEMATICA, FISICA, HISTORIA, ARTES],
    enrolments: {
      t1: [{ ...ANA, expirationDate: '2028-07-01T02:59:00.000Z' }],
      t2: [ANA],
      t3: [{ ...ANA, expirationDate: '2026-07-01T02:59:00.000Z' }],
      t4: [ANA, OTHER_ANA],
    },
    extensions,
  });
  const api = createTestApiClient();
  const view = render(
    <>
      <TurmaCounts api={api} />
      <EnrolmentDialog
        api={api}
        opened
        turmas={[MATEMATICA, FISICA, HISTORIA]}
        onClose={() => {}}
      />
    </>,
    { locale },
  );
  expect(await screen.findByText('4 turmas')).toBeInTheDocument();
  return { ...view, backend };
}

const dialog = () => screen.getByRole('dialog');
/** A combobox with the extension (it suggests students), a plain textbox without. */
const nameField = () => within(dialog()).getByLabelText(/^Nome do aluno/);
const emailField = () => within(dialog()).getByRole('textbox', { name: 'E-mail do aluno' });
const chosenTurmas = () =>
  within(within(dialog()).getByRole('list', { name: 'Turmas' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const warnings = () =>
  within(within(dialog()).getByRole('list', { name: 'Validades que mudam' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const studentSearches = (backend: ReferenceApi) =>
  backend.requests.filter((request) => request.pathname === '/v1/students');
const searchesFor = (backend: ReferenceApi, query: string) =>
  studentSearches(backend).filter((request) => request.searchParams.query === query);
const writes = (backend: ReferenceApi) =>
  backend.requests.filter((request) => request.method === 'POST');
const submitButton = () => within(dialog()).getByRole('button', { name: /^Matricular/ });
/** Longer than the typing pause the lookup waits for. */
const pastTheDebounce = () => new Promise((resolve) => setTimeout(resolve, 400));

async function typeEmail(user: ReturnType<typeof render>['user'], email: string) {
  await user.click(emailField());
  await user.paste(email);
}

describe('Enrol form: an e-mail that belongs to a student', () => {
  it('without the extension shows nothing more and asks nothing about students', async () => {
    const { user, backend } = await setup({ extensions: false });

    await user.type(nameField(), 'Ana Souza');
    await typeEmail(user, TYPO);
    await pastTheDebounce();

    expect(within(dialog()).queryByText(/Aluno já cadastrado/)).not.toBeInTheDocument();
    // The name field suggests nothing, and nobody asks whether this is another student.
    expect(within(dialog()).getByRole('textbox', { name: 'Nome do aluno' })).toBeVisible();
    expect(
      within(dialog()).queryByRole('combobox', { name: 'Nome do aluno' }),
    ).not.toBeInTheDocument();
    expect(
      within(dialog()).queryByRole('group', { name: 'É este aluno?' }),
    ).not.toBeInTheDocument();
    expect(chosenTurmas()).toEqual(['Matemática 9º A', 'Física 1º B', 'História 2º C']);
    expect(studentSearches(backend)).toEqual([]);

    await user.click(submitButton());
    await waitFor(() => expect(backend.enrolments('t1')).toContain(TYPO));
  });

  it('shows the student’s name and turmas with their expiries, and marks those in the form', async () => {
    const { user, backend } = await setup();

    await typeEmail(user, ANA.email);

    expect(await within(dialog()).findByText('Aluno já cadastrado: Ana Souza')).toBeVisible();
    const turmas = within(dialog()).getByRole('list', { name: 'Está em 4 turmas:' });
    expect(
      within(turmas)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Artes 1º A — sem validade',
      'Física 1º B — sem validade (nesta matrícula)',
      'História 2º C — validade até 30 de jun. de 2026, 23:59 (nesta matrícula)',
      'Matemática 9º A — validade até 30 de jun. de 2028, 23:59 (nesta matrícula)',
    ]);
    // The chosen turmas are marked in a render of their own, which a busy machine may delay.
    await waitFor(() =>
      expect(chosenTurmas()).toEqual([
        'Matemática 9º A. Já está nesta turma, validade até 30 de jun. de 2028, 23:59',
        'Física 1º B. Já está nesta turma, sem validade',
        'História 2º C. Já está nesta turma, validade até 30 de jun. de 2026, 23:59',
      ]),
    );
    expect(studentSearches(backend)).toHaveLength(1);
  });

  it('warns where the chosen expiry would replace a longer one, and not where it extends one', async () => {
    const { user } = await setup();

    await typeEmail(user, ANA.email);

    await within(dialog()).findByText('Aluno já cadastrado: Ana Souza');
    expect(warnings()).toEqual([
      'Matemática 9º A: a validade atual vai até 30 de jun. de 2028, 23:59; a nova, 31 de dez. de 2026, 23:59, é mais curta e a substitui.',
      'Física 1º B: hoje a matrícula não tem validade; passará a terminar em 31 de dez. de 2026, 23:59.',
    ]);
    expect(
      within(dialog())
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toContain('Aluno já cadastrado: Ana Souza. 2 avisos sobre a validade.');
  });

  it('warns where “no expiry” would take an expiry off', async () => {
    const { user } = await setup();
    await typeEmail(user, ANA.email);
    await within(dialog()).findByText('Aluno já cadastrado: Ana Souza');

    await user.click(within(dialog()).getByRole('checkbox', { name: 'Sem validade' }));

    expect(warnings()).toEqual([
      'Matemática 9º A: a validade atual (30 de jun. de 2028, 23:59) será retirada e a matrícula ficará sem validade.',
      'História 2º C: a validade atual (30 de jun. de 2026, 23:59) será retirada e a matrícula ficará sem validade.',
    ]);
  });

  it('warns that the name is kept, showing both, when another name is typed', async () => {
    const { user } = await setup();

    await user.type(nameField(), 'Ana Maria Souza');
    await typeEmail(user, ANA.email);

    expect(
      await within(dialog()).findByText(
        'Nome diferente do cadastro: foi digitado “Ana Maria Souza”, mas o aluno se chama “Ana Souza”. A matrícula não muda o nome.',
      ),
    ).toBeVisible();
    expect(
      within(dialog())
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toContain(
      'Aluno já cadastrado: Ana Souza. O nome digitado é outro: fica o do cadastro. 2 avisos sobre a validade.',
    );

    // Sent, the outcome names the student as the platform does, as the form said it would.
    await user.click(submitButton());
    expect(await within(dialog()).findByText(/^Matrícula de Ana Souza feita em /)).toBeVisible();
    expect(within(dialog()).queryByText(/Ana Maria Souza/)).not.toBeInTheDocument();
  });

  it('takes a name that differs only in case, accents or spaces for the same name', async () => {
    const { user } = await setup();

    await user.type(nameField(), '  ána   SOUZA ');
    await typeEmail(user, ANA.email);

    await within(dialog()).findByText('Aluno já cadastrado: Ana Souza');
    expect(within(dialog()).queryByText(/não muda o nome/)).not.toBeInTheDocument();
  });

  it('shows nothing for a new e-mail, and takes the summary away when the e-mail changes', async () => {
    const { user } = await setup();
    await typeEmail(user, ANA.email);
    await within(dialog()).findByText('Aluno já cadastrado: Ana Souza');

    await user.type(emailField(), 'x');

    await waitFor(() =>
      expect(within(dialog()).queryByText(/Aluno já cadastrado/)).not.toBeInTheDocument(),
    );
    await pastTheDebounce();
    expect(within(dialog()).queryByText(/Aluno já cadastrado/)).not.toBeInTheDocument();
    expect(chosenTurmas()).toEqual(['Matemática 9º A', 'Física 1º B', 'História 2º C']);
  });

  it('speaks English', async () => {
    const { user } = await setup({ locale: 'en' });

    await user.click(within(dialog()).getByRole('textbox', { name: 'Student e-mail' }));
    await user.paste(ANA.email);

    expect(await within(dialog()).findByText('Existing student: Ana Souza')).toBeVisible();
    expect(
      within(dialog()).getByText(/^Matemática 9º A: the current expiry is Jun 30, 2028/),
    ).toBeVisible();
  });
});

describe('Enrol form: a new e-mail for a name already there', () => {
  it('asks “É este aluno?” with the students of that name and their e-mails, with one search', async () => {
    const { user, backend } = await setup();

    await user.type(nameField(), 'Ana Souza');
    await typeEmail(user, TYPO);

    const asked = await within(dialog()).findByRole('group', { name: 'É este aluno?' });
    expect(asked).toHaveTextContent(
      'Já há 2 alunos com o nome Ana Souza, com outro e-mail. Se for um deles, use o e-mail do cadastro: senão, a matrícula cria mais um aluno.',
    );
    expect(
      within(within(asked).getByRole('list', { name: 'Alunos com este nome' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Ana Souza — ana.s@colegio.com.brEm 1 turmaUsar este e-mail',
      'Ana Souza — ana.souza@escola.com.brEm 4 turmasUsar este e-mail',
    ]);
    expect(
      within(dialog())
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toContain('É este aluno? 2 alunos já cadastrados com o nome Ana Souza.');
    // The name was searched once, whether for the suggestions or for the question.
    expect(searchesFor(backend, 'ana souza')).toHaveLength(1);
    // Nothing typed was changed.
    expect(nameField()).toHaveValue('Ana Souza');
    expect(emailField()).toHaveValue(TYPO);
  });

  it('picking a student fills their e-mail; what was typed can be had back', async () => {
    const { user, backend } = await setup();
    await user.type(nameField(), 'Ana Souza');
    await typeEmail(user, TYPO);

    await user.click(
      await within(dialog()).findByRole('button', {
        name: 'Usar este e-mail: ana.souza@escola.com.br',
      }),
    );

    expect(emailField()).toHaveValue(ANA.email);
    expect(emailField()).toHaveFocus();
    expect(await within(dialog()).findByText('Aluno já cadastrado: Ana Souza')).toBeVisible();
    expect(
      within(dialog()).queryByRole('group', { name: 'É este aluno?' }),
    ).not.toBeInTheDocument();
    expect(within(dialog()).getByText('Preenchido com o cadastro de Ana Souza.')).toBeVisible();

    await user.click(within(dialog()).getByRole('button', { name: 'Voltar ao que foi digitado' }));
    expect(emailField()).toHaveValue(TYPO);
    expect(nameField()).toHaveValue('Ana Souza');
    await pastTheDebounce();
    // Going back is an answer: it is not asked again for this name and e-mail.
    expect(
      within(dialog()).queryByRole('group', { name: 'É este aluno?' }),
    ).not.toBeInTheDocument();
    await user.click(submitButton());
    await waitFor(() => expect(backend.enrolments('t1')).toContain(TYPO));
  });

  it('asks before sending, even when sent at once; “a new student” is a clear answer, and then it sends', async () => {
    const { user, backend } = await setup();
    await user.type(nameField(), 'Ana Souza');
    await typeEmail(user, TYPO);

    // Sent before the pause is over: the form looks the name up first and asks.
    await user.click(submitButton());

    const asked = await within(dialog()).findByRole('group', { name: 'É este aluno?' });
    expect(
      within(asked).getByText('Responda antes de matricular: é um destes alunos ou um aluno novo?'),
    ).toBeVisible();
    await waitFor(() => expect(within(asked).getByText('É este aluno?')).toHaveFocus());
    expect(writes(backend)).toEqual([]);
    expect(searchesFor(backend, 'ana souza')).toHaveLength(1);

    await user.click(within(asked).getByRole('button', { name: 'Não, é um aluno novo' }));
    expect(
      within(dialog()).queryByRole('group', { name: 'É este aluno?' }),
    ).not.toBeInTheDocument();
    expect(within(dialog()).getByText('Será criado um aluno novo com este e-mail.')).toHaveFocus();

    await user.click(submitButton());
    await waitFor(() => expect(writes(backend)).toHaveLength(1));
    expect(writes(backend)[0]!.body).toMatchObject({ name: 'Ana Souza', email: TYPO });
  });

  it('asks nothing when nobody has the name, or the e-mail is the student’s own', async () => {
    const { user, backend } = await setup();
    await user.type(nameField(), 'Bruna Lima');
    await typeEmail(user, 'bruna@escola.com.br');
    await pastTheDebounce();
    expect(
      within(dialog()).queryByRole('group', { name: 'É este aluno?' }),
    ).not.toBeInTheDocument();

    await user.clear(nameField());
    await user.type(nameField(), 'Ana Souza');
    await user.clear(emailField());
    await typeEmail(user, ANA.email);
    await within(dialog()).findByText('Aluno já cadastrado: Ana Souza');
    await pastTheDebounce();
    expect(
      within(dialog()).queryByRole('group', { name: 'É este aluno?' }),
    ).not.toBeInTheDocument();

    await user.click(submitButton());
    await waitFor(() => expect(writes(backend)).toHaveLength(1));
  });
});

describe('Enrol form: the name field suggests students', () => {
  it('lists the students a name finds; arrows move, Enter picks and fills the e-mail, Escape closes only the list', async () => {
    const { user } = await setup();
    const field = within(dialog()).getByRole('combobox', { name: 'Nome do aluno' });

    await user.type(field, 'ana so');
    const list = within(dialog()).getByRole('listbox', { name: 'Alunos encontrados' });
    const [first, second] = await within(list).findAllByRole('option');
    expect([first, second].map((option) => option!.getAttribute('aria-label'))).toEqual([
      'Ana Souza, ana.s@colegio.com.br',
      'Ana Souza, ana.souza@escola.com.br',
    ]);

    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', first!.id);
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', second!.id);
    // Moving through the list writes nothing into the field.
    expect(field).toHaveValue('ana so');
    await user.keyboard('{Enter}');

    expect(field).toHaveValue('Ana Souza');
    expect(emailField()).toHaveValue(ANA.email);
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveFocus();
    expect(await within(dialog()).findByText('Aluno já cadastrado: Ana Souza')).toBeVisible();
    // Nothing was sent: Enter picked.
    expect(within(dialog()).getByRole('button', { name: /^Matricular/ })).toBeEnabled();

    await user.keyboard('{Backspace}');
    await within(list).findAllByRole('option');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(dialog()).toBeInTheDocument();
    expect(field).toHaveValue('Ana Souz');
  });

  it('speaks English', async () => {
    const { user } = await setup({ locale: 'en' });

    await user.type(within(dialog()).getByRole('combobox', { name: 'Student name' }), 'Ana Souza');
    await user.click(within(dialog()).getByRole('textbox', { name: 'Student e-mail' }));
    await user.paste(TYPO);

    const asked = await within(dialog()).findByRole('group', { name: 'Is this the student?' });
    expect(asked).toHaveTextContent(
      'There are already 2 students named Ana Souza, with another e-mail. If it is one of them, use the e-mail on record: otherwise the enrolment creates one more student.',
    );
    expect(within(asked).getByRole('button', { name: 'No, a new student' })).toBeVisible();
    expect(
      within(asked).getByRole('button', { name: 'Use this e-mail: ana.souza@escola.com.br' }),
    ).toBeVisible();
  });
});
