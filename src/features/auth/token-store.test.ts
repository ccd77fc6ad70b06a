import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_STORAGE_KEY, TOKEN_STORAGE_KEY, tokenStore } from './token-store';

beforeEach(() => {
  tokenStore.clear();
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => tokenStore.clear());

describe('tokenStore', () => {
  it('keeps the token for this tab only unless asked to remember it', () => {
    tokenStore.set('tab-token');

    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tab-token');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(tokenStore.getSession()).toEqual({
      token: 'tab-token',
      remember: false,
      expired: false,
    });
  });

  it('keeps a remembered token on the device, and in one storage only', () => {
    tokenStore.set('tab-token');
    tokenStore.set('device-token', { remember: true });

    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('device-token');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();

    tokenStore.set('tab-again');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tab-again');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('keeps the role the server said beside the token, and forgets it with the token', () => {
    tokenStore.set('device-token', { remember: true, role: 'read' });
    expect(localStorage.getItem(ROLE_STORAGE_KEY)).toBe('read');
    expect(tokenStore.rememberedRole()).toBe('read');

    tokenStore.set('tab-token', { role: 'write' });
    expect(localStorage.getItem(ROLE_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(ROLE_STORAGE_KEY)).toBe('write');

    tokenStore.clear();
    expect(sessionStorage.getItem(ROLE_STORAGE_KEY)).toBeNull();
    expect(tokenStore.rememberedRole()).toBeUndefined();
  });

  it.each([
    ['signing out', () => tokenStore.clear()],
    ['expiry', () => tokenStore.expire()],
  ])('%s removes the token from both storages', (_name, end) => {
    tokenStore.set('device-token', { remember: true });
    // A token left in the other storage, e.g. by an older tab.
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'stray-token');

    end();

    expect(tokenStore.get()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('expires a stored token keeping the remember choice, and ignores expiry without one', () => {
    tokenStore.expire();
    expect(tokenStore.getSession()).toEqual({ token: null, remember: false, expired: false });

    tokenStore.set('device-token', { remember: true });
    tokenStore.expire();
    expect(tokenStore.getSession()).toEqual({ token: null, remember: true, expired: true });

    // Further 401s (requests sent while the gate is showing) change nothing.
    const listener = vi.fn();
    const unsubscribe = tokenStore.subscribe(listener);
    tokenStore.expire();
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
  });

  it('signs out when another tab signs out, and tells the other tabs when it signs out', async () => {
    const otherTab = new BroadcastChannel('turmas-admin.sign-out');
    try {
      tokenStore.set('tab-token');
      const signedOutElsewhere = vi.fn();
      const stop = tokenStore.onSignedOutElsewhere(signedOutElsewhere);
      otherTab.postMessage('signed-out');
      await vi.waitFor(() => expect(tokenStore.get()).toBeNull());
      expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
      expect(signedOutElsewhere).toHaveBeenCalledOnce();
      stop();

      tokenStore.set('device-token', { remember: true });
      const heard = new Promise((resolve) =>
        otherTab.addEventListener('message', (event) => resolve(event.data), { once: true }),
      );
      tokenStore.clear();
      expect(await heard).toBe('signed-out');
      // Its own sign-out is not news to this tab.
      expect(signedOutElsewhere).toHaveBeenCalledOnce();
    } finally {
      otherTab.close();
    }
  });

  it('notifies subscribers of every change', () => {
    const listener = vi.fn();
    const unsubscribe = tokenStore.subscribe(listener);
    tokenStore.set('a-token');
    tokenStore.clear();
    unsubscribe();
    tokenStore.set('unheard');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('tokenStore on page load', () => {
  // The store reads the storages once, when its module loads: load a fresh copy per test.
  async function loadFreshStore() {
    vi.resetModules();
    const module = await import('./token-store');
    return module.tokenStore;
  }

  it('starts signed out when neither storage holds a token', async () => {
    const store = await loadFreshStore();
    expect(store.getSession()).toEqual({ token: null, remember: false, expired: false });
  });

  it('reads this tab’s token before a remembered one', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tab-token');
    localStorage.setItem(TOKEN_STORAGE_KEY, 'device-token');
    const store = await loadFreshStore();
    expect(store.getSession()).toEqual({ token: 'tab-token', remember: false, expired: false });
  });

  it('falls back to the token remembered on this device', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'device-token');
    const store = await loadFreshStore();
    expect(store.getSession()).toEqual({ token: 'device-token', remember: true, expired: false });
  });
});
