import { screen, render as testingLibraryRender, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FormDialog } from '../components/form-dialog/form-dialog';
import { LOCALE_STORAGE_KEY } from '../i18n/detect-locale';
import { render } from '../testing/render';
import { AppShell } from './app-shell';
import { AppProviders } from './providers';
import { COLOR_SCHEME_STORAGE_KEY } from './theme';

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  document.documentElement.lang = 'pt-BR';
});

/** The shell inside the app's own providers: real language detection and storage keys. */
function renderShell() {
  return {
    user: userEvent.setup(),
    ...testingLibraryRender(
      <AppProviders>
        <AppShell>
          <p>Conteúdo</p>
        </AppShell>
      </AppProviders>,
    ),
  };
}

describe('AppShell', () => {
  it('has a skip link to the main landmark and the product name', () => {
    render(
      <AppShell>
        <p>Conteúdo</p>
      </AppShell>,
    );

    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('Conteúdo');
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveAttribute(
      'href',
      `#${main.id}`,
    );
    expect(screen.getByRole('banner')).toHaveTextContent('Turmas Admin');
  });

  it('shows the header actions it is given', () => {
    render(
      <AppShell actions={<button type="button">Sair</button>}>
        <p>Conteúdo</p>
      </AppShell>,
    );
    expect(screen.getByRole('banner')).toContainElement(
      screen.getByRole('button', { name: 'Sair' }),
    );
  });

  it('follows the browser’s language until the person chooses one, then keeps the choice', async () => {
    // jsdom's browser prefers en-US.
    const { user, unmount } = renderShell();
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();

    const toPortuguese = screen.getByRole('button', { name: 'Português (PT)' });
    // Screen readers pronounce the language's name in that language.
    expect(toPortuguese).toHaveAttribute('lang', 'pt-BR');
    await user.click(toPortuguese);

    expect(document.documentElement.lang).toBe('pt-BR');
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toBeInTheDocument();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('pt-BR');
    expect(screen.getByRole('button', { name: 'English (EN)' })).toHaveAttribute('lang', 'en');

    // The next visit starts in the chosen language, whatever the browser prefers.
    unmount();
    renderShell();
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(screen.getByRole('button', { name: 'English (EN)' })).toBeInTheDocument();
  });

  it('switches between light and dark, naming what the toggle does, and keeps the choice', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'pt-BR');
    const { user, unmount } = renderShell();
    // The test browser's operating system asks for light.
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');

    await user.click(screen.getByRole('button', { name: 'Usar tema escuro' }));

    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    const toLight = screen.getByRole('button', { name: 'Usar tema claro' });

    unmount();
    renderShell();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(screen.getByRole('button', { name: 'Usar tema claro' })).toBeInTheDocument();
    expect(toLight).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Usar tema claro' }));
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');
  });

  it('names its controls in English too', () => {
    render(
      <AppShell>
        <p>Content</p>
      </AppShell>,
      { locale: 'en' },
    );
    expect(screen.getByRole('button', { name: 'Use dark theme' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Português (PT)' })).toBeInTheDocument();
  });

  it('is inert while a dialog is open over it: one banner, each landmark once, no way behind it', async () => {
    function PageWithDialog() {
      const [opened, setOpened] = useState(false);
      return (
        <>
          <AppShell>
            <button type="button" onClick={() => setOpened(true)}>
              Matricular
            </button>
          </AppShell>
          {/* Beside the shell, as Mantine's portal puts it in the app. */}
          <FormDialog opened={opened} title="Matricular aluno" onClose={() => setOpened(false)}>
            <p>Formulário</p>
          </FormDialog>
        </>
      );
    }
    const { user } = render(<PageWithDialog />);
    const page = [
      screen.getByRole('link', { name: 'Pular para o conteúdo' }),
      screen.getByRole('banner'),
      screen.getByRole('main'),
    ];
    for (const part of page) expect(part).not.toHaveAttribute('inert');

    const opener = screen.getByRole('button', { name: 'Matricular' });
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Matricular aluno' })).toBeVisible();
    for (const part of page) expect(part).toHaveAttribute('inert');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    for (const part of page) expect(part).not.toHaveAttribute('inert');
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
