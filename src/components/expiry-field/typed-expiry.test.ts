// Wall-clock readings depend on the time zone: fix it, so "23:59 local" has one meaning.
process.env.TZ = 'America/Sao_Paulo';

import { describe, expect, it } from 'vitest';
import { readsBothWays, readTypedExpiry, slashedReading, type DayOrder } from './typed-expiry';

const read = (text: string, order: DayOrder) => readTypedExpiry(text, order)?.toISOString() ?? null;

describe('readTypedExpiry', () => {
  it.each([
    ['15/03/2027 18:00', '2027-03-15T21:00:00.000Z'],
    ['15/03/2027, 18:00', '2027-03-15T21:00:00.000Z'],
    ['15/3/2027 18h', '2027-03-15T21:00:00.000Z'],
    ['15/03/2027 18h30', '2027-03-15T21:30:00.000Z'],
    ['15/03/2027', '2027-03-16T02:59:00.000Z'],
    ['2027-03-15', '2027-03-16T02:59:00.000Z'],
    ['2027-03-15 18:00:00', '2027-03-15T21:00:00.000Z'],
    [' 15/03/2027   6:00 pm ', '2027-03-15T21:00:00.000Z'],
    ['2027-03-15T18:00:00Z', '2027-03-15T18:00:00.000Z'],
  ])('reads %j day first as %s', (text, instant) => {
    expect(read(text, 'day-first')).toBe(instant);
  });

  it.each([
    ['3/15/2027 6:00 PM', '2027-03-15T21:00:00.000Z'],
    ['3/15/2027, 6:00 PM', '2027-03-15T21:00:00.000Z'],
    // As Intl writes it in English: a narrow no-break space before PM.
    ['3/15/2027, 6:00\u202FPM', '2027-03-15T21:00:00.000Z'],
    ['3/15/2027 12:30 am', '2027-03-15T03:30:00.000Z'],
    ['3/15/2027 18:00', '2027-03-15T21:00:00.000Z'],
    ['3/15/2027', '2027-03-16T02:59:00.000Z'],
  ])('reads %j month first as %s', (text, instant) => {
    expect(read(text, 'month-first')).toBe(instant);
  });

  it.each([
    ['15/03/2027', 'month-first'],
    ['3/15/2027', 'day-first'],
    ['31/02/2027', 'day-first'],
    ['15/03/2027 24:00', 'day-first'],
    ['15/03/2027 18', 'day-first'],
    ['15/03/2027 13:00 PM', 'day-first'],
    ['15/03/2027 18:60', 'day-first'],
    ['15/03/27', 'day-first'],
    ['2027-03-15T18:00', 'day-first'],
    ['amanhã', 'day-first'],
    ['', 'day-first'],
    ['9999-12-31', 'day-first'],
  ] as const)('reads %j (%s) as no moment', (text, order) => {
    expect(read(text, order)).toBeNull();
  });
});

describe('readsBothWays', () => {
  it('is true only for a slashed date that names two different days', () => {
    expect(readsBothWays('03/04/2027')).toBe(true);
    expect(readsBothWays(' 3/4/2027 18:00 ')).toBe(true);
    // One reading only, the same day either way, or no slashes to read two ways.
    expect(readsBothWays('13/04/2027')).toBe(false);
    expect(readsBothWays('04/13/2027')).toBe(false);
    expect(readsBothWays('05/05/2027')).toBe(false);
    expect(readsBothWays('2027-03-04')).toBe(false);
    expect(readsBothWays('03/04')).toBe(false);
  });
});

describe('slashedReading', () => {
  it.each([
    ['03/04/2027', 'both'],
    ['12/05/2027, 11:59\u202fPM', 'both'],
    ['31/12/2027', 'day-first'],
    ['25/12/2027 23:59', 'day-first'],
    ['12/31/2027', 'month-first'],
    ['12/25/2027, 11:59 PM', 'month-first'],
    ['05/05/2027', null],
    ['31/31/2027', null],
    ['2027-12-31', null],
    ['Sem validade', null],
    ['', null],
  ] as const)('reads %j as %s', (text, reading) => {
    expect(slashedReading(text)).toBe(reading);
  });
});
