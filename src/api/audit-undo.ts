/**
 * Undo (the audit extension, decision 019), the one way the console sets writes back: History's
 * buttons and the "Desfazer" of a success message both send `POST /v1/audit/undo` through
 * `useUndo` and say its answer, turma by turma, with `UndoAnswer`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { UndoBody, UndoResponse } from '#contract/extensions';
import { onSessionRestored } from '../components/form-dialog/session-restored';
import { defineMessages } from '../i18n/define-messages';
import { ApiError, newRunId } from './client';
import { classQueries } from './class-queries';
import { undo, type Requester } from './extension-calls';

export const UNDO_MUTATION_KEY = ['audit-undo'] as const;

export const useUndoMessages = defineMessages({
  'pt-BR': {
    undo: 'Desfazer',
    undoing: 'Desfazendo…',
    turmaOf: (id: string): string => `turma ${id}`,
    // An undo may restore an enrolment, remove one the write made, or set an expiry back.
    restored: (count: number): string =>
      count === 1 ? '1 alteração desfeita' : `${count} alterações desfeitas`,
    unchanged: (count: number): string => (count === 1 ? '1 sem mudança' : `${count} sem mudança`),
    refused: (count: number): string => (count === 1 ? '1 recusada' : `${count} recusadas`),
    more: (count: string): string => `mais ${count}`,
    gone: 'a turma não existe mais',
    changedSince: 'a matrícula mudou depois desta alteração; nada foi sobrescrito',
    done: 'Desfeito',
    partly: 'Desfeito em parte',
    nothing: 'Nada foi desfeito',
    failed: 'Não foi possível desfazer',
    cancel: 'Cancelar',
    confirmStudents: (count: number): string =>
      `Desfazer para os ${count} alunos? Cada um volta a como estava antes, turma por turma.`,
    confirmStudentsButton: (count: number): string => `Desfazer para ${count} alunos`,
    confirmRun:
      'Desfazer o lote inteiro? Cada aluno dele volta a como estava antes, turma por turma, também os que não estão nesta página.',
    confirmRunButton: 'Desfazer o lote inteiro',
  },
  en: {
    undo: 'Undo',
    undoing: 'Undoing…',
    turmaOf: (id: string): string => `class ${id}`,
    restored: (count: number): string =>
      count === 1 ? '1 change undone' : `${count} changes undone`,
    unchanged: (count: number): string => (count === 1 ? '1 unchanged' : `${count} unchanged`),
    refused: (count: number): string => (count === 1 ? '1 refused' : `${count} refused`),
    more: (count: string): string => `${count} more`,
    gone: 'the class no longer exists',
    changedSince: 'the enrolment changed after this write; nothing was overwritten',
    done: 'Undone',
    partly: 'Partly undone',
    nothing: 'Nothing was undone',
    failed: 'Could not undo',
    cancel: 'Cancel',
    confirmStudents: (count: number): string =>
      `Undo for all ${count} students? Each goes back to how they were before, class by class.`,
    confirmStudentsButton: (count: number): string => `Undo for ${count} students`,
    confirmRun:
      'Undo the whole run? Each of its students goes back to how they were before, class by class, also those not on this page.',
    confirmRunButton: 'Undo the whole run',
  },
});
export type UndoMessages = ReturnType<typeof useUndoMessages>;

/** One turma's part of an undo's answer: how many of its entries came back, and why not. */
export interface TurmaUndo {
  classId: string;
  /** As the server named it (absent: a turma that no longer exists, or an older server). */
  className: string | undefined;
  restored: number;
  unchanged: number;
  refused: number;
  /** The students refused here, by e-mail, once each. */
  refusedStudents: string[];
  /** The refusals' reasons, once each, as the server said them. */
  reasons: string[];
}

/** The answer by turma, in the order the server named them. */
export function undoByTurma(answer: UndoResponse): TurmaUndo[] {
  const byTurma = new Map<string, TurmaUndo>();
  for (const entry of answer.entries) {
    for (const { classId, className, outcome, reason } of entry.classes) {
      let turma = byTurma.get(classId);
      if (!turma) {
        turma = {
          classId,
          className,
          restored: 0,
          unchanged: 0,
          refused: 0,
          refusedStudents: [],
          reasons: [],
        };
        byTurma.set(classId, turma);
      }
      turma[outcome] += 1;
      if (outcome === 'refused' && !turma.refusedStudents.includes(entry.email)) {
        turma.refusedStudents.push(entry.email);
      }
      if (reason !== null && !turma.reasons.includes(reason)) turma.reasons.push(reason);
    }
  }
  return [...byTurma.values()];
}

/** The server's refusal in the staff's words: the two it gives are known, others are quoted. */
export function reasonText(reason: string, messages: UndoMessages): string {
  if (reason.startsWith('The turma no longer exists')) return messages.gone;
  if (reason.startsWith('The student’s enrolment in this turma changed')) {
    return messages.changedSince;
  }
  return reason;
}

/**
 * Sends an undo; every turma list, roster, student read and History page is read again after it,
 * whatever came of it. A 401 reaches the app's session handling as every mutation's does; once
 * the person has signed in again, the undo's "sign in again" answer goes (`reset`: the undo is
 * idle, its button back) and `onSessionRestored` is told, to give that button the focus. It is
 * not sent again by itself, as no form's write is after a new token (session-expired-dialog.tsx):
 * an undo of an entry written since would be refused anyway, but sending it is the person's call.
 */
export function useUndo(api: Requester, { onSessionRestored: restored }: UndoOptions = {}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: UNDO_MUTATION_KEY,
    // A run of its own, whatever it covers (a run's undo writes an entry per student): History
    // shows its entries together, and they can be undone whole in turn. A retry is only ever of
    // an attempt the server refused before writing (retryPolicy), so a new id per attempt is safe.
    mutationFn: (body: UndoBody) => undo(api, body, { runId: newRunId() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: classQueries.all() }),
  });
  const refusedToken = mutation.error instanceof ApiError && mutation.error.isUnauthorized;
  const { reset } = mutation;
  // The latest one, called when the session comes back.
  const restoredRef = useRef(restored);
  useEffect(() => {
    restoredRef.current = restored;
  });
  useEffect(() => {
    if (!refusedToken) return;
    return onSessionRestored(() => {
      reset();
      restoredRef.current?.();
    });
  }, [refusedToken, reset]);
  return mutation;
}

export interface UndoOptions {
  /** The undo the old token was refused is idle again: its button is back, for focus. */
  onSessionRestored?: () => void;
}

/**
 * Focus is on nothing, or left in what is going away: the sign-in over the page, inert as it
 * closes (not a page that holds `target`, inert as a whole beneath a panel, as in tests). Only
 * then does an undo's button take focus back after a sign-in: never from where the person went.
 */
export function focusLeftNowhere(target: HTMLElement): boolean {
  const active = document.activeElement;
  if (active === null || active === document.body || !active.isConnected) return true;
  const shut = active.closest('[inert]');
  return shut !== null && !shut.contains(target);
}
