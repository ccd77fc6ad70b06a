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
const MATEMATICA = aTurma({ id: 't1', name: 'Matemática 9º A', countStudents: 1 });
const FISICA = aTurma({ id: 't2', name: 'Física 1º B', countStudents: 1 });
const HISTORIA = aTurma({ id: 't3', name: 'História 2º C', countStudents: 1 });
const ARTES = aTurma({ id: 't4', name: 'Artes 1º A', countStudents: 1 });

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
 * The form opens for Matemática, Física and História.
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
      t4: [ANA],
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
const nameField = () => within(dialog()).getByRole('textbox', { name: 'Nome do aluno' });
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
/** Longer than the typing pause the lookup waits for. */
const pastTheDebounce = () => new Promise((resolve) => setTimeout(resolve, 400));

async function typeEmail(user: ReturnType<typeof render>['user'], email: string) {
  await user.click(emailField());
  await user.paste(email);
}

describe('Enrol form: an e-mail that belongs to a student', () => {
  it('without the extension shows nothing more and asks nothing about students', async () => {
    const { user, backend } = await setup({ extensions: false });

    await typeEmail(user, ANA.email);
    await pastTheDebounce();

    expect(within(dialog()).queryByText(/Aluno já cadastrado/)).not.toBeInTheDocument();
    expect(chosenTurmas()).toEqual(['Matemática 9º A', 'Física 1º B', 'História 2º C']);
    expect(studentSearches(backend)).toEqual([]);
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
    expect(chosenTurmas()).toEqual([
      'Matemática 9º A. Já está nesta turma, validade até 30 de jun. de 2028, 23:59',
      'Física 1º B. Já está nesta turma, sem validade',
      'História 2º C. Já está nesta turma, validade até 30 de jun. de 2026, 23:59',
    ]);
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

  it('says the enrolment keeps the student’s name when another is typed', async () => {
    const { user } = await setup();

    await user.type(nameField(), 'Ana Maria Souza');
    await typeEmail(user, ANA.email);

    expect(
      await within(dialog()).findByText(
        'A matrícula não muda o nome: o aluno continua como Ana Souza.',
      ),
    ).toBeVisible();
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
