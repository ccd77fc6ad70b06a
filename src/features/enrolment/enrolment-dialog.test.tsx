// The form shows instants in the browser's time zone: fix it, so "23:59 local" has one meaning.
process.env.TZ = 'America/Sao_Paulo';

import { notifications } from '@mantine/notifications';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classQueries } from '../../api/class-queries';
import { createQueryClient } from '../../app/query-client';
import type { Class, ClassSummary } from '#contract';
import type { Locale } from '../../i18n/messages';
import { createTestApiClient } from '../../testing/api-client';
import { installReferenceApi } from '../../testing/msw/reference-api';
import { render } from '../../testing/render';
import { manyTurmas } from '../../testing/sample-classes';
import { EnrolmentDialog } from './enrolment-dialog';

/** Tuesday 10 March 2026, noon in São Paulo (UTC−3, no daylight saving). */
const NOW = new Date('2026-03-10T15:00:00.000Z');
/** The default expiry, the end of the school year: 31 December 2026, 23:59 in São Paulo. */
const END_OF_SCHOOL_YEAR_UTC = '2027-01-01T02:59:00.000Z';

const TURMAS = manyTurmas(120);
const [FIRST, SECOND, THIRD] = TURMAS as [Class, Class, Class];
const summary = ({ id, name }: Class): ClassSummary => ({ id, name });

beforeEach(() => {
  // Only Date: user-event, MSW and React still run on real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  notifications.clean();
});
afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

/** The dialog as the page holds it: open until it asks to close, then closed (content gone). */
function Harness({ turmas, onClose }: { turmas: readonly ClassSummary[]; onClose: () => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <EnrolmentDialog
      api={createTestApiClient()}
      opened={opened}
      turmas={turmas}
      onClose={() => {
        onClose();
        setOpened(false);
      }}
    />
  );
}

function renderDialog(
  turmas: readonly ClassSummary[] = [summary(FIRST)],
  { locale = 'pt-BR', known = TURMAS }: { locale?: Locale; known?: Class[] } = {},
) {
  // The platform's plain v1: the form as it is without the roster extension (existing-student.test.tsx).
  const backend = installReferenceApi({ turmas: known, extensions: false });
  const onClose = vi.fn();
  const utils = render(<Harness turmas={turmas} onClose={onClose} />, { locale });
  return { ...utils, backend, onClose };
}

const dialog = (name = 'Matricular aluno') => screen.getByRole('dialog', { name });
const nameField = () => within(dialog()).getByRole('textbox', { name: 'Nome do aluno' });
const emailField = () => within(dialog()).getByRole('textbox', { name: 'E-mail do aluno' });
const submitButton = () =>
  within(dialog()).getByRole('button', { name: /^Matricular( em|$)|^Matriculando/ });
const expiryField = () => within(dialog()).getByRole('textbox', { name: 'Validade da matrícula' });
const calendarButton = () =>
  within(dialog()).getByRole('button', { name: 'Escolher data e hora no calendário' });
/** A preset by its name, whatever day it names after it ("30 dias (09/04/2026)"). */
const preset = (name: string) =>
  within(within(dialog()).getByRole('group', { name: 'Escolher validade' })).getByRole('button', {
    name: (shown) => shown === name || shown.startsWith(`${name} (`),
  });
const chosenTurmas = () =>
  within(within(dialog()).getByRole('list', { name: 'Turmas' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const writes = (backend: ReturnType<typeof installReferenceApi>) =>
  backend.requests.filter((request) => request.method === 'POST');

type User = ReturnType<typeof render>['user'];

async function fillStudent(user: User, name = 'Ana Souza', email = 'ana.souza@escola.br') {
  await user.type(nameField(), name);
  await user.type(emailField(), email);
}

/** The instant the form says it will send, in UTC. */
function shownUtc(): string | null {
  const line = within(dialog()).queryByText(/^Será enviado em UTC como /);
  return line?.querySelector('code')?.textContent ?? null;
}

describe('Enrol dialog: the form', () => {
  it('opens on the name, with the row’s turma and an expiry at the end of the school year, shown locally and in UTC', async () => {
    renderDialog();

    await waitFor(() => expect(nameField()).toHaveFocus());
    expect(chosenTurmas()).toEqual([FIRST.name]);
    expect(expiryField()).toHaveValue('31/12/2026 23:59');
    expect(
      within(dialog()).getByText('Vale até quinta-feira, 31 de dezembro de 2026 às 23:59'),
    ).toBeVisible();
    expect(shownUtc()).toBe(END_OF_SCHOOL_YEAR_UTC);
    expect(within(dialog()).getByText('Expira em 296 dias')).toBeVisible();
    expect(submitButton()).toHaveAccessibleName('Matricular em 1 turma');
  });

  it('lists the selection once each, in order, and counts it on the button', () => {
    renderDialog([summary(FIRST), summary(SECOND), summary(FIRST), summary(THIRD)]);

    expect(chosenTurmas()).toEqual([FIRST.name, SECOND.name, THIRD.name]);
    expect(submitButton()).toHaveAccessibleName('Matricular em 3 turmas');
  });

  it('sets the expiry from the presets, each ending at 23:59 local time', async () => {
    const { user } = renderDialog();

    await user.click(preset('30 dias'));
    expect(shownUtc()).toBe('2026-04-10T02:59:00.000Z');
    expect(within(dialog()).getByText('Expira em 30 dias')).toBeVisible();
    expect(expiryField()).toHaveValue('09/04/2026 23:59');

    await user.click(preset('6 meses'));
    expect(shownUtc()).toBe('2026-09-11T02:59:00.000Z');
    expect(within(dialog()).getByText('Expira em 184 dias')).toBeVisible();

    await user.click(preset('1 ano'));
    expect(shownUtc()).toBe('2027-03-11T02:59:00.000Z');
    expect(within(dialog()).getByText('Expira em 365 dias')).toBeVisible();

    await user.click(preset('Fim do ano letivo'));
    expect(shownUtc()).toBe(END_OF_SCHOOL_YEAR_UTC);

    await user.click(within(dialog()).getByRole('checkbox', { name: 'Sem validade' }));
    expect(shownUtc()).toBeNull();
    expect(expiryField()).toBeDisabled();
    expect(calendarButton()).toBeDisabled();
    expect(preset('30 dias')).toBeDisabled();
  });

  // A calendar and a clock in jsdom take a few seconds on a shared two-core machine.
  it(
    'shows the UTC instant of a date and time picked in the calendar',
    { timeout: 15_000 },
    async () => {
      const { user } = renderDialog();
      // The calendar opens on the month of the value: April.
      await user.click(preset('30 dias'));

      await user.click(calendarButton());
      await user.click(screen.getByRole('button', { name: '15 abril 2026' }));
      await user.type(screen.getByRole('spinbutton', { name: 'Horas' }), '08');
      await user.type(screen.getByRole('spinbutton', { name: 'Minutos' }), '30');
      await user.click(screen.getByRole('button', { name: 'Confirmar data e hora' }));

      expect(expiryField()).toHaveValue('15/04/2026 08:30');
      expect(
        within(dialog()).getByText('Vale até quarta-feira, 15 de abril de 2026 às 08:30'),
      ).toBeVisible();
      expect(shownUtc()).toBe('2026-04-15T11:30:00.000Z');
      expect(within(dialog()).getByText('Expira em 36 dias')).toBeVisible();
    },
  );

  it('shows the e-mail as it will be sent: trimmed and lower-cased', async () => {
    const { user } = renderDialog();

    await user.type(emailField(), '  Ana.Souza@Escola.BR ');

    expect(emailField()).toHaveAccessibleDescription('Será enviado como ana.souza@escola.br');
  });

  it('gives no e-mail hint when it would repeat what was typed, or for an address not valid', async () => {
    const { user } = renderDialog();

    await user.type(emailField(), 'ana.souza@escola.br');
    expect(emailField()).not.toHaveAccessibleDescription();
    await user.clear(emailField());
    await user.type(emailField(), 'Ana@Escola');
    expect(emailField()).not.toHaveAccessibleDescription();
    await user.type(emailField(), '.br');
    expect(emailField()).toHaveAccessibleDescription('Será enviado como ana@escola.br');
  });

  it('speaks English, with the instant in the English format', async () => {
    const { user } = renderDialog([summary(FIRST), summary(SECOND)], { locale: 'en' });

    const form = dialog('Enrol a student');
    expect(within(form).getByText(/^Will be sent in UTC as /)).toHaveTextContent(
      `Will be sent in UTC as ${END_OF_SCHOOL_YEAR_UTC} (time zone America/Sao_Paulo)`,
    );
    expect(within(form).getByText('Expires in 296 days')).toBeVisible();
    expect(
      within(form).getByText('Valid until Thursday, December 31, 2026 at 11:59 PM'),
    ).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Enrol in 2 classes' }));
    expect(within(form).getByRole('textbox', { name: 'Student name' })).toHaveAccessibleDescription(
      'Enter the student’s name.',
    );
  });
});

describe('Enrol dialog: validation', () => {
  it('requires a name and an e-mail, says so at each field and sends nothing', async () => {
    const { user, backend } = renderDialog();

    await user.type(nameField(), '   ');
    await user.click(submitButton());

    expect(nameField()).toHaveAccessibleDescription('Informe o nome do aluno.');
    expect(nameField()).toBeInvalid();
    expect(nameField()).toHaveFocus();
    // Each field hears of its error in a render of its own: on a busy machine, a moment later.
    await waitFor(() =>
      expect(emailField()).toHaveAccessibleDescription('Informe o e-mail do aluno.'),
    );
    expect(writes(backend)).toEqual([]);
  });

  it('refuses a name that is too long, holds control characters or a lone surrogate', async () => {
    const { user, backend } = renderDialog();
    await user.type(emailField(), 'ana@escola.br');

    await user.click(nameField());
    await user.paste('A'.repeat(201));
    await user.click(submitButton());
    expect(nameField()).toHaveAccessibleDescription('O nome pode ter no máximo 200 caracteres.');

    await user.clear(nameField());
    await user.click(nameField());
    await user.paste('Ana\tSouza');
    const notAllowed =
      'O nome tem caracteres que não são aceitos, como tabulações ou quebras de linha.';
    await waitFor(() => expect(nameField()).toHaveAccessibleDescription(notAllowed));

    // Half of a UTF-16 pair (a broken paste): not a character the API can store.
    await user.clear(nameField());
    await user.click(nameField());
    await user.paste('Ana \uD83D Souza');
    await waitFor(() => expect(nameField()).toHaveAccessibleDescription(notAllowed));
    expect(writes(backend)).toEqual([]);
  });

  it('refuses an e-mail that is malformed or too long', async () => {
    const { user, backend } = renderDialog();
    await user.type(nameField(), 'Ana Souza');

    await user.type(emailField(), 'ana@');
    await user.click(submitButton());
    // The reason alone: no "will be sent as" above or beside it.
    expect(emailField()).toHaveAccessibleDescription(
      'Informe um e-mail válido, como ana@escola.br.',
    );

    await user.clear(emailField());
    await user.click(emailField());
    await user.paste(`${'a'.repeat(250)}@escola.br`);
    await waitFor(() =>
      expect(emailField()).toHaveAccessibleDescription(
        'O e-mail pode ter no máximo 254 caracteres.',
      ),
    );
    expect(writes(backend)).toEqual([]);
  });

  it('needs at least one turma and at most 100', async () => {
    const { user, backend } = renderDialog(TURMAS.slice(0, 101).map(summary));
    await fillStudent(user);

    await user.click(submitButton());
    expect(
      within(dialog()).getByText(
        'Cada matrícula aceita no máximo 100 turmas. Tire algumas da lista.',
      ),
    ).toBeVisible();

    // One off the list: a hundred is fine (and sent as one request, below).
    await user.click(
      within(dialog()).getByRole('button', { name: `Tirar ${FIRST.name} da lista` }),
    );
    expect(within(dialog()).queryByText(/no máximo 100 turmas/)).not.toBeInTheDocument();
    expect(writes(backend)).toEqual([]);
  });

  it('needs a turma: with the list emptied it says so and sends nothing', async () => {
    const { user, backend } = renderDialog();
    await fillStudent(user);

    await user.click(
      within(dialog()).getByRole('button', { name: `Tirar ${FIRST.name} da lista` }),
    );
    await user.click(submitButton());

    expect(within(dialog()).getByText('Adicione ao menos uma turma.')).toBeVisible();
    // No "Matricular em 0 turmas": nothing to count.
    expect(submitButton()).toHaveAccessibleName('Matricular');
    expect(writes(backend)).toEqual([]);
  });

  it('refuses an expiry that has passed while the form was open', async () => {
    const { user, backend } = renderDialog();
    await fillStudent(user);
    await user.click(preset('30 dias'));

    // The form stayed open past the chosen instant.
    vi.setSystemTime(new Date('2026-04-10T03:00:00.000Z'));
    await user.click(submitButton());

    expect(expiryField()).toHaveAccessibleDescription(
      /^A validade precisa ser uma data futura\. Digite como .* Se o aluno já estiver na turma/,
    );
    expect(expiryField()).toHaveFocus();
    expect(within(dialog()).queryByText(/^Expira em/)).not.toBeInTheDocument();
    expect(writes(backend)).toEqual([]);
  });

  it('says a chosen moment has passed when the summary is read again', async () => {
    const { user } = renderDialog();
    await user.click(preset('30 dias'));
    vi.setSystemTime(new Date('2026-04-10T03:00:00.000Z'));

    const noExpiry = within(dialog()).getByRole('checkbox', { name: 'Sem validade' });
    await user.click(noExpiry);
    await user.click(noExpiry);

    expect(within(dialog()).getByText('Esta data já passou.')).toBeVisible();
  });
});

describe('Enrol dialog: sending', () => {
  it('sends one turma to POST /classe/{id}/add-student, trimmed and lower-cased', async () => {
    const { user, backend, queryClient } = renderDialog();
    const listKey = [...classQueries.lists(), { page: 1 }];
    queryClient.setQueryData(listKey, { data: [], totalRecords: 0 });
    await fillStudent(user, '  Ana Souza ', ' Ana.Souza@Escola.BR ');

    await user.click(submitButton());

    expect(await within(dialog()).findByText('Matrícula feita')).toBeVisible();
    expect(writes(backend)).toEqual([
      expect.objectContaining({
        pathname: `/v1/classe/${FIRST.id}/add-student`,
        body: {
          name: 'Ana Souza',
          email: 'ana.souza@escola.br',
          expirationDate: END_OF_SCHOOL_YEAR_UTC,
        },
      }),
    ]);
    expect(backend.expiryOf(FIRST.id, 'ana.souza@escola.br')).toBe(END_OF_SCHOOL_YEAR_UTC);
    // The table's counts refresh: every turma list is stale now.
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
    expect(
      await screen.findByText(`Matrícula de Ana Souza feita em ${FIRST.name}.`, {
        selector: '[role="alert"] *',
      }),
    ).toBeVisible();
  });

  it('sends a turma id exactly as received: spaces around it are part of it', async () => {
    const padded = { ...FIRST, id: ' padded ', name: 'Turma Acolchoada' };
    const { user, backend } = renderDialog([summary(padded)], { known: [padded, ...TURMAS] });
    await fillStudent(user);

    await user.click(submitButton());

    expect(await within(dialog()).findByText('Matrícula feita')).toBeVisible();
    expect(writes(backend)).toEqual([
      expect.objectContaining({ pathname: '/v1/classe/%20padded%20/add-student' }),
    ]);
    expect(backend.enrolments(' padded ')).toContain('ana.souza@escola.br');
  });

  it('names the real reason when a turma’s id cannot be sent (over 100 characters)', async () => {
    const long = { ...FIRST, id: 'x'.repeat(101), name: 'Turma do Id Longo' };
    const { user, backend } = renderDialog([summary(long), summary(SECOND)], {
      known: [long, ...TURMAS],
    });
    await fillStudent(user);

    await user.click(submitButton());

    expect(
      within(dialog()).getByText(
        'A turma “Turma do Id Longo” tem um identificador que a API não aceita (vazio ou com mais de 100 caracteres). Tire-a da lista.',
      ),
    ).toBeVisible();
    expect(within(dialog()).queryByText(/no máximo 100 turmas/)).not.toBeInTheDocument();
    expect(writes(backend)).toEqual([]);
  });

  it('sends an expiry typed in the locale’s form, and refuses one that is no date', async () => {
    const { user, backend } = renderDialog([summary(FIRST)], { locale: 'en' });
    await user.type(
      await within(dialog('Enrol a student')).findByRole('textbox', { name: 'Student name' }),
      'Ana Souza',
    );
    await user.type(
      within(dialog('Enrol a student')).getByRole('textbox', { name: 'Student e-mail' }),
      'ana.souza@escola.br',
    );
    const field = within(dialog('Enrol a student')).getByRole('textbox', {
      name: 'Enrolment expiry',
    });
    const submit = within(dialog('Enrol a student')).getByRole('button', {
      name: 'Enrol in 1 class',
    });

    await user.clear(field);
    await user.type(field, '15/03/2027 18:00');
    await user.click(submit);
    expect(field).toHaveAccessibleDescription(/^Choose a valid expiry date\. Type it as/);
    expect(field).toHaveFocus();
    expect(writes(backend)).toEqual([]);

    await user.clear(field);
    await user.type(field, '3/15/2027 6:00 PM{Enter}');

    await within(dialog('Enrol a student')).findByText('Student enrolled');
    expect(writes(backend)).toEqual([
      expect.objectContaining({
        pathname: `/v1/classe/${FIRST.id}/add-student`,
        body: {
          name: 'Ana Souza',
          email: 'ana.souza@escola.br',
          expirationDate: '2027-03-15T21:00:00.000Z',
        },
      }),
    ]);
  });

  it('sends several turmas to POST /classe/add-student in one request, and names a few in the notification', async () => {
    const chosen = TURMAS.slice(0, 5).map(summary);
    const { user, backend } = renderDialog(chosen);
    await fillStudent(user);
    await user.click(preset('30 dias'));

    await user.click(submitButton());

    expect(await within(dialog()).findByText('Matrícula feita')).toBeVisible();
    expect(writes(backend)).toEqual([
      expect.objectContaining({
        pathname: '/v1/classe/add-student',
        body: {
          name: 'Ana Souza',
          email: 'ana.souza@escola.br',
          classes: chosen.map(({ id }) => ({ id })),
          expirationDate: '2026-04-10T02:59:00.000Z',
        },
      }),
    ]);
    for (const turma of chosen)
      expect(backend.enrolments(turma.id)).toContain('ana.souza@escola.br');
    const [a, b, c] = chosen.map((turma) => turma.name);
    expect(
      screen.getByText(`Matrícula de Ana Souza feita em 5 turmas: ${a}, ${b}, ${c} e +2.`, {
        selector: '[role="alert"] *',
      }),
    ).toBeVisible();
  });

  it('chooses the endpoint by the turmas at the moment of sending', async () => {
    const { user, backend } = renderDialog([summary(FIRST), summary(SECOND)]);
    await fillStudent(user);

    await user.click(
      within(dialog()).getByRole('button', { name: `Tirar ${FIRST.name} da lista` }),
    );
    await user.click(submitButton());

    await within(dialog()).findByText('Matrícula feita');
    expect(writes(backend).map((request) => request.pathname)).toEqual([
      `/v1/classe/${SECOND.id}/add-student`,
    ]);
  });

  it('sends no expirationDate at all for "no expiry"', async () => {
    const { user, backend } = renderDialog([summary(FIRST), summary(SECOND)]);
    await fillStudent(user);
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Sem validade' }));

    await user.click(submitButton());

    await within(dialog()).findByText('Matrícula feita');
    expect(writes(backend).map((request) => request.body)).toEqual([
      {
        name: 'Ana Souza',
        email: 'ana.souza@escola.br',
        classes: [{ id: FIRST.id }, { id: SECOND.id }],
      },
    ]);
    expect(within(dialog()).getByText('Validade: Sem validade')).toBeVisible();
  });

  it('names a few turmas in the success, and shows them all on request', async () => {
    const chosen = TURMAS.slice(0, 19).map(summary);
    const { user } = renderDialog(chosen);
    await fillStudent(user);
    await user.click(submitButton());
    expect(await within(dialog()).findByText('Matrícula feita')).toBeVisible();

    const showAll = within(dialog()).getByRole('button', { name: 'Ver as 19 turmas' });
    expect(showAll).toHaveAttribute('aria-expanded', 'false');
    await user.click(showAll);
    expect(showAll).toHaveAttribute('aria-expanded', 'true');
    const all = within(dialog()).getByRole('list', { name: 'Todas as turmas desta matrícula' });
    expect(
      within(all)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(chosen.map((turma) => turma.name));
  });

  it('sends a hundred turmas in one request', async () => {
    const hundred = TURMAS.slice(0, 100).map(summary);
    const { user, backend } = renderDialog(hundred);
    await fillStudent(user);

    await user.click(submitButton());

    await within(dialog()).findByText('Matrícula feita');
    expect(writes(backend)).toHaveLength(1);
    expect(writes(backend)[0]?.body).toMatchObject({ classes: hundred.map(({ id }) => ({ id })) });
    // One readable sentence, not a hundred names.
    const [a, b, c] = hundred.map((turma) => turma.name);
    expect(
      within(dialog()).getByText(
        `Matrícula de Ana Souza feita em 100 turmas: ${a}, ${b}, ${c} e +97.`,
      ),
    ).toBeVisible();
  });

  it('cannot be sent twice: the button is unavailable while sending, and a second submit is ignored', async () => {
    const { user, backend } = renderDialog();
    await fillStudent(user);
    const held = backend.hold((request) => request.method === 'POST');

    await user.click(submitButton());
    await waitFor(() => expect(held.requests).toHaveLength(1));
    expect(submitButton()).toHaveAccessibleName('Matriculando…');
    expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
    expect(nameField()).toHaveAttribute('readonly');
    await user.click(submitButton());
    await user.type(emailField(), '{Enter}');
    held.release();

    expect(await within(dialog()).findByText('Matrícula feita')).toBeVisible();
    expect(writes(backend)).toHaveLength(1);
  });

  it('cannot be sent twice even by two submits before the first has been validated', async () => {
    const { user, backend } = renderDialog();
    await fillStudent(user);

    // Both land before React has rendered the "sending" state, as a double press can.
    const form = within(dialog()).getByRole<HTMLFormElement>('form', { name: 'Matricular aluno' });
    form.requestSubmit();
    form.requestSubmit();

    expect(await within(dialog()).findByText('Matrícula feita')).toBeVisible();
    expect(writes(backend)).toHaveLength(1);
  });
});

describe('Enrol dialog: after sending', () => {
  it('offers the next student: same turmas and expiry, name and e-mail cleared, focus on the name', async () => {
    const { user, backend } = renderDialog([summary(FIRST), summary(SECOND)]);
    await fillStudent(user);
    await user.click(preset('6 meses'));
    await user.click(submitButton());
    await within(dialog()).findByText('Matrícula feita');

    await user.click(within(dialog()).getByRole('button', { name: 'Matricular outro aluno' }));

    expect(nameField()).toHaveFocus();
    expect(nameField()).toHaveValue('');
    expect(emailField()).toHaveValue('');
    expect(chosenTurmas()).toEqual([FIRST.name, SECOND.name]);
    expect(shownUtc()).toBe('2026-09-11T02:59:00.000Z');

    await fillStudent(user, 'Bruno Lima', 'bruno@escola.br');
    await user.click(submitButton());
    await within(dialog()).findByText('Matrícula feita');
    expect(writes(backend).map((request) => request.body)).toEqual([
      expect.objectContaining({ email: 'ana.souza@escola.br' }),
      {
        name: 'Bruno Lima',
        email: 'bruno@escola.br',
        classes: [{ id: FIRST.id }, { id: SECOND.id }],
        expirationDate: '2026-09-11T02:59:00.000Z',
      },
    ]);
  });

  it('on a plain v1, a second student of the same name is enrolled without a question or a lookup', async () => {
    const { user, backend } = renderDialog();
    await fillStudent(user);
    await user.click(submitButton());
    await within(dialog()).findByText('Matrícula feita');
    await user.click(within(dialog()).getByRole('button', { name: 'Matricular outro aluno' }));

    // The roster extension's suggestions and "É este aluno?" need it: here the name is plain text.
    expect(within(dialog()).queryByRole('combobox', { name: 'Nome do aluno' })).toBeNull();
    await fillStudent(user, 'Ana Souza', 'ana.sousa@escola.br');
    await user.click(submitButton());

    await within(dialog()).findByText('Matrícula feita');
    expect(within(dialog()).queryByText('É este aluno?')).toBeNull();
    expect(writes(backend).map((request) => (request.body as { email: string }).email)).toEqual([
      'ana.souza@escola.br',
      'ana.sousa@escola.br',
    ]);
    expect(backend.requests.filter((request) => request.pathname === '/v1/students')).toEqual([]);
  });

  it('enrolling the same student again with a later expiry moves the expiry', async () => {
    const { user, backend } = renderDialog();
    await fillStudent(user);
    await user.click(preset('30 dias'));
    await user.click(submitButton());
    await within(dialog()).findByText('Matrícula feita');

    await user.click(within(dialog()).getByRole('button', { name: 'Matricular outro aluno' }));
    await fillStudent(user);
    await user.click(preset('1 ano'));
    await user.click(submitButton());
    await within(dialog()).findByText('Matrícula feita');

    expect(backend.enrolments(FIRST.id)).toEqual(['ana.souza@escola.br']);
    expect(backend.expiryOf(FIRST.id, 'ana.souza@escola.br')).toBe('2027-03-11T02:59:00.000Z');
  });

  it('closes at once from the success view', async () => {
    const { user, onClose } = renderDialog();
    await fillStudent(user);
    await user.click(submitButton());
    await within(dialog()).findByText('Matrícula feita');

    // Beside "Matricular outro aluno"; the dialog's own close button bears the name too.
    await user.click(within(dialog()).getByText('Fechar', { selector: 'button *' }));

    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('Enrol dialog: when the API says no', () => {
  it('puts a 400 on the field it names, keeping every value', async () => {
    const { user, backend } = renderDialog([summary(FIRST), summary(SECOND)]);
    await fillStudent(user);
    backend.failNext({
      status: 400,
      body: { status: '400', message: 'email: must be a valid e-mail address' },
    });

    await user.click(submitButton());

    await waitFor(() =>
      expect(emailField()).toHaveAccessibleDescription(
        'O servidor recusou: não é um endereço de e-mail válido',
      ),
    );
    expect(emailField()).toHaveFocus();
    expect(nameField()).toHaveValue('Ana Souza');
    expect(emailField()).toHaveValue('ana.souza@escola.br');
    expect(chosenTurmas()).toEqual([FIRST.name, SECOND.name]);
    expect(shownUtc()).toBe(END_OF_SCHOOL_YEAR_UTC);
  });

  it('puts a 400 about the expiry at the picker, and focus there', async () => {
    const { user, backend } = renderDialog();
    await fillStudent(user);
    backend.failNext({
      status: 400,
      body: { status: '400', message: 'expirationDate: must be before the year 10000' },
    });

    await user.click(submitButton());

    await waitFor(() =>
      // The reason first, then the standing note about an existing expiry.
      expect(expiryField()).toHaveAccessibleDescription(
        /^O servidor recusou: “must be before the year 10000” Digite como .* Se o aluno já estiver/,
      ),
    );
    await waitFor(() => expect(expiryField()).toHaveFocus());
  });

  it('shows a 400 about no field in an alert', async () => {
    const { user, backend } = renderDialog();
    await fillStudent(user);
    backend.failNext({
      status: 400,
      body: { status: '400', message: 'body: unknown field expirationdate' },
    });

    await user.click(submitButton());

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('O servidor recusou a matrícula');
    expect(alert).toHaveTextContent('Dados enviados: campo desconhecido: expirationdate.');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });

  it('names the turmas the API does not know (404) at the turmas', async () => {
    const ghost = { id: 'ghost-1', name: 'Turma Excluída' };
    const { user, backend } = renderDialog([summary(FIRST), ghost]);
    await fillStudent(user);

    await user.click(submitButton());

    expect(
      await within(dialog()).findByText(
        'Não encontradas (podem ter sido excluídas): Turma Excluída. Tire-as da lista e envie de novo.',
      ),
    ).toBeVisible();
    expect(backend.enrolments(FIRST.id)).toEqual([]);

    // Taken off the list, the rest goes through.
    await user.click(
      within(dialog()).getByRole('button', { name: 'Tirar Turma Excluída da lista' }),
    );
    await user.click(submitButton());
    expect(await within(dialog()).findByText('Matrícula feita')).toBeVisible();
  });

  it('says when the server cannot be reached, keeps the form and sends again on "Tentar novamente"', async () => {
    const { user, backend } = renderDialog();
    await fillStudent(user);
    backend.failNext('network');

    await user.click(submitButton());

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('A matrícula não foi feita');
    expect(alert).toHaveTextContent('Não foi possível conectar ao servidor.');
    expect(nameField()).toHaveValue('Ana Souza');
    expect(emailField()).toHaveValue('ana.souza@escola.br');
    expect(submitButton()).not.toHaveAttribute('aria-disabled');

    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));

    expect(await within(dialog()).findByText('Matrícula feita')).toBeVisible();
    expect(writes(backend)).toHaveLength(2);
    expect(writes(backend)[1]?.body).toEqual(writes(backend)[0]?.body);
  });

  it('offline, says so at once and keeps the form; online again, "Tentar novamente" sends it', async () => {
    const backend = installReferenceApi({ turmas: TURMAS, extensions: false });
    const { user } = render(<Harness turmas={[summary(FIRST)]} onClose={vi.fn()} />, {
      queryClient: createQueryClient(vi.fn()),
    });
    await fillStudent(user);
    onlineManager.setOnline(false);
    backend.failNext('network');

    await user.click(submitButton());

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível conectar ao servidor.');
    expect(nameField()).toHaveValue('Ana Souza');
    expect(within(dialog()).getByRole('button', { name: 'Cancelar' })).not.toHaveAttribute(
      'aria-disabled',
    );

    onlineManager.setOnline(true);
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(dialog()).findByText('Matrícula feita')).toBeVisible();
    expect(writes(backend)).toHaveLength(2);
  });

  it('offers a retry after a server error (5xx)', async () => {
    const { user, backend } = renderDialog();
    await fillStudent(user);
    backend.failNext({ status: 503 });

    await user.click(submitButton());

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('Serviço ocupado ou indisponível (código 503).');
    expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  });

  it('says the session expired on a 401, keeps the form, and sends again once asked', async () => {
    const { user, backend } = renderDialog();
    await fillStudent(user);
    backend.failNext({ status: 401, body: { status: '401', message: 'Invalid or expired token' } });

    await user.click(submitButton());

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('Sua sessão expirou');
    expect(nameField()).toHaveValue('Ana Souza');

    await user.click(submitButton());
    expect(await within(dialog()).findByText('Matrícula feita')).toBeVisible();
  });
});

describe('Enrol dialog: closing', () => {
  it('closes at once when nothing was typed', async () => {
    const { user, onClose } = renderDialog();
    await waitFor(() => expect(nameField()).toHaveFocus());

    await user.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before throwing typed values away, on Escape, Cancel and the close button', async () => {
    const { user, onClose } = renderDialog();
    await user.type(nameField(), 'Ana');

    await user.keyboard('{Escape}');
    const question = within(dialog()).getByRole('group', {
      name: 'Descartar o que você preencheu?',
    });
    expect(within(question).getByRole('button', { name: 'Continuar editando' })).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();

    // Escape again, or "keep editing": back where the person was, nothing lost.
    await user.keyboard('{Escape}');
    expect(nameField()).toHaveFocus();
    expect(nameField()).toHaveValue('Ana');

    await user.click(within(dialog()).getByRole('button', { name: 'Fechar' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Continuar editando' }));
    expect(nameField()).toHaveValue('Ana');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog()).getByRole('button', { name: 'Cancelar' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Descartar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('counts a changed expiry or turma list as something to lose', async () => {
    const { user, onClose } = renderDialog();
    await user.click(preset('1 ano'));

    await user.keyboard('{Escape}');

    expect(
      within(dialog()).getByRole('group', { name: 'Descartar o que você preencheu?' }),
    ).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('stays open while sending, then shows the outcome in the form', async () => {
    const { user, backend, onClose } = renderDialog();
    await fillStudent(user);
    const held = backend.hold((request) => request.method === 'POST');
    backend.failNext('network');
    await user.click(submitButton());
    await waitFor(() => expect(held.requests).toHaveLength(1));

    // No close button, Escape does nothing and Cancel is unavailable until the answer is in.
    expect(within(dialog()).queryByRole('button', { name: 'Fechar' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    const cancel = within(dialog()).getByRole('button', { name: 'Cancelar' });
    expect(cancel).toHaveAttribute('aria-disabled', 'true');
    await user.click(cancel);
    expect(onClose).not.toHaveBeenCalled();

    held.release();
    expect(await within(dialog()).findByText('A matrícula não foi feita')).toBeVisible();
    expect(nameField()).toHaveValue('Ana Souza');
  });
});
