import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../../testing/render';
import { HighlightedText } from './highlighted-text';

/** In a table cell, as the turmas table shows a name; returns the cell. */
function cellWith(text: string, query: string) {
  render(
    <table>
      <tbody>
        <tr>
          <td>
            <HighlightedText text={text} query={query} />
          </td>
        </tr>
      </tbody>
    </table>,
  );
  return screen.getByRole('cell');
}

const markedIn = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('mark', { hidden: true })
    .map((mark) => mark.textContent);

describe('HighlightedText', () => {
  it('marks the parts of the name that matched each word', () => {
    const cell = cellWith('3º ano A — Matemática', 'matematica 3');

    expect(markedIn(cell)).toEqual(['3º', 'Matemática']);
  });

  it('leaves the name in one piece for assistive technology: the marked copy is hidden', () => {
    const name = '3º ano A — Matemática';
    const cell = cellWith(name, 'mat 3');

    // Marks cut "Mat|emática" in two; a screen reader gets the whole name, with no extra spaces.
    expect(markedIn(cell)).toEqual(['3º', 'Mat', 'mát']);
    expect(cell).toHaveAccessibleName(name);
    expect(screen.getByRole('cell', { name })).toBe(cell);
    // The marks are out of the accessibility tree; the name is there as one piece of text.
    expect(within(cell).queryAllByRole('mark')).toEqual([]);
    expect(within(cell).getByText(name)).toBeInTheDocument();
  });

  it.each(['', 'astronomia', ' — '])(
    'shows the name as it is, once, for the search "%s" (nothing to mark)',
    (query) => {
      const cell = cellWith('Matemática 9º A', query);

      expect(markedIn(cell)).toEqual([]);
      expect(cell).toHaveTextContent(/^Matemática 9º A$/);
      expect(cell).toHaveAccessibleName('Matemática 9º A');
    },
  );

  it('renders the name as text, never as markup', () => {
    const name = '<img src=x onerror=alert(1)> Matemática';
    const cell = cellWith(name, 'matematica');

    expect(markedIn(cell)).toEqual(['Matemática']);
    expect(within(cell).queryByRole('img', { hidden: true })).not.toBeInTheDocument();
    expect(cell).toHaveAccessibleName(name);
  });
});
