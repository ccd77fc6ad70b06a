import type { Class } from '#contract';
import { useClassListMessages } from '../features/classes/list/messages';
import { ClassRow } from '../features/classes/table/class-table-row';
import type { Formats } from '../i18n/formats';
import { useMessages } from '../i18n/i18n-context';
import { rosterRowAction } from './use-roster-action';
import { writeActions } from './write-actions';

const noAction = () => undefined;

/**
 * Build time only (prerender-shell.tsx): one row of the list with the actions its first rows
 * show, the writes and the roster's where offered, in a table of its own.
 */
export function TemplateRow({
  roster,
  turma,
  formats,
}: {
  roster: boolean;
  turma: Class;
  formats: Formats;
}) {
  const messages = useMessages();
  const listMessages = useClassListMessages();
  const actions = [
    ...writeActions(messages, noAction, noAction, (turmas) => [...turmas]),
    ...(roster ? [rosterRowAction(messages.roster, listMessages)] : []),
  ];
  return (
    <table>
      <tbody>
        <ClassRow
          turma={turma}
          query=""
          selected={false}
          onToggle={noAction}
          formats={formats}
          actions={actions}
        />
      </tbody>
    </table>
  );
}
