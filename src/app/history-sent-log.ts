import type { QueryClient } from '@tanstack/react-query';
import { cachedTurmaName } from '../api/cached-turma-name';
import { createSentLog } from '../api/sent-log';
import { tokenStore } from '../features/auth/token-store';

let lists: QueryClient | undefined;

/**
 * The console's one sent log (History without the `audit` extension), loaded with the first
 * write or with History, never with the first screen. It follows the sign-in's "remember on this
 * device" choice; turmas are named from the lists of the QueryClient History's button was given.
 */
export const sentLog = createSentLog({
  remembered: () => tokenStore.getSession().remember,
  turmaName: (classId) => (lists ? cachedTurmaName(lists, classId) : undefined),
});

export function nameTurmasFrom(queryClient: QueryClient): void {
  lists = queryClient;
}
