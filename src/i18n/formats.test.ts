import { describe, expect, it } from 'vitest';
import { formatsFor } from './formats';

describe("formatsFor: the table's date-time", () => {
  // Midday UTC: the same calendar day in every time zone a test machine may have.
  const date = new Date('2025-04-18T12:00:00.000Z');

  it('writes the year in four digits in English', () => {
    expect(formatsFor('en').dateTime.format(date)).toMatch(/^04\/18\/2025, \d{2}:\d{2}\s[AP]M$/);
  });

  it('writes the year in four digits in Portuguese', () => {
    expect(formatsFor('pt-BR').dateTime.format(date)).toMatch(/^18\/04\/2025,? \d{2}:\d{2}$/);
  });
});
