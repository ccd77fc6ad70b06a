import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import type { ClassListResponse } from '../../api/contract';
import { render } from '../../testing/render';
import { TokenGate } from './token-gate';
import { TOKEN_STORAGE_KEY, tokenStore } from './token-store';
import { fakeApi } from '../../testing/fake-api';
import { aClassPage, aTurma } from '../../testing/sample-classes';

const ONE_TURMA: ClassListResponse = aClassPage([aTurma({ countStudents: 31 })], 12);

beforeEach(() => tokenStore.clear());
afterEach(() => tokenStore.clear());

describe('TokenGate', () => {
  it('checks the typed token against the API and stores it when accepted', async () => {
    const api = fakeApi(async () => ONE_TURMA);
    const onSignedIn = vi.fn();
    const { user } = render(<TokenGate api={api} onSignedIn={onSignedIn} />);

    await user.type(screen.getByLabelText('Token de acesso'), '  s3cret-token {Enter}');

    await waitFor(() => expect(tokenStore.get()).toBe('s3cret-token'));
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('s3cret-token');
    expect(api.getClasses).toHaveBeenCalledExactlyOnceWith(
      { pageSize: 1 },
      { token: 's3cret-token' },
    );
    expect(onSignedIn).toHaveBeenCalledOnce();
  });

  it('says a rejected token was not accepted, keeps what was typed and stores nothing', async () => {
    const api = fakeApi(async () => {
      throw new ApiError('http', 'Missing or invalid bearer token', {
        status: 401,
        body: { status: '401', message: 'Missing or invalid bearer token' },
      });
    });
    const { user } = render(<TokenGate api={api} />);
    const field = screen.getByLabelText('Token de acesso');

    await user.type(field, 'wrong-token');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('Este token não foi aceito.')).toBeVisible();
    expect(field).toHaveValue('wrong-token');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Este token não foi aceito.');
    expect(field).toHaveFocus();
    expect(tokenStore.get()).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('tells a server it cannot reach apart from a wrong token', async () => {
    const api = fakeApi(async () => {
      throw new ApiError('network', 'Could not reach the server');
    });
    const { user } = render(<TokenGate api={api} />);
    const field = screen.getByLabelText('Token de acesso');

    await user.type(field, 'maybe-right{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Não foi possível conectar ao servidor/);
    expect(screen.queryByText('Este token não foi aceito.')).not.toBeInTheDocument();
    expect(field).toHaveValue('maybe-right');
    expect(tokenStore.get()).toBeNull();
  });

  it('asks for a token instead of calling the API with an empty one', async () => {
    const api = fakeApi(async () => ONE_TURMA);
    const { user } = render(<TokenGate api={api} />);

    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('Informe o token de acesso.')).toBeVisible();
    expect(api.getClasses).not.toHaveBeenCalled();
  });

  it('says why it is back when the session expired', () => {
    tokenStore.set('old-token');
    tokenStore.expire();
    render(<TokenGate api={fakeApi(async () => ONE_TURMA)} />);

    expect(screen.getByRole('status')).toHaveTextContent('Sua sessão expirou.');
  });
});
