import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../testing/render';
import { SignOutButton } from './sign-out-button';
import { TOKEN_STORAGE_KEY, tokenStore } from './token-store';

beforeEach(() => tokenStore.clear());
afterEach(() => tokenStore.clear());

describe('SignOutButton', () => {
  it('forgets the token everywhere, empties the query cache and lets the app clear the rest', async () => {
    tokenStore.set('device-token', { remember: true });
    // A copy an older tab may have left in this tab's storage.
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'stray-token');
    const onSignOut = vi.fn();
    const { user, queryClient } = render(<SignOutButton onSignOut={onSignOut} />);
    queryClient.setQueryData(['classes', 'list', { page: 1 }], { data: [], totalRecords: 0 });

    await user.click(screen.getByRole('button', { name: 'Sair' }));

    expect(tokenStore.getSession()).toEqual({ token: null, remember: false, expired: false });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('is named in English too', () => {
    render(<SignOutButton />, { locale: 'en' });
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeVisible();
  });
});
