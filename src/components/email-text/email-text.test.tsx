import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../testing/render';
import { EmailText } from './email-text';

function shown(email: string) {
  const { unmount } = render(
    <p>
      <EmailText email={email} />
    </p>,
  );
  const paragraph = screen.getByRole('paragraph');
  const html = paragraph.innerHTML;
  const text = paragraph.textContent;
  unmount();
  return { html, text };
}

describe('EmailText', () => {
  it('offers a line break after the "@" and each dot, nowhere else', () => {
    expect(shown('maria.eduarda@aluno.escola.example').html).toBe(
      'maria.<wbr>eduarda@<wbr>aluno.<wbr>escola.<wbr>example',
    );
  });

  it('reads as the address itself, for everyone', () => {
    const email = 'ana.souza.12@aluno.escola.example';
    expect(shown(email).text).toBe(email);
  });

  it('leaves an address without separators, and a trailing dot, alone', () => {
    expect(shown('nobody').html).toBe('nobody');
    expect(shown('a@b.').html).toBe('a@<wbr>b.');
  });
});
