import { renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { FormDialog } from '../components/form-dialog/form-dialog';
import { render } from '../testing/render';
import { useModalLayer, usePageCovered } from './modal-layers';

it('leaves only the newest layer in use: a dialog over a drawer over the page', () => {
  const { result, rerender } = renderHook(
    ({ drawer, dialog }) => ({
      page: usePageCovered(),
      drawer: useModalLayer(drawer),
      dialog: useModalLayer(dialog),
    }),
    { initialProps: { drawer: false, dialog: false } },
  );
  // A closed layer is inert: while it fades out, the one beneath is in use again.
  expect(result.current).toEqual({ page: false, drawer: true, dialog: true });

  rerender({ drawer: true, dialog: false });
  expect(result.current).toEqual({ page: true, drawer: false, dialog: true });

  rerender({ drawer: true, dialog: true });
  expect(result.current).toEqual({ page: true, drawer: true, dialog: false });

  rerender({ drawer: true, dialog: false });
  expect(result.current).toEqual({ page: true, drawer: false, dialog: true });

  rerender({ drawer: false, dialog: false });
  expect(result.current).toEqual({ page: false, drawer: true, dialog: true });
});

it('makes a form dialog inert while another opens over it, and gives it back after', async () => {
  function TwoDialogs() {
    const [over, setOver] = useState(false);
    return (
      <>
        <FormDialog opened title="Remover aluno" onClose={() => {}}>
          <button type="button" onClick={() => setOver(true)}>
            Entrar de novo
          </button>
        </FormDialog>
        <FormDialog opened={over} title="Sua sessão expirou" onClose={() => setOver(false)}>
          <p>Token</p>
        </FormDialog>
      </>
    );
  }
  const { user } = render(<TwoDialogs />);
  const below = screen.getByRole('dialog', { name: 'Remover aluno' });
  // eslint-disable-next-line testing-library/no-node-access -- `inert` is on the Modal's root, around the dialog, which has no role to find it by
  const inertAround = () => below.closest('[inert]');
  expect(inertAround()).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Entrar de novo' }));
  expect(screen.getByRole('dialog', { name: 'Sua sessão expirou' })).toBeVisible();
  expect(inertAround()).not.toBeNull();

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog', { name: 'Sua sessão expirou' })).not.toBeInTheDocument();
  expect(inertAround()).toBeNull();
});
