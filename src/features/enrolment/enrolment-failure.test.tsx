// The failures the dialog tests do not reach through the in-memory API: what each kind of error
// becomes, field by field or as an alert.
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { useI18n } from '../../i18n/i18n-context';
import { I18nProvider } from '../../i18n/i18n-provider';
import { describeEnrolmentFailure } from './enrolment-failure';
import { useEnrolmentMessages } from './messages';

const turmas = [
  { id: 't1', name: 'Matemática 9º A' },
  { id: 't2', name: 'Física 1º B' },
];

function describe400(message: string, status = 400) {
  return describeFailure(
    new ApiError('http', message, { status, body: { status: String(status), message } }),
  );
}

function describeFailure(error: unknown) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider locale="pt-BR">{children}</I18nProvider>
  );
  const { result } = renderHook(
    () => ({ messages: useEnrolmentMessages(), app: useI18n().messages }),
    { wrapper },
  );
  return describeEnrolmentFailure(
    error,
    turmas,
    result.current.messages,
    result.current.app,
    'pt-BR',
  );
}

describe('describeEnrolmentFailure', () => {
  it('puts each part of a 400 on the field it names, in the staff’s language, and the rest in an alert', () => {
    expect(
      describe400(
        'name: must not be empty; classes.1.id: must not be empty; body: unknown field x',
      ),
    ).toEqual({
      fields: {
        name: 'O servidor recusou: não pode ficar em branco',
        classes: 'O servidor recusou: não pode ficar em branco',
      },
      alert: {
        kind: 'rejected',
        title: 'O servidor recusou a matrícula',
        text: 'Dados enviados: campo desconhecido: x.',
      },
    });
    // A problem the contract never words so: quoted, not passed off as the console's.
    expect(describe400('expirationDate: must be before the year 10000').fields).toEqual({
      'expiry.at': 'O servidor recusou: “must be before the year 10000”',
    });
  });

  it('names the unknown turmas of a 404, or quotes the API when it names none of them', () => {
    expect(describe400('No class with id t2', 404).fields.classes).toBe(
      'Não encontradas (podem ter sido excluídas): Física 1º B. Tire-as da lista e envie de novo.',
    );
    expect(describe400('Not found', 404).fields.classes).toBe(
      'Alguma turma da lista não existe mais. Revise a lista e envie de novo. Resposta do servidor: “Not found”',
    );
  });

  it('offers a retry only where sending the same again can help', () => {
    expect(describeFailure(new ApiError('timeout', 'slow')).alert).toMatchObject({
      kind: 'retry',
      text: 'O servidor demorou demais para responder. Tente novamente.',
    });
    expect(describe400('Request body must be at most 65536 bytes', 413).alert).toEqual({
      kind: 'rejected',
      title: 'O servidor recusou a matrícula',
      text: 'O servidor recusou a solicitação (código 413). Os dados enviados passam do limite do servidor (64 KB).',
    });
    expect(
      describeFailure(new ApiError('contract', 'bad answer', { status: 200 })).alert,
    ).toMatchObject({ kind: 'rejected', text: 'O servidor respondeu em um formato inesperado.' });
    expect(describeFailure(new TypeError('boom')).alert).toMatchObject({
      kind: 'rejected',
      text: 'Ocorreu um erro inesperado.',
    });
  });
});
