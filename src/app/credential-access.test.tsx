import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_STORAGE_KEY, tokenStore } from '../features/auth/token-store';
import { createTestApiClient, TEST_TOKEN } from '../testing/api-client';
import { installReferenceApi } from '../testing/msw/reference-api';
import { render } from '../testing/render';
import { aTurma } from '../testing/sample-classes';
import { Console } from './app';
import { createQueryClient } from './query-client';
import { TurmasPage } from './turmas-page';

const READ_TOKEN = 'read-token-of-the-secretaria-sede-0001';
const WRITE_TOKEN = 'write-token-of-the-coordination-00002';
const credentials = [
  { name: 'secretaria-sede', role: 'read' as const, token: READ_TOKEN },
  { name: 'coord-fund2', role: 'write' as const, token: WRITE_TOKEN },
];
const turmas = [aTurma({ id: 'fis', name: 'Física 1º B' })];

afterEach(() => tokenStore.clear());

/** The console as the app mounts it, signed in with `token`. */
function renderSignedIn(token: string) {
  tokenStore.set(token);
  const api = createTestApiClient({ getToken: tokenStore.get });
  return render(
    <Console api={api}>{(headingRef) => <TurmasPage api={api} headingRef={headingRef} />}</Console>,
    { queryClient: createQueryClient(() => tokenStore.expire()) },
  );
}

const writeControls = () => [
  ...screen.queryAllByRole('button', { name: /^Matricular aluno em / }),
  ...screen.queryAllByRole('button', { name: /^Remover aluno de / }),
  ...screen.queryAllByRole('button', { name: 'Matricular ou remover em lote' }),
];

describe('the credential in use', () => {
  it('a read credential sees its name and role, no write control, and why, once', async () => {
    const backend = installReferenceApi({ turmas, credentials });
    renderSignedIn(READ_TOKEN);

    expect(await screen.findByText('Esta credencial só pode consultar.')).toBeVisible();
    const header = screen.getByRole('banner');
    expect(within(header).getByText(/secretaria-sede/)).toBeVisible();
    expect(within(header).getByText('consulta')).toBeVisible();
    expect((await screen.findAllByText('Física 1º B')).length).toBeGreaterThan(0);
    expect(writeControls()).toEqual([]);
    expect(screen.getAllByText('Esta credencial só pode consultar.')).toHaveLength(1);
    // The credential is asked after the list, never before it.
    const paths = backend.requests.map((request) => request.pathname);
    expect(paths.indexOf('/v1/me')).toBeGreaterThan(paths.indexOf('/v1/classe'));
  });

  it('a credential named after its role says the word once', async () => {
    installReferenceApi({
      turmas,
      credentials: [{ name: 'consulta', role: 'read', token: READ_TOKEN }],
    });
    renderSignedIn(READ_TOKEN);

    expect(await screen.findByText('Esta credencial só pode consultar.')).toBeVisible();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('consulta')).toBeVisible();
    expect(within(header).queryByText('·')).toBeNull();
    expect(within(header).getByTitle('consulta')).toHaveTextContent(/^Credencial: consulta$/);
  });

  it('a write credential sees its name, its role and every write control', async () => {
    installReferenceApi({ turmas, credentials });
    renderSignedIn(WRITE_TOKEN);

    const header = screen.getByRole('banner');
    expect(await within(header).findByText('escrita')).toBeVisible();
    expect(within(header).getByText(/coord-fund2/)).toBeVisible();
    expect(
      await screen.findByRole('button', { name: 'Matricular aluno em Física 1º B' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remover aluno de Física 1º B' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Matricular ou remover em lote' })).toBeVisible();
    expect(screen.queryByText('Esta credencial só pode consultar.')).toBeNull();
  });

  it('draws a read credential’s next load of the tab without write controls, before asking', async () => {
    const backend = installReferenceApi({ turmas, credentials });
    const { unmount } = renderSignedIn(READ_TOKEN);
    expect(await screen.findByText('Esta credencial só pode consultar.')).toBeVisible();
    expect(sessionStorage.getItem(ROLE_STORAGE_KEY)).toBe('read');
    unmount();

    // The reload: the server's answer about the credential held back.
    const me = backend.hold((request) => request.pathname === '/v1/me');
    renderSignedIn(READ_TOKEN);
    expect((await screen.findAllByText('Física 1º B')).length).toBeGreaterThan(0);
    await expect.poll(() => me.requests.length).toBe(1);
    expect(writeControls()).toEqual([]);
    expect(screen.getByText('Esta credencial só pode consultar.')).toBeVisible();
    me.release();

    // Another token forgets it: a writer's page, with every write control.
    tokenStore.set(WRITE_TOKEN);
    expect(sessionStorage.getItem(ROLE_STORAGE_KEY)).toBeNull();
    expect(
      await screen.findByRole('button', { name: 'Matricular aluno em Física 1º B' }),
    ).toBeVisible();
  });

  it('changes nothing against a plain v1 server: no request for it, every write control', async () => {
    const backend = installReferenceApi({ turmas, extensions: false });
    renderSignedIn(TEST_TOKEN);

    expect(
      await screen.findByRole('button', { name: 'Matricular aluno em Física 1º B' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Matricular ou remover em lote' })).toBeVisible();
    expect(screen.queryByText('Esta credencial só pode consultar.')).toBeNull();
    expect(within(screen.getByRole('banner')).queryByText(/escrita|consulta/)).toBeNull();
    expect(backend.requests.map((request) => request.pathname)).not.toContain('/v1/me');
  });
});
