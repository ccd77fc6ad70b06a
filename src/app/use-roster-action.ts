import { useMemo } from 'react';
import type { ApiClient } from '../api/client';
import { useExtension } from '../api/use-extension';
import { ROSTER_EXTENSION, type ClassSummary } from '#contract';
import type { RowAction } from '../features/classes/table/class-table';
import {
  turmaLabel,
  useClassListMessages,
  type ClassListMessages,
} from '../features/classes/list/messages';
import { openRoster } from '../features/roster/use-roster-params';
import { useMessages } from '../i18n/i18n-context';
import type { Messages } from '../i18n/messages';

// The roster (its table, search, the dialogs acting on it) is for those who open one: its code
// loads on a pointer or focus reaching a button that opens it, or with a link that opens one.
export const loadRosterPanel = () => import('../features/roster/roster-panel');
const wantRosterPanel = () => void loadRosterPanel().catch(() => undefined);

/**
 * "Alunos" on each row and on each chip of the tray, opening that turma's roster; undefined while
 * the server has not said it offers the roster extension (a plain v1 platform never does), so no
 * roster control shows there at all. Memoised: the list re-renders its rows when it changes. It
 * does not read the address, so a new page or search does not re-render the page around the list.
 */
export function useRosterAction(api: Pick<ApiClient, 'extensions'>): RowAction | undefined {
  const available = useExtension(api, ROSTER_EXTENSION);
  const messages = useMessages().roster;
  const listMessages = useClassListMessages();
  return useMemo(
    () => (available ? rosterRowAction(messages, listMessages) : undefined),
    [available, messages, listMessages],
  );
}

/** The roster's row action itself; the first rows public/shell.js paints show it too. */
export function rosterRowAction(
  messages: Messages['roster'],
  listMessages: ClassListMessages,
): RowAction {
  return {
    label: messages.openAction,
    name: (turma: ClassSummary) => messages.openActionName(turma.name),
    onClick: (turma: ClassSummary) =>
      openRoster({ id: turma.id, name: turmaLabel(turma.name, listMessages) }),
    onIntent: wantRosterPanel,
  };
}
