import { notifications } from '@mantine/notifications';
import { MutationCache, QueryClient, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { classQueries } from '../../api/class-queries';
import { ApiError, type ApiClient } from '../../api/client';
import type { Locale } from '../../i18n/messages';
import { createTestApiClient } from '../../testing/api-client';
import { installReferenceApi, type ReferenceApi } from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';
import { RemovalDialog } from './removal-dialog';

const ANA = 'ana.souza@escola.com.br';
const MATEMATICA = aTurma({ id: 't1', name: 'Matemática 9º A', countStudents: 1 });
const FISICA = aTurma({ id: 't2', name: 'Física 1º B', countStudents: 1 });
const HISTORIA = aTurma({ id: 't3', name: 'História 2º C', countStudents: 0 });

/** The counts a page shows, from the same list queries the table uses. */
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

interface SetupOptions {
  turmas?: (typeof MATEMATICA)[];
  locale?: Locale;
  queryClient?: QueryClient;
  api?: ApiClient;
}

/**
 * Ana is in Matemática and Física; the dialog opens for both, as from the tray. The API is the
 * platform's plain v1 here: the form as it is without the roster extension, which
 * student-suggestions.test.tsx covers.
 */
function setup({
  turmas = [MATEMATICA, FISICA],
  locale,
  queryClient,
  api = createTestApiClient(),
}: SetupOptions = {}) {
  const backend = installReferenceApi({
    turmas: [MATEMATICA, FISICA, HISTORIA],
    enrolments: { t1: [ANA], t2: [ANA] },
    extensions: false,
  });
  const onClose = vi.fn();
  const view = render(
    <>
      <TurmaCounts api={api} />
      <RemovalDialog api={api} opened turmas={turmas} onClose={onClose} />
    </>,
    { locale, queryClient },
  );
  return { ...view, backend, onClose };
}

const dialog = () => screen.getByRole('alertdialog');
const emailField = () => screen.getByRole('textbox', { name: 'E-mail do aluno' });
const confirmationField = () =>
  screen.getByRole('textbox', { name: 'Para confirmar, digite o e-mail do aluno novamente' });
const removeButton = () => screen.getByRole('button', { name: 'Remover aluno' });
const cancelButton = () => screen.getByRole('button', { name: 'Cancelar' });
const turmaList = () => screen.getByRole('list', { name: /^(Remover de|Nenhuma turma)/ });
const listedNames = () =>
  within(turmaList())
    .getAllByRole('listitem')
    .map((item) => item.textContent);
/** The removal's outcome, said in the dialog (which stays open), focused so it is read out. */
async function outcomeShown(title: string) {
  const outcome = await within(dialog()).findByRole('group', { name: title });
  await waitFor(() => expect(outcome).toHaveFocus());
  return outcome;
}
const deletes = (backend: ReferenceApi) =>
  backend.requests.filter((request) => request.method === 'DELETE');

/** Pasted, as staff often do (and faster than typing); the tests about typing type. */
async function fillIn(user: UserEvent, email = ANA, confirmation = email) {
  await user.click(emailField());
  await user.paste(email);
  if (confirmation === '') return;
  await user.click(confirmationField());
  await user.paste(confirmation);
}

beforeEach(() => notifications.clean());

describe('Removal dialog', () => {
  it('opens as an alert dialog, named and described by its warning, focus in the e-mail', async () => {
    setup();

    expect(dialog()).toHaveAccessibleName('Remover aluno de turmas');
    expect(dialog()).toHaveAccessibleDescription(
      'Não é possível desfazer esta remoção. Para o aluno voltar a estas turmas, será preciso matriculá-lo de novo.',
    );
    await waitFor(() => expect(emailField()).toHaveFocus());
    expect(turmaList()).toHaveAccessibleName('Remover de 2 turmas');
    expect(listedNames()).toEqual(['Matemática 9º A', 'Física 1º B']);
    expect(removeButton()).toHaveAttribute('aria-disabled', 'true');
    expect(confirmationField()).toHaveAttribute('spellcheck', 'false');
    expect(confirmationField()).toHaveAttribute('autocorrect', 'off');
    expect(confirmationField()).toHaveAttribute('autocapitalize', 'off');
    expect(confirmationField()).toHaveAttribute('autocomplete', 'off');
  });

  it('tabs e-mail → turmas → confirmation → Cancel → Remove → ✕, and wraps around', async () => {
    const { user } = setup();
    await waitFor(() => expect(emailField()).toHaveFocus());
    await fillIn(user);
    await user.click(emailField());

    const order = [
      emailField(),
      screen.getByRole('button', { name: 'Tirar Matemática 9º A da lista' }),
      screen.getByRole('button', { name: 'Tirar Física 1º B da lista' }),
      screen.getByRole('combobox', { name: 'Adicionar turma' }),
      confirmationField(),
      cancelButton(),
      removeButton(),
      screen.getByRole('button', { name: 'Fechar' }),
      emailField(),
    ];
    for (const next of order.slice(1)) {
      await user.tab();
      expect(next).toHaveFocus();
    }
  });

  it('keeps Remove disabled for a near miss: another case is accepted, an extra character is not', async () => {
    const { user } = setup();
    await fillIn(user, ANA, ANA.slice(0, -1));
    expect(removeButton()).toHaveAttribute('aria-disabled', 'true');

    await user.type(confirmationField(), 'R');
    expect(confirmationField()).toHaveValue('ana.souza@escola.com.bR');
    expect(removeButton()).not.toHaveAttribute('aria-disabled');

    await user.type(confirmationField(), 'x');
    expect(removeButton()).toHaveAttribute('aria-disabled', 'true');

    // Pasted in capitals with the spaces a copy brings along: the same address.
    await user.clear(confirmationField());
    await user.click(confirmationField());
    await user.paste(`  ${ANA.toUpperCase()} `);
    expect(removeButton()).not.toHaveAttribute('aria-disabled');
  });

  it('explains a mismatch in words once the typing can no longer become the e-mail, and announces it', async () => {
    const { user } = setup();
    await fillIn(user, ANA, '');
    const hint = 'O botão Remover aluno é liberado quando os dois e-mails forem iguais.';
    const mismatch =
      'O que foi digitado aqui não é igual ao e-mail do aluno. Confira os dois campos.';
    expect(confirmationField()).toHaveAccessibleDescription(hint);

    // The start of the address is not a mistake yet.
    await user.type(confirmationField(), 'ana.sou');
    expect(confirmationField()).toHaveAccessibleDescription(hint);
    expect(confirmationField()).not.toHaveAttribute('aria-invalid');

    await user.type(confirmationField(), 'sa');
    expect(confirmationField()).toHaveAccessibleDescription(mismatch);
    expect(confirmationField()).toHaveAttribute('aria-invalid', 'true');
    // Said where screen readers hear it, by a region that was there before the words changed.
    const status = screen.getAllByRole('status').find((region) => region.textContent === mismatch);
    expect(status).toHaveAttribute('aria-live', 'polite');

    await user.clear(confirmationField());
    await user.paste(ANA);
    expect(confirmationField()).toHaveAccessibleDescription('Os dois e-mails são iguais.');
    expect(confirmationField()).not.toHaveAttribute('aria-invalid');
    expect(status).toHaveTextContent('Os dois e-mails são iguais.');
  });

  it('sends nothing on Enter before the confirmation matches', async () => {
    const { user, backend, onClose } = setup();
    await fillIn(user, ANA, '');
    await user.type(emailField(), '{Enter}');
    await user.type(confirmationField(), 'ana.souza@{Enter}');
    await user.type(confirmationField(), 'x{Enter}');

    expect(deletes(backend)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(backend.enrolments('t1')).toEqual([ANA]);
  });

  it('sends the exact DELETE body, says the outcome in the dialog as enrolment does, refreshes the counts', async () => {
    const { user, backend, onClose } = setup();
    expect(await screen.findByText('Matemática 9º A: 1')).toBeInTheDocument();

    await fillIn(user, '  Ana.Souza@Escola.com.br ', ANA.toUpperCase());
    await user.click(removeButton());

    // What is true whether or not Ana was in each turma: the API answers the same either way.
    // Without the roster extension her name is not known: the e-mail names her.
    const outcome = await outcomeShown(`${ANA} não está mais em 2 turmas`);
    expect(deletes(backend)).toEqual([
      expect.objectContaining({
        pathname: '/v1/classe/remove-student',
        body: { email: ANA, classes: [{ id: 't1' }, { id: 't2' }] },
      }),
    ]);
    expect(within(outcome).getByText('Matemática 9º A e Física 1º B.')).toBeVisible();
    expect(within(outcome).getByText(`E-mail: ${ANA}`)).toBeVisible();
    expect(screen.queryByText(/removido/)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'E-mail do aluno' })).not.toBeInTheDocument();
    expect(await screen.findByText('Matemática 9º A: 0')).toBeInTheDocument();
    expect(screen.getByText('Física 1º B: 0')).toBeInTheDocument();
    expect(backend.enrolments('t1')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    // Closed by the person, at once: nothing is left to discard.
    const closeButtons = within(dialog()).getAllByRole('button', { name: 'Fechar' });
    expect(closeButtons).toHaveLength(2);
    await user.click(closeButtons[1]!);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('group', { name: 'Descartar o que você preencheu?' })).toBeNull();
  });

  it('closes the outcome on Escape without asking to discard', async () => {
    const { user, onClose } = setup();
    await fillIn(user);
    await user.click(removeButton());
    await outcomeShown(`${ANA} não está mais em 2 turmas`);

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('locks the form while the removal is on its way', async () => {
    const { user, backend, onClose } = setup();
    await fillIn(user);
    const held = backend.hold((request) => request.method === 'DELETE');
    await user.click(removeButton());

    await waitFor(() => expect(held.requests).toHaveLength(1));
    expect(emailField()).toHaveAttribute('readonly');
    expect(confirmationField()).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Tirar Física 1º B da lista' })).toBeDisabled();
    expect(cancelButton()).toHaveAttribute('aria-disabled', 'true');
    await user.click(cancelButton());
    expect(removeButton()).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    held.release();
    await outcomeShown(`${ANA} não está mais em 2 turmas`);
    expect(deletes(backend)).toHaveLength(1);
  });

  it('gives focus back to what opened it, also when its first open mounts it already open', async () => {
    installReferenceApi({ turmas: [MATEMATICA], extensions: false });
    const api = createTestApiClient();
    // As the page does: the dialog arrives (lazily) with the click that opens it, then stays.
    function Page() {
      const [wanted, setWanted] = useState(false);
      const [opened, setOpened] = useState(false);
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setWanted(true);
              setOpened(true);
            }}
          >
            Remover aluno de Matemática 9º A
          </button>
          {wanted && (
            <RemovalDialog
              api={api}
              opened={opened}
              turmas={[MATEMATICA]}
              onClose={() => setOpened(false)}
            />
          )}
        </>
      );
    }
    const { user } = render(<Page />);
    const opener = screen.getByRole('button', { name: 'Remover aluno de Matemática 9º A' });

    for (let time = 1; time <= 2; time++) {
      await user.click(opener);
      await waitFor(() => expect(emailField()).toHaveFocus());
      await user.click(cancelButton());
      await waitFor(() => expect(opener).toHaveFocus());
    }
  });

  it('asks before discarding what was typed, on Escape and on Cancel, and sends nothing', async () => {
    const { user, backend, onClose } = setup();
    await fillIn(user);

    await user.keyboard('{Escape}');
    const question = () => screen.getByRole('group', { name: 'Descartar o que você preencheu?' });
    expect(within(question()).getByRole('button', { name: 'Continuar editando' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(confirmationField()).toHaveFocus();
    expect(confirmationField()).toHaveValue(ANA);

    await user.click(cancelButton());
    await user.click(within(question()).getByRole('button', { name: 'Descartar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(deletes(backend)).toEqual([]);
  });

  it('has the enrol dialog’s ✕: closes at once when nothing was typed, else asks first', async () => {
    const { user, onClose } = setup();
    const closeButton = () => within(dialog()).getByRole('button', { name: 'Fechar' });
    await fillIn(user, ANA, '');

    await user.click(closeButton());
    const question = screen.getByRole('group', { name: 'Descartar o que você preencheu?' });
    await user.click(within(question).getByRole('button', { name: 'Continuar editando' }));
    expect(onClose).not.toHaveBeenCalled();

    await user.clear(emailField());
    await user.click(closeButton());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes at once on Escape when nothing was typed', async () => {
    const { user, onClose } = setup();
    await waitFor(() => expect(emailField()).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('checks the e-mail once the field is left', async () => {
    const { user } = setup();
    await user.click(emailField());
    await user.tab();
    expect(emailField()).toHaveAccessibleDescription('Informe o e-mail do aluno.');

    await user.type(emailField(), 'ana.souza@');
    await user.tab();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription(
      'Informe um e-mail válido, como ana.souza@escola.com.br.',
    );

    await user.type(emailField(), 'escola.com.br');
    expect(emailField()).not.toHaveAttribute('aria-invalid');
  });

  it('says an invalid e-mail that was typed twice, instead of sending it', async () => {
    const { user, backend } = setup();
    await fillIn(user, 'ana.souza@');
    await user.click(removeButton());

    expect(emailField()).toHaveAccessibleDescription(
      'Informe um e-mail válido, como ana.souza@escola.com.br.',
    );
    expect(deletes(backend)).toEqual([]);
  });

  it('needs at least one turma', async () => {
    const { user, backend } = setup({ turmas: [MATEMATICA] });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Tirar Matemática 9º A da lista' }));

    expect(turmaList()).toHaveAccessibleName('Nenhuma turma escolhida');
    expect(screen.getByText('Escolha pelo menos uma turma.')).toBeInTheDocument();
    await user.click(removeButton());
    expect(deletes(backend)).toEqual([]);
  });

  it('adds a turma found by the search, and removes the student from it too', async () => {
    const { user, backend } = setup();
    await user.type(screen.getByRole('combobox', { name: 'Adicionar turma' }), 'histo');
    await user.click(await screen.findByRole('option', { name: 'História 2º C' }));

    expect(turmaList()).toHaveAccessibleName('Remover de 3 turmas');
    expect(listedNames()).toEqual(['Matemática 9º A', 'Física 1º B', 'História 2º C']);
    await fillIn(user);
    await user.click(removeButton());

    await outcomeShown(`${ANA} não está mais em 3 turmas`);
    expect(deletes(backend)[0]?.body).toEqual({
      email: ANA,
      classes: [{ id: 't1' }, { id: 't2' }, { id: 't3' }],
    });
  });

  describe('when the removal fails', () => {
    it('404 for the student: says no student has this e-mail, on the e-mail field, and changes nothing', async () => {
      const { user, backend, onClose } = setup();
      await fillIn(user, 'bia.lima@escola.com.br');
      await user.click(removeButton());

      await waitFor(() => expect(emailField()).toHaveFocus());
      expect(emailField()).toHaveAttribute('aria-invalid', 'true');
      expect(emailField()).toHaveAccessibleDescription(
        'Nenhum aluno com este e-mail. Nada foi alterado.',
      );
      expect(onClose).not.toHaveBeenCalled();
      expect(backend.enrolments('t1')).toEqual([ANA]);
      expect(emailField()).toHaveValue('bia.lima@escola.com.br');
      expect(confirmationField()).toHaveValue('bia.lima@escola.com.br');

      // Correcting the address clears the verdict; both fields must agree again.
      await user.clear(emailField());
      await user.type(emailField(), ANA);
      expect(emailField()).not.toHaveAttribute('aria-invalid');
      expect(removeButton()).toHaveAttribute('aria-disabled', 'true');
    });

    it('404 for turmas: names them on the turmas field, and sends again only once they are off the list', async () => {
      const gone = { id: 'gone-1', name: 'Turma Excluída 3º B' };
      const { user, backend } = setup({
        turmas: [MATEMATICA, aTurma(gone), FISICA],
      });
      await fillIn(user);
      await user.click(removeButton());

      const message =
        'A turma Turma Excluída 3º B não existe mais no servidor. Tire-a da lista para continuar.';
      const search = screen.getByRole('combobox', { name: 'Adicionar turma' });
      await waitFor(() => expect(search).toHaveFocus());
      expect(search).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(backend.enrolments('t1')).toEqual([ANA]);

      await user.click(removeButton());
      expect(deletes(backend)).toHaveLength(1);

      await user.click(screen.getByRole('button', { name: 'Tirar Turma Excluída 3º B da lista' }));
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      await user.click(removeButton());
      await outcomeShown(`${ANA} não está mais em 2 turmas`);
      expect(deletes(backend)[1]?.body).toEqual({
        email: ANA,
        classes: [{ id: 't1' }, { id: 't2' }],
      });
    });

    it('400: says the server refused and nothing changed, keeping everything typed', async () => {
      const { user, backend, onClose } = setup();
      await fillIn(user);
      backend.failNext({
        status: 400,
        body: { status: '400', message: 'email: must be a valid e-mail address' },
      });
      await user.click(removeButton());

      const alert = await screen.findByRole('alert', { name: 'A remoção não foi feita' });
      // The id the server answered with (its own: the console had had no answer yet to learn
      // that it takes one), for staff to quote to support.
      const id = 'simulated-' + String(backend.requests.length);
      expect(alert).toHaveTextContent(
        `O servidor recusou a solicitação (código 400). E-mail: não é um endereço de e-mail válido. Nada foi alterado.\nCódigo do pedido: ${id}`,
        { normalizeWhitespace: false },
      );
      expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
      await waitFor(() => expect(removeButton()).toHaveFocus());
      expect(emailField()).toHaveValue(ANA);
      expect(confirmationField()).toHaveValue(ANA);
      expect(onClose).not.toHaveBeenCalled();
    });

    it('5xx: says the outcome is unknown and offers to try again, which is safe', async () => {
      const { user, backend } = setup();
      await fillIn(user);
      backend.failNext({ status: 503 });
      await user.click(removeButton());

      const alert = await screen.findByRole('alert', {
        name: 'Não sabemos se o aluno foi removido',
      });
      expect(alert).toHaveTextContent('Serviço ocupado ou indisponível (código 503).');
      expect(alert).toHaveTextContent('Tentar de novo é seguro');
      await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));

      await outcomeShown(`${ANA} não está mais em 2 turmas`);
      expect(deletes(backend).map((request) => request.body)).toEqual([
        { email: ANA, classes: [{ id: 't1' }, { id: 't2' }] },
        { email: ANA, classes: [{ id: 't1' }, { id: 't2' }] },
      ]);
    });

    it('network failure: says the outcome is unknown, keeps everything, and tries again on request', async () => {
      const { user, backend } = setup();
      await fillIn(user);
      backend.failNext('network');
      await user.click(removeButton());

      const alert = await screen.findByRole('alert', {
        name: 'Não sabemos se o aluno foi removido',
      });
      expect(alert).toHaveTextContent('Não foi possível conectar ao servidor.');
      expect(emailField()).toHaveValue(ANA);
      expect(listedNames()).toEqual(['Matemática 9º A', 'Física 1º B']);
      await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));

      await outcomeShown(`${ANA} não está mais em 2 turmas`);
      expect(backend.enrolments('t2')).toEqual([]);
    });

    it('timeout: says the outcome is unknown', async () => {
      const { user, backend } = setup({ api: createTestApiClient({ timeoutMs: 50 }) });
      await fillIn(user);
      const held = backend.hold((request) => request.method === 'DELETE');
      await user.click(removeButton());

      const alert = await screen.findByRole('alert', {
        name: 'Não sabemos se o aluno foi removido',
      });
      expect(alert).toHaveTextContent('O servidor demorou demais para responder.');
      expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeEnabled();
      held.release();
    });

    it('401: hands over to the sign-in, keeps everything, and sends again afterwards', async () => {
      const unauthorized = vi.fn();
      // As the app's QueryClient does (src/app/query-client.ts): a 401 expires the session.
      const queryClient = new QueryClient({
        defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
        mutationCache: new MutationCache({
          onError: (error) => {
            if (error instanceof ApiError && error.isUnauthorized) unauthorized();
          },
        }),
      });
      const { user, backend } = setup({ queryClient });
      await fillIn(user);
      backend.failNext({
        status: 401,
        body: { status: '401', message: 'Invalid or expired token' },
      });
      await user.click(removeButton());

      const alert = await screen.findByRole('alert', { name: 'Sua sessão expirou' });
      expect(alert).toHaveTextContent('Nada foi removido. Entre novamente');
      expect(unauthorized).toHaveBeenCalledTimes(1);
      expect(emailField()).toHaveValue(ANA);
      expect(confirmationField()).toHaveValue(ANA);
      expect(backend.enrolments('t1')).toEqual([ANA]);

      // Signed in again (the backend accepts the token once more): one press sends it.
      await user.click(removeButton());
      await outcomeShown(`${ANA} não está mais em 2 turmas`);
      expect(backend.enrolments('t1')).toEqual([]);
    });
  });

  it('speaks English', async () => {
    const { user } = setup({ locale: 'en' });
    expect(dialog()).toHaveAccessibleName('Remove a student from classes');
    expect(screen.getByRole('list', { name: 'Remove from 2 classes' })).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: "Student's e-mail" }));
    await user.paste(ANA);
    await user.click(
      screen.getByRole('textbox', { name: "To confirm, type the student's e-mail again" }),
    );
    await user.paste(ANA);
    await user.click(screen.getByRole('button', { name: 'Remove student' }));

    const outcome = await within(dialog()).findByRole('group', {
      name: `${ANA} is no longer in 2 classes`,
    });
    expect(within(outcome).getByText('Matemática 9º A and Física 1º B.')).toBeVisible();
    expect(within(outcome).getByText(`E-mail: ${ANA}`)).toBeVisible();
    expect(within(dialog()).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });
});
