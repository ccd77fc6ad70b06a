// The field shows instants in the browser's time zone: fix it, so "23:59 local" has one meaning.
process.env.TZ = 'America/Sao_Paulo';

import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../testing/render';
import {
  checkExpiry,
  defaultExpiry,
  expiryToSend,
  presetExpiry,
  presetsOf,
  type ExpiryValue,
  type SchoolCalendar,
} from './expiry';
import { ExpiryField, type ExpiryFieldProps } from './expiry-field';

/** Tuesday 10 March 2026, noon in São Paulo (UTC−3, no daylight saving). */
const NOW = new Date('2026-03-10T15:00:00.000Z');

beforeEach(() => {
  // Only Date: user-event and React still run on real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

/** The form around the field: it owns the value. */
function Controlled({
  initial,
  onChange,
  ...props
}: Partial<ExpiryFieldProps> & { initial: ExpiryValue }) {
  const [value, setValue] = useState(initial);
  return (
    <ExpiryField
      {...props}
      value={value}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

const typedField = () => screen.getByRole('textbox', { name: 'Validade da matrícula' });
const calendarButton = () =>
  screen.getByRole('button', { name: 'Escolher data e hora no calendário' });
const shownUtc = () => screen.queryByText(/^\d{4}-\d{2}-\d{2}T/)?.textContent ?? null;
const noExpiry = () => screen.getByRole('checkbox', { name: 'Sem validade' });

describe('ExpiryField', () => {
  it('sets a preset ending at 23:59 local time, and shows it in UTC', async () => {
    const onChange = vi.fn();
    const { user } = render(
      <Controlled initial={{ noExpiry: false, at: null }} onChange={onChange} />,
    );

    await user.click(screen.getByRole('button', { name: '30 dias (09/04/2026)' }));

    expect(onChange).toHaveBeenLastCalledWith({ noExpiry: false, at: '2026-04-09 23:59:00' });
    expect(screen.getByText('2026-04-10T02:59:00.000Z')).toBeVisible();
    expect(screen.getByText('Expira em 30 dias')).toBeVisible();
  });

  it('toggles "no expiry", keeping the moment picked for when it is unticked', async () => {
    const onChange = vi.fn();
    const at = '2026-12-31 23:59:00';
    const { user } = render(<Controlled initial={{ noExpiry: false, at }} onChange={onChange} />);

    await user.click(noExpiry());
    expect(onChange).toHaveBeenLastCalledWith({ noExpiry: true, at });
    expect(typedField()).toBeDisabled();
    expect(calendarButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: '1 ano (10/03/2027)' })).toBeDisabled();
    expect(screen.queryByText(/^Será enviado em UTC como /)).not.toBeInTheDocument();

    await user.click(noExpiry());
    expect(onChange).toHaveBeenLastCalledWith({ noExpiry: false, at });
    expect(screen.getByText('2027-01-01T02:59:00.000Z')).toBeVisible();
  });

  it('shows an error at the typed field, instead of the days left', () => {
    render(
      <Controlled
        initial={{ noExpiry: false, at: '2026-04-09 23:59:00' }}
        error="A validade precisa ser uma data futura."
      />,
    );

    // The reason first, then how to type it and the standing note about an existing expiry.
    expect(typedField()).toHaveAccessibleDescription(
      /^A validade precisa ser uma data futura\. Digite como .* Se o aluno já estiver na turma/,
    );
    expect(screen.queryByText(/^Expira em/)).not.toBeInTheDocument();
  });
});

describe('what an expiry sends', () => {
  it('is the UTC instant, nothing for no expiry, or why it cannot go', () => {
    const at = (value: string | null): ExpiryValue => ({ noExpiry: false, at: value });
    expect(expiryToSend(at('2026-12-31 23:59:00'))).toBe('2027-01-01T02:59:00.000Z');
    expect(expiryToSend({ noExpiry: true, at: 'amanhã' })).toBeUndefined();
    expect(expiryToSend(at(null))).toBeNull();
    expect(checkExpiry(at(null), NOW)).toEqual({ problem: 'required' });
    expect(checkExpiry(at('amanhã'), NOW)).toEqual({ problem: 'invalid' });
    expect(checkExpiry(at('2026-03-10 12:00:00'), NOW)).toEqual({ problem: 'past' });
  });
});

const CALENDAR_YEAR: SchoolCalendar = { schoolYearEnd: { month: 12, day: 31 } };
const TWO_TERMS: SchoolCalendar = {
  schoolYearEnd: { month: 12, day: 31 },
  firstTermEnd: { month: 6, day: 30 },
};
/** Noon of a day in São Paulo. */
const on = (day: string) => new Date(`${day}T12:00:00-03:00`);

describe('the end of the school year and of the semester', () => {
  it('is this year’s end while it is 60 days away or more, else the next year’s', () => {
    expect(presetExpiry('endOfSchoolYear', on('2026-03-10'), CALENDAR_YEAR)).toBe(
      '2026-12-31 23:59:00',
    );
    expect(presetExpiry('endOfSchoolYear', on('2026-11-01'), CALENDAR_YEAR)).toBe(
      '2026-12-31 23:59:00',
    );
    expect(presetExpiry('endOfSchoolYear', on('2026-11-02'), CALENDAR_YEAR)).toBe(
      '2027-12-31 23:59:00',
    );
    // Re-enrolment season: not access that runs out in 37 days.
    expect(presetExpiry('endOfSchoolYear', on('2026-11-24'), CALENDAR_YEAR)).toBe(
      '2027-12-31 23:59:00',
    );
    expect(defaultExpiry(on('2026-11-24'), CALENDAR_YEAR)).toEqual({
      noExpiry: false,
      at: '2027-12-31 23:59:00',
    });
  });

  it('follows the deployment’s day, 29 February included', () => {
    const july: SchoolCalendar = { schoolYearEnd: { month: 7, day: 15 } };
    expect(presetExpiry('endOfSchoolYear', on('2026-03-10'), july)).toBe('2026-07-15 23:59:00');
    expect(presetExpiry('endOfSchoolYear', on('2026-06-01'), july)).toBe('2027-07-15 23:59:00');
    const leap: SchoolCalendar = { schoolYearEnd: { month: 2, day: 29 } };
    expect(presetExpiry('endOfSchoolYear', on('2026-03-10'), leap)).toBe('2027-02-28 23:59:00');
    expect(presetExpiry('endOfSchoolYear', on('2027-03-10'), leap)).toBe('2028-02-29 23:59:00');
  });

  it('offers the semester only with a first term, ending at the next term end 60 days away', () => {
    expect(presetsOf(CALENDAR_YEAR)).not.toContain('endOfTerm');
    expect(presetsOf(TWO_TERMS)).toContain('endOfTerm');
    expect(presetExpiry('endOfTerm', on('2026-03-10'), TWO_TERMS)).toBe('2026-06-30 23:59:00');
    expect(presetExpiry('endOfTerm', on('2026-05-15'), TWO_TERMS)).toBe('2026-12-31 23:59:00');
    expect(presetExpiry('endOfTerm', on('2026-11-24'), TWO_TERMS)).toBe('2027-06-30 23:59:00');
  });

  it('the school year’s end is 31 December unless config.js says otherwise', () => {
    expect(presetExpiry('endOfSchoolYear', on('2026-11-24'))).toBe('2027-12-31 23:59:00');
  });
});

describe('ExpiryField presets and what it says', () => {
  it('shows the chosen preset as pressed, and offers the semester when there are terms', async () => {
    const { user } = render(
      <Controlled
        initial={{ noExpiry: false, at: presetExpiry('endOfSchoolYear', NOW, TWO_TERMS) }}
        calendar={TWO_TERMS}
      />,
    );
    const preset = (name: string) => screen.getByRole('button', { name });

    const [yearEnd, termEnd] = ['Fim do ano letivo (31/12/2026)', 'Fim do semestre (30/06/2026)'];
    expect(preset(yearEnd)).toHaveAttribute('aria-pressed', 'true');
    expect(preset('30 dias (09/04/2026)')).toHaveAttribute('aria-pressed', 'false');
    expect(preset(termEnd)).toHaveAttribute('aria-pressed', 'false');

    await user.click(preset(termEnd));
    expect(preset(termEnd)).toHaveAttribute('aria-pressed', 'true');
    expect(preset(yearEnd)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('2026-07-01T02:59:00.000Z')).toBeVisible();
  });

  it('offers no semester without terms', () => {
    render(<Controlled initial={{ noExpiry: false, at: null }} calendar={CALENDAR_YEAR} />);
    expect(screen.getByRole('button', { name: /^Fim do ano letivo/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Fim do semestre/ })).not.toBeInTheDocument();
  });

  it('names the day each preset picks: on 27 November the school year is next year’s', () => {
    vi.setSystemTime(new Date('2026-11-27T15:00:00.000Z'));
    render(<Controlled initial={{ noExpiry: false, at: null }} calendar={TWO_TERMS} />);
    const presets = within(screen.getByRole('group', { name: 'Escolher validade' }));

    expect(presets.getAllByRole('button').map((button) => button.textContent)).toEqual([
      '30 dias (27/12/2026)',
      '6 meses (27/05/2027)',
      '1 ano (27/11/2027)',
      'Fim do semestre (30/06/2027)',
      'Fim do ano letivo (31/12/2027)',
    ]);
  });

  it('names the day in the language’s own order', () => {
    vi.setSystemTime(new Date('2026-11-27T15:00:00.000Z'));
    render(<Controlled initial={{ noExpiry: false, at: null }} />, { locale: 'en' });
    expect(
      screen.getByRole('button', { name: 'End of the school year (12/31/2027)' }),
    ).toBeVisible();
  });

  it('leads with the day in words where the person is; the UTC instant is a detail after it', () => {
    render(<Controlled initial={{ noExpiry: false, at: '2026-04-09 23:59:00' }} />);
    const local = screen.getByText('Vale até quinta-feira, 9 de abril de 2026 às 23:59');
    const expires = screen.getByText('Expira em 30 dias');
    const utc = screen.getByText(/^Será enviado em UTC como /);
    expect(utc).toHaveTextContent(
      'Será enviado em UTC como 2026-04-10T02:59:00.000Z (fuso America/Sao_Paulo)',
    );
    const follows = (a: HTMLElement, b: HTMLElement) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(local, expires)).toBe(true);
    expect(follows(expires, utc)).toBe(true);
  });

  it('says before sending that an enrolled student’s expiry is replaced, or removed', () => {
    render(<Controlled initial={{ noExpiry: false, at: '2026-04-09 23:59:00' }} />);
    expect(typedField()).toHaveAccessibleDescription(
      'Digite como 31/12/2027 18:00 (só a data vale até 23:59) ou use o calendário. ' +
        'Se o aluno já estiver na turma, a validade dele é substituída por esta.',
    );
    expect(noExpiry()).toHaveAccessibleDescription(
      'O acesso não expira. Se o aluno já estiver na turma, a validade que ele tem é retirada.',
    );
  });
});

describe('ExpiryField typed in the locale’s form', () => {
  it('reads a date and time typed in Portuguese, and a date alone as the end of that day', async () => {
    const onChange = vi.fn();
    const { user } = render(
      <Controlled initial={{ noExpiry: false, at: null }} onChange={onChange} />,
    );

    await user.type(typedField(), '15/03/2027 18:00');
    expect(onChange).toHaveBeenLastCalledWith({ noExpiry: false, at: '2027-03-15 18:00:00' });
    expect(shownUtc()).toBe('2027-03-15T21:00:00.000Z');

    await user.clear(typedField());
    await user.type(typedField(), '5/4/2027');
    expect(onChange).toHaveBeenLastCalledWith({ noExpiry: false, at: '2027-04-05 23:59:00' });
    // Leaving the field shows the moment it read, in the form it takes.
    await user.tab();
    expect(typedField()).toHaveValue('05/04/2027 23:59');
    expect(shownUtc()).toBe('2027-04-06T02:59:00.000Z');
  });

  it('reads month first and a 12-hour clock in English', async () => {
    const onChange = vi.fn();
    const { user } = render(
      <Controlled initial={{ noExpiry: false, at: null }} onChange={onChange} />,
      { locale: 'en' },
    );
    const field = screen.getByRole('textbox', { name: 'Enrolment expiry' });

    await user.type(field, '3/15/2027 6:00 PM');
    expect(onChange).toHaveBeenLastCalledWith({ noExpiry: false, at: '2027-03-15 18:00:00' });
    expect(shownUtc()).toBe('2027-03-15T21:00:00.000Z');

    // The Portuguese order is no date in English: kept as typed, and refused as invalid.
    await user.clear(field);
    await user.type(field, '15/03/2027');
    const typed: ExpiryValue = { noExpiry: false, at: '15/03/2027' };
    expect(onChange).toHaveBeenLastCalledWith(typed);
    expect(checkExpiry(typed, NOW)).toEqual({ problem: 'invalid' });
    expect(shownUtc()).toBeNull();
    await user.tab();
    expect(field).toHaveValue('15/03/2027');
  });

  it('says a typed moment has passed, as a picked one', async () => {
    const onChange = vi.fn();
    const { user } = render(
      <Controlled initial={{ noExpiry: false, at: null }} onChange={onChange} />,
    );

    await user.type(typedField(), '10/03/2026 11:00');

    const typed: ExpiryValue = { noExpiry: false, at: '2026-03-10 11:00:00' };
    expect(onChange).toHaveBeenLastCalledWith(typed);
    expect(screen.getByText('Esta data já passou.')).toBeVisible();
    expect(checkExpiry(typed, NOW)).toEqual({ problem: 'past' });
  });

  it('shows a preset chosen after typing in the locale’s form', async () => {
    const { user } = render(
      <Controlled initial={{ noExpiry: false, at: '2026-12-31 23:59:00' }} />,
    );
    expect(typedField()).toHaveValue('31/12/2026 23:59');

    await user.clear(typedField());
    await user.type(typedField(), '20/4/2026 9:05');
    await user.click(screen.getByRole('button', { name: '30 dias (09/04/2026)' }));

    expect(typedField()).toHaveValue('09/04/2026 23:59');
    expect(screen.getByRole('button', { name: '30 dias (09/04/2026)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('ExpiryField calendar, by keyboard', () => {
  // A calendar and a clock in jsdom take a few seconds on a shared two-core machine.
  it(
    'is a named dialog; confirming the time returns focus to the button that opened it',
    { timeout: 15_000 },
    async () => {
      const onChange = vi.fn();
      const { user } = render(
        <Controlled initial={{ noExpiry: false, at: '2026-04-09 23:59:00' }} onChange={onChange} />,
      );

      calendarButton().focus();
      await user.keyboard('{Enter}');
      const calendar = screen.getByRole('dialog', { name: 'Escolher data e hora no calendário' });

      within(calendar).getByRole('button', { name: '15 abril 2026' }).focus();
      await user.keyboard('{Enter}');
      within(calendar).getByRole('button', { name: 'Confirmar data e hora' }).focus();
      await user.keyboard('{Enter}');

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(calendarButton()).toHaveFocus();
      expect(onChange).toHaveBeenLastCalledWith({ noExpiry: false, at: '2026-04-15 23:59:00' });
      expect(typedField()).toHaveValue('15/04/2026 23:59');
    },
  );

  it(
    'keeps focus inside when "Escolher mês" and a month redraw the calendar',
    { timeout: 15_000 },
    async () => {
      const { user } = render(
        <Controlled initial={{ noExpiry: false, at: '2026-04-09 23:59:00' }} />,
      );
      calendarButton().focus();
      await user.keyboard('{Enter}');
      const calendar = screen.getByRole('dialog', { name: 'Escolher data e hora no calendário' });

      within(calendar).getByRole('button', { name: 'Escolher mês' }).focus();
      await user.keyboard('{Enter}');
      // The months of the year, focus on the one shown before.
      await waitFor(() =>
        expect(within(calendar).getByRole('button', { name: /^abr/ })).toHaveFocus(),
      );

      await user.keyboard('{ArrowRight}{Enter}');
      // May's days, focus on the first one offered (Mantine's tab order: the chosen day, else
      // today, else the first day drawn, here a Sunday of April).
      expect(within(calendar).getByRole('button', { name: 'Escolher mês' })).toHaveTextContent(
        /maio/,
      );
      await waitFor(() =>
        expect(within(calendar).getByRole('button', { name: '26 abril 2026' })).toHaveFocus(),
      );
    },
  );
});
