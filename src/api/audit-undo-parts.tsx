/** Undo's two parts on screen: its answer, and the success message's "Desfazer" (audit-undo.ts). */
// Loaded with undo, not with the first screen (src/app/mantine-styles.ts).
import '@mantine/core/styles/List.css';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { UndoBody, UndoResponse } from '#contract/extensions';
import { describeApiError } from '../i18n/describe-api-error';
import { formatNames } from '../i18n/format-names';
import { useLocale, useMessages } from '../i18n/i18n-context';
import { focusLeftNowhere, reasonText, undoByTurma, useUndo, useUndoMessages } from './audit-undo';
import { cachedTurmaName } from './cached-turma-name';
import type { Requester } from './extension-calls';

/**
 * Focuses the element it is given once, as it is shown, where focus was left on nothing: the
 * button that sent the undo went in the same commit, and focus with it.
 */
function useFocusWhenShown() {
  return useCallback((node: HTMLElement | null) => {
    const active = document.activeElement;
    if (node && (active === null || active === document.body)) node.focus({ preventScroll: true });
  }, []);
}

/**
 * What an undo did, turma by turma (a group named by its title), or why it could not be sent.
 * No live region of its own: it shows inside one (History's answer, a panel's notice, a success
 * message), or takes the focus, and a second region inside the first was read twice.
 */
export function UndoAnswer({
  answer,
  error,
  takesFocus = false,
}: {
  answer: UndoResponse | undefined;
  error: unknown;
  /** Shown in place of the button that sent the undo: takes the focus that button had. */
  takesFocus?: boolean;
}) {
  const messages = useUndoMessages();
  const appMessages = useMessages();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const shownRef = useFocusWhenShown();
  const focusRef = takesFocus ? shownRef : undefined;
  if (error) {
    return (
      <Text size="sm" c="red.8" tabIndex={-1} ref={focusRef}>
        {messages.failed}: {describeApiError(error, appMessages)}
      </Text>
    );
  }
  if (!answer) return null;
  const turmas = undoByTurma(answer);
  const restored = turmas.some((turma) => turma.restored > 0);
  const refused = turmas.some((turma) => turma.refused > 0);
  const title = !restored ? messages.nothing : refused ? messages.partly : messages.done;
  return (
    <Stack gap={4} role="group" aria-label={title} tabIndex={-1} ref={focusRef}>
      <Text size="sm" fw={700}>
        {title}
      </Text>
      <List size="sm" spacing={2}>
        {turmas.map((turma) => {
          // Said once each, as the staff read them: the server's wording may differ per entry.
          const reasons = [...new Set(turma.reasons.map((reason) => reasonText(reason, messages)))];
          return (
            <List.Item key={turma.classId}>
              {turma.className ??
                cachedTurmaName(queryClient, turma.classId) ??
                messages.turmaOf(turma.classId)}
              :{' '}
              {[
                turma.restored > 0 && messages.restored(turma.restored),
                turma.unchanged > 0 && messages.unchanged(turma.unchanged),
                turma.refused > 0 &&
                  `${messages.refused(turma.refused)} (${formatNames(
                    turma.refusedStudents,
                    locale,
                    messages.more,
                  )}): ${reasons.join('; ')}`,
              ]
                .filter(Boolean)
                .join(', ')}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}

/**
 * Asked before an undo that sets many students back at once: it can be undone in turn, but one
 * key press should not take a run of students out of their turmas. Focus goes to the question,
 * so that neither answer is one Enter away; cancelling gives it back to what asked.
 */
export function UndoConfirm({
  question,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const messages = useUndoMessages();
  const focusRef = useCallback((node: HTMLDivElement | null) => node?.focus(), []);
  return (
    <Stack gap="xs" role="group" aria-label={question} tabIndex={-1} ref={focusRef}>
      <Text size="sm">{question}</Text>
      <Group gap="xs">
        <Button size="xs" color="red.9" onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button size="xs" variant="default" onClick={onCancel}>
          {messages.cancel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Desfazer" for one write or run just made (a success message's), then its answer in place.
 * Sent once: a second click would only be refused. An undo refused for an expired token comes
 * back as the button once the person has signed in again: nothing was undone yet.
 */
export function UndoWrite({
  api,
  body,
  onUndone,
  students = 1,
}: {
  api: Requester;
  body: UndoBody;
  /** The answer came (the message may now stay until read); undefined when the undo failed. */
  onUndone?: (answer: UndoResponse | undefined) => void;
  /** How many students the write changed: more than one is asked first (`UndoConfirm`). */
  students?: number;
}) {
  const messages = useUndoMessages();
  const [confirming, setConfirming] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The question gone, the button is back in its place (busy once sent): focus with it, not on
  // the page's body, until the answer takes its place.
  const backToButton = () => requestAnimationFrame(() => button.current?.focus());
  // Refused for the old token, then signed in again: the answer that said so goes, and the
  // button is back (useUndo), with focus if it was left on nothing.
  const undo = useUndo(api, {
    onSessionRestored: () =>
      requestAnimationFrame(() => {
        const node = button.current;
        if (node && focusLeftNowhere(node)) node.focus();
      }),
  });
  const send = () => {
    if (confirming) backToButton();
    setConfirming(false);
    undo.mutate(body, { onSettled: (answer) => onUndone?.(answer) });
  };
  if (undo.isSuccess || undo.isError) {
    return <UndoAnswer answer={undo.data} error={undo.error} takesFocus />;
  }
  if (confirming) {
    return (
      <UndoConfirm
        question={messages.confirmStudents(students)}
        confirmLabel={messages.confirmStudentsButton(students)}
        onConfirm={send}
        onCancel={() => {
          setConfirming(false);
          backToButton();
        }}
      />
    );
  }
  return (
    <Button
      ref={button}
      size="xs"
      variant="default"
      loading={undo.isPending}
      onClick={() => (students > 1 ? setConfirming(true) : send())}
    >
      {undo.isPending ? messages.undoing : messages.undo}
    </Button>
  );
}
