import { Button, Modal, Stack, TextInput, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { useState, type Ref } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../api/client';
import { TOKEN_STORAGE_KEY, tokenStore } from '../features/auth/token-store';
import { SELECTION_STORAGE_KEY, selectionStore } from '../lib/selection-store';
import { createTestApiClient, TEST_TOKEN } from '../testing/api-client';
import { installReferenceApi, type ReferenceApi } from '../testing/msw/reference-api';
import { render } from '../testing/render';
import { aTurma } from '../testing/sample-classes';
import { Console } from './app';
import { createQueryClient } from './query-client';

const STALE_TOKEN = 'yesterdays-token';

let backend: ReferenceApi;
const api = createTestApiClient({ getToken: tokenStore.get });

beforeEach(() => {
  tokenStore.clear();
  backend = installReferenceApi({ turmas: [aTurma({ name: 'Física 1º B' })] });
});
afterEach(() => tokenStore.clear());

/** A page with something typed in it and a list from the API, as the real pages have. */
function StubPage({
  api,
  headingRef,
}: {
  api: Pick<ApiClient, 'getClasses'>;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const list = useQuery({
    queryKey: ['stub', 'classes'],
    queryFn: ({ signal }) => api.getClasses({ pageSize: 5 }, { signal }),
  });
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <Stack>
      <Title order={1} ref={headingRef} tabIndex={-1}>
        Turmas
      </Title>
      <TextInput label="E-mail do aluno" />
      {list.isError && <p>A lista falhou</p>}
      <ul aria-label="Turmas da página">
        {list.data?.data.map((turma) => (
          <li key={turma.id}>{turma.name}</li>
        ))}
      </ul>
      <Button onClick={() => setDialogOpen(true)}>Matricular</Button>
      <Modal opened={dialogOpen} onClose={() => setDialogOpen(false)} title="Matricular aluno">
        <TextInput label="Nome do aluno" />
      </Modal>
    </Stack>
  );
}

/** The console (shell, gate, session) around a stub page, with the app's QueryClient. */
function renderConsole() {
  // As AppProviders does: a 401 anywhere expires the stored token.
  const queryClient = createQueryClient(() => tokenStore.expire());
  return render(
    <Console api={api}>{(headingRef) => <StubPage api={api} headingRef={headingRef} />}</Console>,
    { queryClient },
  );
}

/**
 * The stored token stops being accepted, as when it is revoked, and the page's queries fetch
 * again (as on window focus): they get 401s. Not awaited inside act(): the dialog's opening
 * transition runs on animation frames, which the findBy/waitFor that follows lets through.
 */
function expireSession(queryClient: QueryClient, { remember = false } = {}) {
  act(() => tokenStore.set(STALE_TOKEN, { remember }));
  void queryClient.refetchQueries();
}

describe('Console', () => {
  it('shows the full-page gate to someone not signed in, and the page once they are', async () => {
    const { user } = renderConsole();

    expect(screen.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    expect(screen.queryByLabelText('E-mail do aluno')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sair' })).not.toBeInTheDocument();

    // The form's code comes after the gate's (token-gate.tsx).
    await user.type(await screen.findByLabelText('Token de acesso'), `${TEST_TOKEN}{Enter}`);

    // Focus moves to the page's heading, since the button that had it went with the gate.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Turmas' })).toHaveFocus());
    expect(await screen.findByText('Física 1º B')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Entrar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toContainElement(
      screen.getByRole('button', { name: 'Sair' }),
    );
  });

  it('keeps the page and what was typed when the session expires, and recovers it after a new token', async () => {
    tokenStore.set(TEST_TOKEN);
    const { user, queryClient } = renderConsole();
    expect(await screen.findByText('Física 1º B')).toBeVisible();
    const email = screen.getByLabelText('E-mail do aluno');
    await user.type(email, 'ana@escola.example');

    expireSession(queryClient);

    const dialog = await screen.findByRole('dialog', { name: 'Sua sessão expirou' });
    expect(dialog).toHaveTextContent('O que você preencheu na página foi mantido.');
    expect(screen.getByLabelText('E-mail do aluno')).toBe(email);
    expect(email).toHaveValue('ana@escola.example');
    expect(screen.getByText('A lista falhou')).toBeInTheDocument();
    const tokenField = screen.getByLabelText('Token de acesso');
    await waitFor(() => expect(tokenField).toHaveFocus());
    // The stored token is gone as well: a reload would not try it again.
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();

    // Nothing closes it but a good token: no close button, Escape, or a click outside.
    expect(screen.queryByRole('button', { name: /fechar|close/i })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Sua sessão expirou' })).toBeInTheDocument();

    // Focus stays inside while tabbing: field, show-token, remember, submit, then the field again.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Entrar' })).toHaveFocus();
    await user.tab();
    expect(tokenField).toHaveFocus();

    const listRequestsBefore = backend.listRequests().length;
    await user.type(tokenField, `${TEST_TOKEN}{Enter}`);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(tokenStore.get()).toBe(TEST_TOKEN);
    // Focus goes back to where the person was, and the failed list fetches again on its own.
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveValue('ana@escola.example');
    await waitFor(() => expect(screen.queryByText('A lista falhou')).not.toBeInTheDocument());
    expect(screen.getByText('Física 1º B')).toBeVisible();
    expect(
      backend
        .listRequests()
        .slice(listRequestsBefore)
        .map(({ searchParams, authorization }) => ({ searchParams, authorization })),
    ).toEqual([
      { searchParams: { pageSize: '1' }, authorization: `Bearer ${TEST_TOKEN}` }, // the check
      { searchParams: { pageSize: '5' }, authorization: `Bearer ${TEST_TOKEN}` }, // the refetch
    ]);
  });

  it('keeps the dialog up, saying so, when the new token is refused too', async () => {
    tokenStore.set(TEST_TOKEN);
    const { user, queryClient } = renderConsole();
    expect(await screen.findByText('Física 1º B')).toBeVisible();

    expireSession(queryClient);
    await user.type(await screen.findByLabelText('Token de acesso'), 'another-wrong-one{Enter}');

    expect(await screen.findByText('Este token não foi aceito.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Sua sessão expirou' })).toBeInTheDocument();
    expect(tokenStore.getSession()).toMatchObject({ token: null, expired: true });
  });

  it('offers again the remember choice the expired session was made with', async () => {
    tokenStore.set(TEST_TOKEN, { remember: true });
    const { user, queryClient } = renderConsole();
    expect(await screen.findByText('Física 1º B')).toBeVisible();

    expireSession(queryClient, { remember: true });

    const remember = await screen.findByRole('checkbox', { name: 'Lembrar neste dispositivo' });
    expect(remember).toBeChecked();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await user.type(screen.getByLabelText('Token de acesso'), `${TEST_TOKEN}{Enter}`);
    await waitFor(() => expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(TEST_TOKEN));
  });

  it('does not let Escape close a dialog of the page beneath, with what was typed in it', async () => {
    tokenStore.set(TEST_TOKEN);
    const { user, queryClient } = renderConsole();
    expect(await screen.findByText('Física 1º B')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Matricular' }));
    await user.type(screen.getByLabelText('Nome do aluno'), 'Ana Souza');

    expireSession(queryClient);
    await screen.findByRole('dialog', { name: 'Sua sessão expirou' });
    await waitFor(() => expect(screen.getByLabelText('Token de acesso')).toHaveFocus());
    await user.keyboard('{Escape}');

    expect(screen.getByRole('dialog', { name: 'Matricular aluno' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nome do aluno')).toHaveValue('Ana Souza');

    // Once the dialog is gone, Escape works on the page's dialogs again.
    await user.type(screen.getByLabelText('Token de acesso'), `${TEST_TOKEN}{Enter}`);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Sua sessão expirou' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByLabelText('Nome do aluno')).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Matricular aluno' })).not.toBeInTheDocument();
  });

  it('forgets the selected turmas on sign-out', async () => {
    tokenStore.set(TEST_TOKEN);
    selectionStore.add([{ id: 'c1', name: 'Física 1º B' }]);
    const { user } = renderConsole();
    expect(await screen.findByText('Física 1º B')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Sair' }));

    expect(selectionStore.get()).toEqual([]);
    expect(sessionStorage.getItem(SELECTION_STORAGE_KEY)).toBeNull();
  });

  it('goes back to the full-page gate after signing out, not to the dialog', async () => {
    tokenStore.set(TEST_TOKEN);
    const { user, queryClient } = renderConsole();
    expect(await screen.findByText('Física 1º B')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Sair' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    expect(await screen.findByLabelText('Token de acesso')).toHaveFocus();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail do aluno')).not.toBeInTheDocument();
  });
});
