import { describe, expect, it } from 'vitest';
import { confirmationState, confirms, type Confirmation } from './typed-confirmation';

const EMAIL = 'ana.souza@escola.com.br';
const email = (address: string): Confirmation => ({ kind: 'email', email: address });
const count = (n: number): Confirmation => ({ kind: 'count', count: n });

describe('an e-mail typed to confirm', () => {
  it('accepts the same address in another case, with spaces around it', () => {
    expect(confirms(EMAIL, email(EMAIL))).toBe(true);
    expect(confirms('  ANA.Souza@Escola.COM.BR\t', email(EMAIL))).toBe(true);
    expect(confirms(EMAIL, email(' Ana.Souza@escola.com.br '))).toBe(true);
  });

  it('refuses a near miss, and never confirms an empty e-mail', () => {
    expect(confirms(`${EMAIL}x`, email(EMAIL))).toBe(false);
    expect(confirms(EMAIL.slice(0, -1), email(EMAIL))).toBe(false);
    expect(confirms('ana.souza@escola.com', email(EMAIL))).toBe(false);
    expect(confirms('', email(''))).toBe(false);
    expect(confirms('   ', email('  '))).toBe(false);
  });

  it('calls the start of the address "typing", and the first wrong character a mismatch', () => {
    expect(confirmationState('', email(EMAIL))).toBe('empty');
    expect(confirmationState('  ', email(EMAIL))).toBe('empty');
    expect(confirmationState('ANA.S', email(EMAIL))).toBe('typing');
    expect(confirmationState('ana.souza@escola.com.b', email(EMAIL))).toBe('typing');
    expect(confirmationState('ana.sous', email(EMAIL))).toBe('mismatch');
    expect(confirmationState(`${EMAIL}.`, email(EMAIL))).toBe('mismatch');
    expect(confirmationState('1', email(EMAIL))).toBe('mismatch');
    expect(confirmationState(` ${EMAIL.toUpperCase()} `, email(EMAIL))).toBe('match');
  });

  it('calls anything typed a mismatch while the e-mail itself is empty or too long', () => {
    expect(confirmationState('a', email(''))).toBe('mismatch');
    const tooLong = `${'a'.repeat(250)}@x.test`;
    expect(confirmationState(tooLong, email(tooLong))).toBe('mismatch');
  });
});

describe('a number typed to confirm', () => {
  it('ignores thousands separators and spaces', () => {
    expect(confirmationState('', count(1200))).toBe('empty');
    expect(confirmationState(' , ', count(1200))).toBe('empty');
    expect(confirmationState('1.2', count(1200))).toBe('typing');
    expect(confirmationState('1.200', count(1200))).toBe('match');
    expect(confirmationState('1 200', count(1200))).toBe('match');
    expect(confirmationState('1,200', count(1200))).toBe('match');
  });

  it('calls a wrong digit, an extra one or a letter a mismatch', () => {
    expect(confirmationState('13', count(1200))).toBe('mismatch');
    expect(confirmationState('12000', count(1200))).toBe('mismatch');
    expect(confirmationState('2x', count(2))).toBe('mismatch');
    expect(confirms('3', count(2))).toBe(false);
    expect(confirms('2', count(2))).toBe(true);
  });
});
