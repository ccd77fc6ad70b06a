import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApiClient, TEST_TOKEN } from '../../testing/api-client';
import { installReferenceApi, type ReferenceApi } from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';
import { TokenGate } from './token-gate';
import { TOKEN_STORAGE_KEY, tokenStore } from './token-store';

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
    expect(backend.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        searchParams: { pageSize: '1' },
        authorization: `Bearer ${TEST_TOKEN}`,
      }),
    ]);
    expect(onSignedIn).toHaveBeenCalledOnce();
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
