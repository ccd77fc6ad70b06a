import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApiClient, TEST_TOKEN } from '../../testing/api-client';
import { installReferenceApi, type ReferenceApi } from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';
import { TokenGate } from './token-gate';
import { ROLE_STORAGE_KEY, TOKEN_STORAGE_KEY, tokenStore } from './token-store';

let backend: ReferenceApi;
// The app's client reads the stored token; the gate overrides it with the typed one.
const api = createTestApiClient({ getToken: tokenStore.get });

beforeEach(() => {
  tokenStore.clear();
  backend = installReferenceApi({ turmas: [aTurma()] });
});
afterEach(() => tokenStore.clear());

describe('TokenGate', () => {
  it('checks the typed token against the API and keeps it for this tab when accepted', async () => {
    const onSignedIn = vi.fn();
    const { user } = render(<TokenGate api={api} onSignedIn={onSignedIn} />);

    // The form's code comes after the gate's (token-gate.tsx).
    const field = await screen.findByLabelText('Token de acesso');
    expect(field).toHaveFocus();
    await user.type(field, `  ${TEST_TOKEN} {Enter}`);

    await waitFor(() => expect(tokenStore.get()).toBe(TEST_TOKEN));
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe(TEST_TOKEN);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // The server offers `me`: the token's role is asked with the typed token, and kept.
    expect(backend.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        pathname: '/v1/classe',
        searchParams: { pageSize: '1' },
        authorization: `Bearer ${TEST_TOKEN}`,
      }),
      expect.objectContaining({
        method: 'GET',
        pathname: '/v1/me',
        authorization: `Bearer ${TEST_TOKEN}`,
      }),
    ]);
    expect(sessionStorage.getItem(ROLE_STORAGE_KEY)).toBe('write');
    expect(onSignedIn).toHaveBeenCalledOnce();
  });

  it('keeps a read credential’s role beside a token remembered on this device', async () => {
    const readToken = 'read-token-of-the-secretaria-sede-0001';
    installReferenceApi({
      turmas: [aTurma()],
      credentials: [{ name: 'secretaria-sede', role: 'read', token: readToken }],
    });
    const { user } = render(<TokenGate api={createTestApiClient({ getToken: tokenStore.get })} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Lembrar neste dispositivo' }));
    await user.type(screen.getByLabelText('Token de acesso'), `${readToken}{Enter}`);

    await waitFor(() => expect(tokenStore.get()).toBe(readToken));
    expect(localStorage.getItem(ROLE_STORAGE_KEY)).toBe('read');
    expect(tokenStore.rememberedRole()).toBe('read');
  });

  it('signs in without a role when the server has no `me` or cannot say', async () => {
    const plain = installReferenceApi({ turmas: [aTurma()], extensions: false });
    const { user, unmount } = render(
      <TokenGate api={createTestApiClient({ getToken: tokenStore.get })} />,
    );
    await user.type(await screen.findByLabelText('Token de acesso'), `${TEST_TOKEN}{Enter}`);
    await waitFor(() => expect(tokenStore.get()).toBe(TEST_TOKEN));
    expect(plain.requests.map((request) => request.pathname)).toEqual(['/v1/classe']);
    expect(sessionStorage.getItem(ROLE_STORAGE_KEY)).toBeNull();
    unmount();
    tokenStore.clear();

    // The role's question fails: the token is good all the same, and the page will ask.
    backend.failNext({ status: 503 }, { where: (request) => request.pathname === '/v1/me' });
    render(<TokenGate api={createTestApiClient({ getToken: tokenStore.get })} />);
    await user.type(await screen.findByLabelText('Token de acesso'), `${TEST_TOKEN}{Enter}`);
    await waitFor(() => expect(tokenStore.get()).toBe(TEST_TOKEN));
    expect(sessionStorage.getItem(ROLE_STORAGE_KEY)).toBeNull();
  });

  it('remembers the token on this device only when asked to', async () => {
    const { user } = render(<TokenGate api={api} />);
    const remember = await screen.findByRole('checkbox', { name: 'Lembrar neste dispositivo' });
    expect(remember).not.toBeChecked();
    expect(remember).toHaveAccessibleDescription(/Não use em computadores compartilhados/);

    await user.click(remember);
    await user.type(screen.getByLabelText('Token de acesso'), `${TEST_TOKEN}{Enter}`);

    await waitFor(() => expect(tokenStore.get()).toBe(TEST_TOKEN));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(TEST_TOKEN);
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('says a rejected token was not accepted, keeps what was typed and stores nothing', async () => {
    const { user } = render(<TokenGate api={api} />);
    const field = await screen.findByLabelText('Token de acesso');

    await user.type(field, 'wrong-token');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('Este token não foi aceito.')).toBeVisible();
    expect(backend.requests.map((request) => request.authorization)).toEqual([
      'Bearer wrong-token',
    ]);
    expect(field).toHaveValue('wrong-token');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Este token não foi aceito.');
    expect(field).toHaveFocus();
    expect(tokenStore.get()).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('tells a server it cannot reach apart from a wrong token', async () => {
    backend.failNext('network');
    const { user } = render(<TokenGate api={api} />);
    const field = await screen.findByLabelText('Token de acesso');

    await user.type(field, 'maybe-right{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Não foi possível conectar ao servidor/);
    expect(screen.queryByText('Este token não foi aceito.')).not.toBeInTheDocument();
    expect(field).toHaveValue('maybe-right');
    expect(tokenStore.get()).toBeNull();
  });

  it('asks for a token instead of calling the API with an empty one', async () => {
    const { user } = render(<TokenGate api={api} />);

    await user.click(await screen.findByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('Informe o token de acesso.')).toBeVisible();
    expect(backend.requests).toEqual([]);
  });

  it('refuses a token no HTTP header can carry without sending it', async () => {
    const { user } = render(<TokenGate api={api} />);

    await user.type(await screen.findByLabelText('Token de acesso'), 'tóken com espaço{Enter}');

    expect(await screen.findByText('Este token não foi aceito.')).toBeVisible();
    expect(backend.requests).toEqual([]);
  });

  it('speaks English too', async () => {
    render(<TokenGate api={api} />, { locale: 'en' });

    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(await screen.findByLabelText('Access token')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Remember on this device' })).toBeVisible();
  });
});
