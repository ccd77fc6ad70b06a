import { describe, expect, it } from 'vitest';
import { EXPIRY_CELLS, namesIsoExpiry, saysNoExpiry } from './expiry-cells';

describe('expiry cells: the words the roster writes and the bulk list reads', () => {
  it('reads either language’s "no expiry", however it is cased or spaced', () => {
    for (const words of Object.values(EXPIRY_CELLS)) {
      expect(saysNoExpiry(words.none)).toBe(true);
      expect(saysNoExpiry(` ${words.none.toUpperCase()} `)).toBe(true);
    }
    expect(saysNoExpiry('sem-validade')).toBe(true);
    for (const other of ['', 'Sem', 'Validade', '31/12/2027', 'Nenhuma']) {
      expect(saysNoExpiry(other)).toBe(false);
    }
  });

  it('tells the ISO column from the local one, in either language', () => {
    for (const words of Object.values(EXPIRY_CELLS)) {
      expect(namesIsoExpiry(words.isoHeader)).toBe(true);
      expect(namesIsoExpiry(words.localHeader)).toBe(false);
    }
    expect(namesIsoExpiry('validade iso')).toBe(true);
    expect(namesIsoExpiry('Validade')).toBe(false);
  });
});
