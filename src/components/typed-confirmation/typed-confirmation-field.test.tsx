import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '../../testing/render';
import { confirmationState, type Confirmation } from './typed-confirmation';
import { TypedConfirmationField } from './typed-confirmation-field';

const STATUS = { hint: 'Digite para liberar.', mismatch: 'Não confere.', match: 'Confirmado.' };

/** The form around the field: it owns the text and judges it, as the features do. */
function Confirm({ expected, hint = true }: { expected: Confirmation; hint?: boolean }) {
  const [typed, setTyped] = useState('');
  return (
    <TypedConfirmationField
      label="Confirmação"
      kind={expected.kind}
      state={confirmationState(typed, expected)}
      status={hint ? STATUS : { mismatch: STATUS.mismatch, match: STATUS.match }}
      value={typed}
      onChange={(event) => setTyped(event.currentTarget.value)}
    />
  );
}

const field = () => screen.getByRole('textbox', { name: 'Confirmação' });

describe('TypedConfirmationField', () => {
  it('says a mismatch at the first wrong character, and a match once typed', async () => {
    const { user } = render(<Confirm expected={{ kind: 'email', email: 'ana@escola.test' }} />);
    expect(field()).toHaveAccessibleDescription(STATUS.hint);
    expect(field()).not.toHaveAttribute('aria-invalid');

    await user.type(field(), 'ANA@');
    expect(field()).toHaveAccessibleDescription(STATUS.hint);
    expect(field()).not.toHaveAttribute('aria-invalid');

    await user.type(field(), 'x');
    expect(field()).toHaveAccessibleDescription(STATUS.mismatch);
    expect(field()).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field());
    await user.type(field(), ' ana@Escola.test ');
    expect(field()).toHaveAccessibleDescription(STATUS.match);
    expect(field()).not.toHaveAttribute('aria-invalid');
  });

  it('keeps its status one live region from the start, with or without a hint', async () => {
    const { user } = render(<Confirm expected={{ kind: 'count', count: 1200 }} hint={false} />);
    expect(field()).toHaveAttribute('aria-describedby');
    expect(field()).toHaveAccessibleDescription('');

    await user.type(field(), '1.3');
    expect(field()).toHaveAccessibleDescription(STATUS.mismatch);
    const status = screen
      .getAllByRole('status')
      .find((region) => region.textContent === STATUS.mismatch);
    expect(status).toHaveAttribute('aria-live', 'polite');
    await user.clear(field());
    await user.type(field(), '1 200');
    expect(status).toHaveTextContent(STATUS.match);
  });

  it('asks a phone for the right keyboard, and suggests or corrects nothing', () => {
    render(
      <>
        <Confirm expected={{ kind: 'email', email: 'ana@escola.test' }} />
        <TypedConfirmationField label="Quantos" kind="count" state="empty" status={STATUS} />
      </>,
    );
    expect(field()).toHaveAttribute('type', 'email');
    expect(field()).toHaveAttribute('inputmode', 'email');
    const number = screen.getByRole('textbox', { name: 'Quantos' });
    expect(number).toHaveAttribute('type', 'text');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    for (const input of [field(), number]) {
      expect(input).toHaveAttribute('autocomplete', 'off');
      expect(input).toHaveAttribute('autocorrect', 'off');
      expect(input).toHaveAttribute('autocapitalize', 'off');
      expect(input).toHaveAttribute('spellcheck', 'false');
    }
  });
});
