import type { TextInputProps } from '@mantine/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { DAY_ORDER } from '../../components/expiry-field/typed-expiry';
import { useLocale } from '../../i18n/i18n-context';
import { readDayRange, readTypedDay, type DayProblems, type Filters } from './filters';
import { useHistoryMessages } from './messages';

type DayFieldProps = TextInputProps & { ref: RefObject<HTMLInputElement | null> };

/**
 * History's two day fields, "Do dia" and "Até o dia": what was typed, kept until cleared (a
 * refused range and a failed read alike), and the check the filter form makes before it sends.
 */
export function useDayRange(filters: Filters) {
  const messages = useHistoryMessages();
  const order = DAY_ORDER[useLocale()];
  const [text, setText] = useState({ from: filters.fromDay ?? '', to: filters.toDay ?? '' });
  const [problems, setProblems] = useState<DayProblems>({});
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  // Filters set another way (an entry's "Só este …", which has no days) show in the fields; a
  // day as typed stays while it names the filter's (14/11/2026 is not rewritten).
  const [shown, setShown] = useState(filters);
  if (filters !== shown) {
    setShown(filters);
    const kept = (typed: string, day: string | undefined) =>
      day === undefined ? '' : readTypedDay(typed, order) === day ? typed : day;
    setText({ from: kept(text.from, filters.fromDay), to: kept(text.to, filters.toDay) });
    setProblems({});
  }
  // Once a problem is on screen, its field takes focus: read out with its error, to be corrected.
  useEffect(() => {
    if (problems.from) fromRef.current?.focus();
    else if (problems.to) toRef.current?.focus();
  }, [problems]);

  const problemText = (problem: DayProblems['to']) =>
    problem === 'invalid'
      ? messages.invalidDay
      : problem === 'endBeforeStart'
        ? messages.endBeforeStart
        : undefined;
  const field = (end: 'from' | 'to'): TextInputProps => ({
    label: end === 'from' ? messages.fromDay : messages.toDay,
    description: messages.dayHint,
    value: text[end],
    onChange: (event) => {
      const typed = event.currentTarget.value;
      setText((current) => ({ ...current, [end]: typed }));
    },
    error: problemText(problems[end]),
    autoComplete: 'off',
    spellCheck: false,
  });

  return {
    from: { ...field('from'), ref: fromRef } satisfies DayFieldProps,
    to: { ...field('to'), ref: toRef } satisfies DayFieldProps,
    /** The days to send; null when they cannot go, each problem said at its field. */
    check(): Pick<Filters, 'fromDay' | 'toDay'> | null {
      const read = readDayRange(text.from, text.to, order);
      setProblems('problems' in read ? read.problems : {});
      return 'days' in read ? read.days : null;
    },
    clear() {
      setText({ from: '', to: '' });
      setProblems({});
    },
  };
}
