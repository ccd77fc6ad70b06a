// Before anything reads the clock: 21:00 in São Paulo is already the next day in UTC.
process.env.TZ = 'America/Sao_Paulo';

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../i18n/messages';
import { render } from '../../testing/render';
import { useRosterMessages } from './messages';
import { rosterFileName } from './roster-export';

/** 22:30 on 29 November in São Paulo: 30 November in UTC. */
const LATE_EVENING = new Date('2026-11-30T01:30:00.000Z');

function TravelFileNames() {
  const { travel } = useRosterMessages();
  return (
    <p>
      {travel.fileName('move', '2026-11-29')} {travel.fileName('copy', '2026-11-29')}
    </p>
  );
}

describe('the roster’s downloads', () => {
  it('are dated with the day where the staff are, not UTC’s', () => {
    expect(rosterFileName({ id: 't-1', name: '9º ano A' }, LATE_EVENING, 'alunos')).toBe(
      'alunos-9º-ano-A-2026-11-29.csv',
    );
  });

  it.each([
    ['pt-BR', 'resultado-mover-2026-11-29.csv resultado-copiar-2026-11-29.csv'],
    ['en', 'results-move-2026-11-29.csv results-copy-2026-11-29.csv'],
  ] as const)(
    'name a copy’s or a move’s results in the interface’s language (%s)',
    (locale, names) => {
      render(<TravelFileNames />, { locale: locale satisfies Locale });
      expect(screen.getByText(names)).toBeInTheDocument();
    },
  );
});
