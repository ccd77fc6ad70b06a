import { describe, expect, it } from 'vitest';
import { detectLocale } from './detect-locale';

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
