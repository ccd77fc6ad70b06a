// Expiries are shown in the browser's time zone: fix it, so "23:59" has one meaning.
process.env.TZ = 'America/Sao_Paulo';

import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { classQueries } from '../../api/class-queries';
import type { ApiClient } from '../../api/client';
import type { Locale } from '../../i18n/messages';
import { createTestApiClient } from '../../testing/api-client';
import { installReferenceApi, type ReferenceApi } from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';
import { RemovalDialog } from './removal-dialog';

const ANA = { name: 'Ana Souza', email: 'ana.souza@escola.com.br' };
const ANABELA = { name: 'Anabela Costa', email: 'anabela@escola.com.br' };
const BRUNO = { name: 'Bruno Lima', email: 'bruno.lima@escola.com.br' };
/** 30 June 2027, 23:59 in São Paulo. */
const ANA_UNTIL = '2027-07-01T02:59:00.000Z';

const MATEMATICA = aTurma({ id: 't1', name: 'Matemática 9º A', countStudents: 2 });
const FISICA = aTurma({ id: 't2', name: 'Física 1º B', countStudents: 1 });
const HISTORIA = aTurma({ id: 't3', name: 'História 2º C', countStudents: 2 });

/** Turma lists, as the page has them: the answer that tells the console about the extension. */
function TurmaCounts({ api }: { api: ApiClient }) {
  const list = useQuery(classQueries.list(api, {}));
  return (
    <ul aria-label="Contagens">
      {list.data?.data.map((turma) => (
        <li key={turma.id}>{`${turma.name}: ${turma.countStudents}`}</li>
      ))}
    </ul>
  );
}

/**
 * Ana is in Matemática (until 30 June 2027) and História; Anabela in História only; Bruno in
 * Matemática and Física. The dialog opens for Matemática and Física, as from the tray.
 */
async function setup({
  extensions = true,
  locale,
}: { extensions?: boolean; locale?: Locale } = {}) {
  const backend = installReferenceApi({
    turmas: [MATEMATICA, FISICA, HISTORIA],
    enrolments: {
      t1: [{ ...ANA, expirationDate: ANA_UNTIL }, BRUNO],
      t2: [BRUNO],
      t3: [ANA, ANABELA],
    },
    extensions,
  });
  const api = createTestApiClient();
  const onClose = vi.fn();
  const view = render(
    <>
      <TurmaCounts api={api} />
      <RemovalDialog api={api} opened turmas={[MATEMATICA, FISICA]} onClose={onClose} />
    </>,
    { locale },
  );
  // The page's first answer has come: the console knows whether the extension is there.
  expect(await screen.findByText('Matemática 9º A: 2')).toBeInTheDocument();
  return { ...view, backend, onClose };
}

const emailField = () => screen.getByLabelText('E-mail do aluno');
const suggestions = () => screen.getByRole('listbox', { name: 'Alunos encontrados' });
const confirmationField = () =>
  screen.getByRole('textbox', { name: 'Para confirmar, digite o e-mail do aluno novamente' });
const removeButton = () => screen.getByRole('button', { name: 'Remover aluno' });
const chosenTurmas = () =>
  within(screen.getByRole('list', { name: /^Remover de/ }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const studentSearches = (backend: ReferenceApi) =>
  backend.requests.filter((request) => request.pathname === '/v1/students');
/** Longer than the typing pause the field waits for. */
const pastTheDebounce = () => new Promise((resolve) => setTimeout(resolve, 400));

beforeEach(() => notifications.clean());

describe('Removal dialog: student suggestions', () => {
  it('without the extension is the plain e-mail field, and asks nothing about students', async () => {
    const { user, backend } = await setup({ extensions: false });

    await user.type(emailField(), 'ana');
    await pastTheDebounce();

    expect(screen.getByRole('textbox', { name: 'E-mail do aluno' })).toHaveAttribute(
      'type',
      'email',
    );
    expect(screen.queryByRole('combobox', { name: 'E-mail do aluno' })).not.toBeInTheDocument();
    expect(screen.queryByRole('listbox', { name: 'Alunos encontrados' })).not.toBeInTheDocument();
    expect(studentSearches(backend)).toEqual([]);
  });

  it('suggests the students a name finds once typing pauses, with one request', async () => {
    const { user, backend } = await setup();
    const field = screen.getByRole('combobox', { name: 'E-mail do aluno' });
    expect(field).toHaveAccessibleDescription(
      'Digite o nome ou o e-mail do aluno: quem for encontrado aparece abaixo.',
    );

    await user.type(field, 'Ana');

    const options = await within(suggestions()).findAllByRole('option');
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual([
      'Ana Souza, ana.souza@escola.com.br',
      'Anabela Costa, anabela@escola.com.br',
    ]);
    expect(options[0]).toHaveAccessibleDescription('Está em 1 das turmas escolhidas');
    expect(options[1]).toHaveAccessibleDescription('Não está em nenhuma das turmas escolhidas');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
      '2 alunos encontrados',
    );
    // "A", "An", "Ana" typed in one burst: one search, for the whole word.
    expect(studentSearches(backend).map((request) => request.searchParams)).toEqual([
      { query: 'ana', pageSize: '20' },
    ]);
  });

  it('finds students by e-mail too, and says when nobody matches', async () => {
    const { user } = await setup();

    await user.type(emailField(), 'bruno.lima@');
    expect(
      await within(suggestions()).findByRole('option', {
        name: 'Bruno Lima, bruno.lima@escola.com.br',
      }),
    ).toBeInTheDocument();

    await user.clear(emailField());
    await user.type(emailField(), 'zuleica');
    // Shown in the list's place, and announced.
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
        'Nenhum aluno encontrado com o que foi digitado.',
      ),
    );
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('picks a student with a click: the e-mail is filled, and each chosen turma says whether they are in it', async () => {
    const { user } = await setup();

    await user.type(emailField(), 'souza');
    await user.click(
      await within(suggestions()).findByRole('option', {
        name: 'Ana Souza, ana.souza@escola.com.br',
      }),
    );

    expect(emailField()).toHaveValue(ANA.email);
    expect(emailField()).toHaveAttribute('aria-expanded', 'false');
    expect(
      screen.getByText(
        'Ana Souza está em 1 das turmas escolhidas; as outras estão marcadas na lista.',
      ),
    ).toBeVisible();
    expect(chosenTurmas()).toEqual([
      'Matemática 9º A. Está nesta turma, com validade até 30 de jun. de 2027, 23:59',
      'Física 1º B. Não está nesta turma: nada muda nela',
    ]);
    // The typed confirmation stays: picking does not fill it.
    expect(confirmationField()).toHaveValue('');
    expect(removeButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('works from the keyboard: arrows move through the students, Enter picks, Escape closes only the list', async () => {
    const { user, onClose } = await setup();
    const field = screen.getByRole('combobox', { name: 'E-mail do aluno' });

    await user.type(field, 'ana');
    const [ana, anabela] = await within(suggestions()).findAllByRole('option');
    expect(field).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', ana!.id);
    expect(ana).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', anabela!.id);
    expect(ana).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowUp}');
    expect(field).toHaveAttribute('aria-activedescendant', ana!.id);

    await user.keyboard('{Enter}');
    expect(field).toHaveValue(ANA.email);
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).not.toHaveAttribute('aria-activedescendant');
    expect(field).toHaveFocus();

    // Typing on opens the list again; Escape closes it and leaves the dialog open.
    await user.keyboard('{Backspace}');
    await within(suggestions()).findAllByRole('option');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('removing a student who is in some of the turmas says, by name, where they were removed and where they never were', async () => {
    const { user, backend, onClose } = await setup();

    await user.type(emailField(), 'ana so');
    await user.click(
      await within(suggestions()).findByRole('option', {
        name: 'Ana Souza, ana.souza@escola.com.br',
      }),
    );
    await user.type(confirmationField(), ANA.email);
    await user.click(removeButton());

    // In the dialog, which stays open, as the enrolment's outcome: her name, and her e-mail whole.
    const dialog = screen.getByRole('alertdialog');
    const outcome = await within(dialog).findByRole('group', { name: 'Ana Souza saiu de 1 turma' });
    expect(
      within(outcome).getByText(
        'Saiu de: Matemática 9º A. Não estava em: Física 1º B (nada mudou).',
      ),
    ).toBeVisible();
    expect(within(outcome).getByText(`E-mail: ${ANA.email}`)).toBeVisible();
    expect(screen.queryByText(/não está mais em/)).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(backend.enrolments('t1')).toEqual([BRUNO.email]);
    expect(backend.enrolments('t3')).toEqual([ANA.email, ANABELA.email]);
    // Asked afresh just before the removal, not taken from what the field showed earlier.
    const last = backend.requests.slice(-4).map((request) => request.method + request.pathname);
    expect(last.indexOf('GET/v1/students')).toBeLessThan(
      last.indexOf('DELETE/v1/classe/remove-student'),
    );
  });

  it('an e-mail typed in full finds its student too; one in none of the turmas is told nothing changed', async () => {
    const { user } = await setup();

    await user.click(emailField());
    await user.paste(ANABELA.email);
    expect(
      await screen.findByText(
        'Anabela Costa não está em nenhuma das turmas escolhidas: a remoção não muda nada.',
      ),
    ).toBeVisible();
    await user.type(confirmationField(), ANABELA.email);
    await user.click(removeButton());

    const outcome = await within(screen.getByRole('alertdialog')).findByRole('group', {
      name: 'Anabela Costa não estava em nenhuma destas turmas',
    });
    expect(
      within(outcome).getByText('Não estava em: Matemática 9º A e Física 1º B (nada mudou).'),
    ).toBeVisible();
  });

  it('says before sending that nobody has an e-mail', async () => {
    const { user } = await setup();

    await user.click(emailField());
    await user.paste('ninguem@escola.com.br');

    expect(await screen.findByText('Nenhum aluno tem este e-mail.')).toBeVisible();
    expect(chosenTurmas()).toEqual(['Matemática 9º A', 'Física 1º B']);
  });

  it('a failed removal still says the outcome is unknown, whatever was known of the student', async () => {
    const { user, backend } = await setup();
    await user.click(emailField());
    await user.paste(ANA.email);
    await screen.findByText(/^Ana Souza está em 1 das turmas/);
    await user.type(confirmationField(), ANA.email);
    backend.failNext({ status: 503 }, { where: (request) => request.method === 'DELETE' });

    await user.click(removeButton());

    expect(
      await screen.findByRole('alert', { name: 'Não sabemos se o aluno foi removido' }),
    ).toBeInTheDocument();
    expect(backend.enrolments('t1')).toEqual([ANA.email, BRUNO.email]);
  });

  it('speaks English', async () => {
    const { user } = await setup({ locale: 'en' });

    await user.type(screen.getByLabelText("Student's e-mail"), 'ana');
    const list = screen.getByRole('listbox', { name: 'Students found' });
    await user.click(
      await within(list).findByRole('option', { name: 'Ana Souza, ana.souza@escola.com.br' }),
    );

    expect(
      screen.getByText(
        'Ana Souza is in 1 of the chosen classes; the others are marked in the list.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Not in this class: nothing changes there')).toBeVisible();
  });
});
