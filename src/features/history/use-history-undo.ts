import { useEffect, useRef, useState } from 'react';
import type { UndoBody } from '#contract/extensions';
import { focusLeftNowhere, useUndo } from '../../api/audit-undo';
import type { ApiClient } from '../../api/client';

/**
 * History's undo, one at a time: which entry or run sent it (`key`: the entry's id or the run's),
 * so that its button shows busy; focus on the answer once it comes; and, when the undo's 401 sent
 * the person to sign in again, the answer that said so gone (useUndo) and focus back on the
 * button that sent it, where one press sends it with the new token. That button may come back
 * only with the list, read again after the sign-in (its read met the 401 too): it takes focus
 * when it is there, if focus is still on nothing by then.
 */
export function useHistoryUndo(api: ApiClient) {
  const [undoing, setUndoing] = useState<string | null>(null);
  // Each entry's and run's "Desfazer" on screen, by key, and the one to give focus back to.
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);
  // A frame later: the sign-in over the page has closed and the page is no longer inert.
  const refocusSoon = () =>
    requestAnimationFrame(() => {
      const node = refocus.current === null ? undefined : buttons.current.get(refocus.current);
      if (!node) return;
      refocus.current = null;
      if (focusLeftNowhere(node)) node.focus();
    });
  const undo = useUndo(api, {
    onSessionRestored: () => {
      refocus.current = undoing;
      refocusSoon();
    },
  });
  const answer = useRef<HTMLDivElement>(null);
  const send = (key: string, body: UndoBody) => {
    if (undo.isPending) return;
    refocus.current = null;
    setUndoing(key);
    undo.mutate(body);
  };
  // The button that sent it goes once its entry reads as undone: focus goes to the answer.
  const answered = undo.isSuccess || undo.isError;
  useEffect(() => {
    if (answered) answer.current?.focus();
  }, [answered, undo.submittedAt]);
  return {
    undo,
    answer,
    send,
    busy: (key: string) => undoing === key && undo.isPending,
    /** The ref of `key`'s "Desfazer". */
    buttonRef: (key: string) => (node: HTMLButtonElement | null) => {
      if (!node) return;
      buttons.current.set(key, node);
      if (refocus.current === key) refocusSoon();
      return () => {
        if (buttons.current.get(key) === node) buttons.current.delete(key);
      };
    },
  };
}
