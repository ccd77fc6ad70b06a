import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  detectLocale,
  initialLocale,
  LOCALE_STORAGE_KEY,
  readChosenLocale,
  storeChosenLocale,
} from './detect-locale';

afterEach(() => localStorage.clear());

describe('detectLocale', () => {
  it.each([
    [['pt-BR', 'en-US'], 'pt-BR'],
    [['pt-PT'], 'pt-BR'],
    [['en-GB', 'pt-BR'], 'en'],
    [['EN'], 'en'],
    [['de-DE', 'en-US'], 'en'],
    [['de-DE', 'fr'], 'pt-BR'],
    [[], 'pt-BR'],
  ] as const)('%j → %s', (preferred, expected) => {
    expect(detectLocale(preferred)).toBe(expected);
  });
});

describe('the chosen language', () => {
  it('is kept on the device and beats the browser’s preference', () => {
    // jsdom's browser prefers en-US.
    expect(initialLocale()).toBe('en');

    storeChosenLocale('pt-BR');

    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('pt-BR');
    expect(readChosenLocale()).toBe('pt-BR');
    expect(initialLocale()).toBe('pt-BR');
  });

  it('is ignored when the stored value is not a language the console speaks', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'pt');
    expect(readChosenLocale()).toBeNull();
    expect(initialLocale()).toBe('en');
  });

  it('falls back to the browser when storage is blocked', () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);

    try {
      expect(() => storeChosenLocale('pt-BR')).not.toThrow();
      expect(initialLocale()).toBe('en');
    } finally {
      getItem.mockRestore();
      setItem.mockRestore();
    }
  });
});
