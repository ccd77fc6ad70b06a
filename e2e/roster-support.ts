/**
 * What the roster journeys share (roster.spec.ts, roster-travel.spec.ts): students of their own
 * enrolled through the API, the truth the server holds, and the panel's parts found by role.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Class } from '#contract';
import { rosterResponseSchema } from '#contract/extensions';
import { expect } from './support';

export interface NewStudent {
  name: string;
  email: string;
  expirationDate?: string;
}

/** Enrols each of `students` in `turma` through the API, a few at a time. */
export async function enrolThroughApi(
  request: APIRequestContext,
  token: string,
  turma: Pick<Class, 'id'>,
  students: readonly NewStudent[],
) {
  const queue = [...students];
  const worker = async () => {
    for (let student = queue.shift(); student; student = queue.shift()) {
      const answer = await request.post(`/v1/classe/${encodeURIComponent(turma.id)}/add-student`, {
        headers: { Authorization: `Bearer ${token}` },
        data: student,
      });
      expect(answer.ok(), `enrolling ${student.email} answered ${answer.status()}`).toBe(true);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** The turma's roster as the server answers it (the first 100 found): the panel's truth. */
export async function rosterOf(
  request: APIRequestContext,
  token: string,
  turma: Pick<Class, 'id'>,
  query = '',
) {
  const answer = await request.get(
    `/v1/classe/${encodeURIComponent(turma.id)}/students?pageSize=100&query=${encodeURIComponent(query)}`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  expect(answer.ok()).toBe(true);
  return rosterResponseSchema.parse(await answer.json());
}

export function rosterPanel(page: Page, turma: Pick<Class, 'name'>) {
  const dialog = page.getByRole('dialog', { name: `Alunos de ${turma.name}` });
  return {
    dialog,
    heading: dialog.getByRole('heading', { name: `Alunos de ${turma.name}` }),
    search: dialog.getByRole('searchbox', { name: 'Buscar alunos' }),
    // The count above the table (the panel's notices and the selection's count are live too).
    status: dialog.getByRole('status').filter({
      hasText: /^(\d+ alunos?( encontrados?)?|Nenhum aluno encontrado|Carregando alunos…)$/,
    }),
    table: dialog.getByRole('table', { name: `Alunos de ${turma.name}` }),
    tick: (student: { name: string }) =>
      dialog.getByRole('checkbox', { name: new RegExp(`^Selecionar ${student.name} \\(`) }),
    bar: dialog.getByRole('region', { name: 'Alunos selecionados' }),
  };
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
