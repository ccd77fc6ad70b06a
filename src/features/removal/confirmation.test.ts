import { describe, expect, it } from 'vitest';
import { confirmationState, confirms } from './confirmation';

const EMAIL = 'ana.souza@escola.com.br';

describe('confirms', () => {
  it('accepts the same address in another case, with spaces around it', () => {
    expect(confirms(EMAIL, EMAIL)).toBe(true);
    expect(confirms('  ANA.Souza@Escola.COM.BR\t', EMAIL)).toBe(true);
    expect(confirms(EMAIL, ' Ana.Souza@escola.com.br ')).toBe(true);
  });

  it('refuses a near miss, and never confirms an empty e-mail', () => {
    expect(confirms(`${EMAIL}x`, EMAIL)).toBe(false);
    expect(confirms(EMAIL.slice(0, -1), EMAIL)).toBe(false);
    expect(confirms('ana.souza@escola.com', EMAIL)).toBe(false);
    expect(confirms('', '')).toBe(false);
    expect(confirms('   ', '  ')).toBe(false);
  });
});

describe('confirmationState', () => {
  it('calls the start of the address "typing", and the first wrong character a mismatch', () => {
    expect(confirmationState('', EMAIL)).toBe('empty');
    expect(confirmationState('  ', EMAIL)).toBe('empty');
    expect(confirmationState('ANA.S', EMAIL)).toBe('typing');
    expect(confirmationState('ana.souza@escola.com.b', EMAIL)).toBe('typing');
    expect(confirmationState('ana.sous', EMAIL)).toBe('mismatch');
    expect(confirmationState(`${EMAIL}.`, EMAIL)).toBe('mismatch');
    expect(confirmationState(` ${EMAIL.toUpperCase()} `, EMAIL)).toBe('match');
  });

  it('calls anything typed a mismatch while the e-mail itself is empty', () => {
    expect(confirmationState('a', '')).toBe('mismatch');
  });
});
