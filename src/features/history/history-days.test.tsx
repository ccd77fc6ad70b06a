// Days are the staff member's: fix the zone, so a day's midnight is 03:00 in UTC (São Paulo).
process.env.TZ = 'America/Sao_Paulo';

/**
 * History by days (a staff review: "what was done yesterday, on 14 November"): the days typed as
 * every date of the console is, sent as local midnights, either end open; a range that ends
 * before it starts, or text that names no day, is said at its field and not sent. Against the
 * reference API in-process, whose trail is dated by its own clock: the entries are today's, and
 * the days around them are the boundaries.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TurmasPage } from '../../app/turmas-page';
import { newRunId, type ApiClient } from '../../api/client';
import { getAudit } from '../../api/extension-calls';
import { localDate } from '../../lib/local-date';
import { selectionStore } from '../../lib/selection-store';
import { createTestApiClient } from '../../testing/api-client';
import { installReferenceApi, type ReferenceApi } from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { aTurma } from '../../testing/sample-classes';

const FISICA = aTurma({ id: 't-fis', name: 'Física 1º B', countStudents: 0 });
const EMAILS = ['bia@escola.test', 'caio@escola.test', 'dora@escola.test'];

function startClean() {
  window.history.replaceState(null, '', '/');
  selectionStore.clear();
}
beforeEach(startClean);
afterEach(startClean);

/** Three enrolments in one run, and the local days their entries were written on. */
async function writeToday(api: ApiClient) {
  await api.getClasses();
  const runId = newRunId();
  for (const email of EMAILS) {
    await api.addStudentToClasses(
      { name: email.split('@')[0]!, email, classes: [{ id: 't-fis' }] },
      { runId },
    );
  }
  const { data } = await getAudit(api, { pageSize: 100 });
  // Written within a second; the test holds even if that second straddles midnight.
  const days = data.map((entry) => localDate(new Date(entry.at))).sort();
  return { first: days[0]!, last: days.at(-1)! };
}

/** `day` (YYYY-MM-DD) moved by `days`, as the calendar counts. */
function shift(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return localDate(new Date(year!, month! - 1, date! + days));
}

/** A day as staff type it in pt-BR: 14/11/2026. */
const typed = (day: string) => day.split('-').reverse().join('/');

async function openHistory(backend: ReferenceApi, api: ApiClient) {
  window.history.replaceState(null, '', '/?historico');
  const { user } = render(<TurmasPage api={api} />);
  const dialog = await screen.findByRole('dialog', { name: 'Histórico' }, { timeout: 10_000 });
  await within(dialog).findByRole('list', { name: /Últimas alterações/ });
  const form = within(within(dialog).getByRole('form', { name: 'Filtrar o histórico' }));
  const from = form.getByRole('textbox', { name: 'Do dia' });
  const to = form.getByRole('textbox', { name: 'Até o dia' });
  const audits = () => backend.requests.filter((r) => r.pathname === '/v1/audit');
  /** Types the two days (empty: none) and filters; the read it sends, once it is sent. */
  const filter = async (fromText: string, toText: string) => {
    const sent = audits().length;
    // Pasted, as a date often is: typing each key of many days is slow on a busy machine.
    for (const [field, text] of [
      [from, fromText],
      [to, toText],
    ] as const) {
      await user.clear(field);
      if (text !== '') await user.paste(text);
    }
    await user.click(form.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(audits().length).toBeGreaterThan(sent));
    return audits().at(-1)!.searchParams;
  };
  // The run's lines, one a student (a card of its own).
  const listed = async () =>
    within(await within(dialog).findByRole('group', { name: /^Lote: \d+ alteraç/ })).getAllByRole(
      'listitem',
    );
  const nothing = () => within(dialog).findByText('Nenhuma alteração encontrada');
  return { user, dialog, form, from, to, audits, filter, listed, nothing };
}

describe('history by days', { timeout: 40_000 }, () => {
  it('reads the days typed as local midnights, either end open, the last day included', async () => {
    const backend = installReferenceApi({ turmas: [FISICA] });
    const api = createTestApiClient();
    const { first, last } = await writeToday(api);
    const { dialog, filter, listed, nothing } = await openHistory(backend, api);

    // Today's entries, from today's midnight where the staff member is to tomorrow's.
    expect(await filter(typed(first), typed(last))).toMatchObject({
      after: `${first}T03:00:00.000Z`,
      before: `${shift(last, 1)}T03:00:00.000Z`,
    });
    await waitFor(async () => expect(await listed()).toHaveLength(3));

    // Through yesterday: today's entries are past the end.
    const untilYesterday = await filter('', typed(shift(first, -1)));
    expect(untilYesterday).toMatchObject({ before: `${first}T03:00:00.000Z` });
    expect(untilYesterday).not.toHaveProperty('after');
    expect(await nothing()).toBeVisible();
    // Said as no match, with the way back to everything.
    expect(
      within(dialog).getByText(
        'Nenhuma alteração corresponde aos filtros. “Limpar filtros” mostra todas.',
      ),
    ).toBeVisible();

    // From tomorrow: none yet. From today, with no end: all of them.
    expect(await filter(typed(shift(last, 1)), '')).toMatchObject({
      after: `${shift(last, 1)}T03:00:00.000Z`,
    });
    expect(await nothing()).toBeVisible();
    const fromToday = await filter(typed(first), '');
    expect(fromToday).not.toHaveProperty('before');
    await waitFor(async () => expect(await listed()).toHaveLength(3));

    // Days written the ISO way read the same: yesterday through today.
    expect(await filter(shift(first, -1), last)).toMatchObject({
      after: `${shift(first, -1)}T03:00:00.000Z`,
      before: `${shift(last, 1)}T03:00:00.000Z`,
    });
    await waitFor(async () => expect(await listed()).toHaveLength(3));
  });

  it('says a range that ends before it starts at its field and sends nothing; typing stays', async () => {
    const backend = installReferenceApi({ turmas: [FISICA] });
    const api = createTestApiClient();
    const { first } = await writeToday(api);
    const { user, dialog, form, from, to, audits, filter, listed } = await openHistory(
      backend,
      api,
    );
    const sent = audits().length;

    await user.type(from, '15/11/2026');
    await user.type(to, '14/11/2026');
    await user.click(form.getByRole('button', { name: 'Filtrar' }));
    expect(to).toHaveAccessibleDescription(
      /Este dia vem antes de “Do dia”: escolha o mesmo dia ou um depois\./,
    );
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveFocus();
    expect(from).toHaveValue('15/11/2026');
    expect(to).toHaveValue('14/11/2026');
    // What was listed stays, unfiltered.
    expect(await listed()).toHaveLength(3);

    // Text that names no day is said at its own field, and not sent either.
    await user.clear(from);
    await user.type(from, '31/02/2026');
    await user.click(form.getByRole('button', { name: 'Filtrar' }));
    expect(from).toHaveAccessibleDescription(
      /Digite uma data como 14\/11\/2026, ou deixe em branco\./,
    );
    expect(from).toHaveFocus();
    expect(to).not.toHaveAttribute('aria-invalid');

    // Corrected, it goes: the first read since, so neither of the others was sent.
    expect(await filter('14/11/2026', '15/11/2026')).toMatchObject({
      after: '2026-11-14T03:00:00.000Z',
      before: '2026-11-16T03:00:00.000Z',
    });
    expect(audits().length).toBe(sent + 1);
    expect(from).not.toHaveAttribute('aria-invalid');

    // A read that fails keeps the days as typed, and its retry sends them again.
    backend.failNext({ status: 500 }, { where: (r) => r.pathname === '/v1/audit' });
    await filter(typed(first), '');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar o histórico');
    expect(from).toHaveValue(typed(first));
    expect(to).toHaveValue('');
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(async () => expect(await listed()).toHaveLength(3));
    expect(audits().at(-1)!.searchParams).toMatchObject({ after: `${first}T03:00:00.000Z` });

    // "Limpar filtros" empties the days too.
    await user.click(form.getByRole('button', { name: 'Limpar filtros' }));
    expect(from).toHaveValue('');
    expect(to).toHaveValue('');
    await waitFor(async () => expect(await listed()).toHaveLength(3));
  });
});
