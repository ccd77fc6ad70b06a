import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import type { ApiClient } from '../../api/client';
import type { StudentMatch } from '#contract/extensions';
import { visibleName } from '../../components/visible-name/visible-name';
import { useFormats } from '../../i18n/formats';
import type { EnrolFormControl } from './enrolment-schema';
import { useEnrolmentMessages } from './messages';
import { useSameNameStudents } from './same-name-lookup';
import classes from './existing-student.module.css';

/** Staff's answers, kept by the form (same-name-lookup.ts `sameNameKey`). */
export interface SameNameAnswers {
  /** Said "a new student" for this name and e-mail: not asked again for them. */
  newFor: string | null;
  /** Sending was stopped to ask about this name and e-mail; `times` moves focus again. */
  asked: { key: string; times: number } | null;
}

interface SameNameQuestionProps {
  api: Pick<ApiClient, 'request'>;
  control: EnrolFormControl;
  /** The roster extension is there; without it nothing is asked and nothing shown. */
  enabled: boolean;
  answers: SameNameAnswers;
  /** "Usar este e-mail": the form takes the student's e-mail. */
  onPick: (student: StudentMatch) => void;
  /** "Não, é um aluno novo", for the name and e-mail the question was about. */
  onNew: (key: string) => void;
}

/**
 * Under the e-mail, before sending: "É este aluno?" with the students who have the typed name and
 * another e-mail, each with their e-mail and a button that takes it, and "Não, é um aluno novo".
 * Once answered "new", one line says a student will be created. Nothing typed changes until
 * staff pick.
 */
export function SameNameQuestion({
  api,
  control,
  enabled,
  answers,
  onPick,
  onNew,
}: SameNameQuestionProps) {
  const words = useEnrolmentMessages().sameName;
  const formats = useFormats();
  const titleId = useId();
  const titleRef = useRef<HTMLParagraphElement>(null);
  const confirmedRef = useRef<HTMLParagraphElement>(null);
  const focusConfirmed = useRef(false);
  const { candidates, isNew, key } = useSameNameStudents(api, control, enabled);
  const answeredNew = isNew && answers.newFor === key;
  const shown = answeredNew ? [] : candidates;
  const asked = shown.length > 0 && answers.asked?.key === key ? answers.asked : null;

  // Sending was stopped to ask: the question is where staff continue.
  useEffect(() => {
    if (asked) titleRef.current?.focus();
  }, [asked]);
  useEffect(() => {
    if (answeredNew && focusConfirmed.current) confirmedRef.current?.focus();
    focusConfirmed.current = false;
  }, [answeredNew]);

  if (!enabled) return null;
  const name = visibleName(shown[0]?.name ?? '');
  // Always there while the extension is: a live region must exist before its words change.
  const status = (
    <VisuallyHidden role="status">
      {shown.length > 0 ? words.announce(shown.length, name) : ''}
    </VisuallyHidden>
  );
  if (shown.length === 0) {
    return (
      <>
        {status}
        {answeredNew && candidates.length > 0 && (
          <Text size="sm" ref={confirmedRef} tabIndex={-1}>
            {words.confirmedNew}
          </Text>
        )}
      </>
    );
  }

  return (
    <Stack gap={6} className={classes.panel} role="group" aria-labelledby={titleId}>
      {status}
      <Text size="sm" fw={600} id={titleId} ref={titleRef} tabIndex={-1}>
        {words.title}
      </Text>
      <Text size="sm">{words.intro(shown.length, name)}</Text>
      <ul className={classes.candidates} aria-label={words.listLabel}>
        {shown.map((student) => (
          <li key={student.email} className={classes.candidate}>
            <span>
              <span className={classes.turmaName}>{visibleName(student.name)}</span>
              {' — '}
              <span className={classes.candidateEmail}>{student.email}</span>
            </span>
            <span className={classes.candidateTurmas}>
              {words.turmas(student.countClasses, formats.number.format(student.countClasses))}
            </span>
            <Button
              size="compact-sm"
              variant="default"
              aria-label={words.useLabel(student.email)}
              onClick={() => onPick(student)}
            >
              {words.use}
            </Button>
          </li>
        ))}
      </ul>
      {asked && (
        <Text size="sm" role="alert" className={classes.answerFirst}>
          {words.answerFirst}
        </Text>
      )}
      <Group>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => {
            focusConfirmed.current = true;
            onNew(key);
          }}
        >
          {words.isNew}
        </Button>
      </Group>
    </Stack>
  );
}
