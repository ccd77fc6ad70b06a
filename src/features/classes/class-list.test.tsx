import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import type { ClassListResponse } from '../../api/contract';
import { render } from '../../testing/render';
import { ClassList } from './class-list';
import { fakeApi } from '../../testing/fake-api';
import { aClassPage, aTurma } from '../../testing/sample-classes';

const PAGE: ClassListResponse = aClassPage([
  aTurma({ name: 'Biologia 1º B', countStudents: 1234 }),
  aTurma({
    id: 'c2',
    createdAt: '2026-01-11T12:00:00Z',
    updatedAt: '2026-02-02T09:00:00Z',
    countStudents: 0,
  }),
]);

describe('ClassList', () => {
  it('shows a skeleton, then the first page by name with the total', async () => {
    let answer: (page: ClassListResponse) => void = () => {};
    const api = fakeApi(() => new Promise((resolve) => (answer = resolve)));
    render(<ClassList api={api} />);

    expect(screen.getByRole('status')).toHaveTextContent('Carregando turmas…');
    expect(screen.getByRole('table', { name: 'Lista de turmas' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(api.getClasses).toHaveBeenCalledWith(
      { page: 1, pageSize: 20, sortBy: 'name' },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );

    answer({ ...PAGE, totalRecords: 1001 });

    expect(await screen.findByText('1.001 turmas')).toHaveRole('status');
    const rows = within(screen.getByRole('table', { name: 'Lista de turmas' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('cell', { name: 'Biologia 1º B' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: '1.234' })).toBeInTheDocument();
  });

  it('speaks English numbers and words in English', async () => {
    render(<ClassList api={fakeApi(async () => PAGE)} />, { locale: 'en' });

    expect(await screen.findByText('2 classes')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '1,234' })).toBeInTheDocument();
  });

  it('says so when there are no turmas', async () => {
    render(<ClassList api={fakeApi(async () => ({ data: [], totalRecords: 0 }))} />);

    expect(await screen.findByText('Nenhuma turma cadastrada')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 turmas');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('explains a failure and loads again on retry', async () => {
    const api = fakeApi(async () => {
      throw new ApiError('network', 'Could not reach the server');
    });
    const { user } = render(<ClassList api={api} />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar as turmas');
    expect(alert).toHaveTextContent(/Não foi possível conectar ao servidor/);

    api.getClasses.mockImplementation(async () => PAGE);
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));

    expect(await screen.findByText('2 turmas')).toBeInTheDocument();
    expect(api.getClasses).toHaveBeenCalledTimes(2);
  });
});
