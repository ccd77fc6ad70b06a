// The field shows instants in the browser's time zone: fix it, so "23:59 local" has one meaning.
process.env.TZ = 'America/Sao_Paulo';

import { screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../testing/render';
import { checkExpiry, expiryToSend, type ExpiryValue } from './expiry';
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

const picker = () => screen.getByRole('button', { name: 'Validade da matrícula' });
const noExpiry = () => screen.getByRole('checkbox', { name: 'Sem validade' });

describe('ExpiryField', () => {
  it('sets a preset ending at 23:59 local time, and shows it in UTC', async () => {
    const onChange = vi.fn();
    const { user } = render(
      <Controlled initial={{ noExpiry: false, at: null }} onChange={onChange} />,
    );

    await user.click(screen.getByRole('button', { name: '30 dias' }));

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
    expect(picker()).toBeDisabled();
    expect(screen.getByRole('button', { name: '1 ano' })).toBeDisabled();
    expect(screen.queryByText(/^Enviado em UTC:/)).not.toBeInTheDocument();

    await user.click(noExpiry());
    expect(onChange).toHaveBeenLastCalledWith({ noExpiry: false, at });
    expect(screen.getByText('2027-01-01T02:59:00.000Z')).toBeVisible();
  });

  it('shows an error at the picker, instead of the days left', () => {
    render(
      <Controlled
        initial={{ noExpiry: false, at: '2026-04-09 23:59:00' }}
        error="A validade precisa ser uma data futura."
      />,
    );

    expect(picker()).toHaveAccessibleDescription('A validade precisa ser uma data futura.');
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
