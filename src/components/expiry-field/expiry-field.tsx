// Only ever loaded with a dialog, never with the first screen: the field brings the styles of the
// picker's dropdown (Popover) and the calendar and clock inside it, and the calendar's language.
import '@mantine/core/styles/Popover.css';
import '@mantine/dates/styles.css';
// The calendar's month and weekday names; English is dayjs's own.
import 'dayjs/locale/pt-br';
import {
  ActionIcon,
  Button,
  Checkbox,
  Code,
  Group,
  Popover,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  DatesProvider,
  InlineDateTimePicker,
  type DatesProviderSettings,
  type DateStringValue,
} from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useRef, useState, type Ref } from 'react';
import { useFormats } from '../../i18n/formats';
import { useLocale } from '../../i18n/i18n-context';
import type { Locale } from '../../i18n/messages';
import {
  calendarDaysUntil,
  presetExpiry,
  presetsOf,
  schoolCalendar,
  toInstant,
  toLocalDateTime,
  type ExpiryValue,
  type LocalDateTime,
  type SchoolCalendar,
} from './expiry';
import { DAY_ORDER, readTypedExpiry, type DayOrder } from './typed-expiry';
import classes from './expiry-field.module.css';
import { useExpiryFieldMessages } from './messages';

// Beside the props that use it; the helpers that read it are in ./expiry.
export type { ExpiryValue };

export interface ExpiryFieldProps {
  value: ExpiryValue;
  onChange: (value: ExpiryValue) => void;
  /** Leaving the typed field or the "no expiry" box (react-hook-form's `touched`). */
  onBlur?: () => void;
  /**
   * Why the expiry cannot be sent, shown at the typed field. It also holds back "expires in N days",
   * which would contradict it (a moment that passed while the form was open).
   */
  error?: string;
  /** While the form is being sent: shown as it is, not changeable. */
  readOnly?: boolean;
  /** The typed field: where a form moves focus to report an error about the expiry. */
  ref?: Ref<HTMLInputElement>;
  /** The school's year; the deployment's (config.js) unless given. */
  calendar?: SchoolCalendar;
  /**
   * Every student it is for is in the turma already (the roster): what happens "if the student
   * is already in the turma" is left unsaid, the form says what it replaces.
   */
  forEnrolled?: boolean;
}

/** Weeks start on Sunday on Brazilian and US calendars alike. */
const DATES_SETTINGS: Record<Locale, DatesProviderSettings> = {
  'pt-BR': { locale: 'pt-br', firstDayOfWeek: 0 },
  en: { locale: 'en', firstDayOfWeek: 0 },
};

/**
 * How the field reads and shows a typed moment: the locale's order of day and month, and a form
 * its own reading takes back (seconds only where the value has them).
 */
const TYPED: Record<Locale, { order: DayOrder; minutes: string; seconds: string }> = {
  'pt-BR': {
    order: DAY_ORDER['pt-BR'],
    minutes: 'DD/MM/YYYY HH:mm',
    seconds: 'DD/MM/YYYY HH:mm:ss',
  },
  en: { order: DAY_ORDER.en, minutes: 'M/D/YYYY h:mm A', seconds: 'M/D/YYYY h:mm:ss A' },
};

/**
 * An enrolment's expiry: a date and time in the person's time zone (typed, picked in a calendar,
 * or from a preset),
 * or none at all; under it, the exact instant that will be sent, locally and in UTC, and how
 * many days away it is, so nobody has to do time-zone arithmetic in their head. Controlled: the
 * form owns the value, and turns it into what it sends with `checkExpiry` or `expiryToSend`.
 */
export function ExpiryField({
  value,
  onChange,
  onBlur,
  error,
  readOnly = false,
  ref,
  calendar: givenCalendar,
  forEnrolled = false,
}: ExpiryFieldProps) {
  const messages = useExpiryFieldMessages();
  const [calendar] = useState(() => givenCalendar ?? schoolCalendar());
  const locale = useLocale();
  const typed = TYPED[locale];
  const { noExpiry, at } = value;

  // The text as typed, kept while it still means the value; a value set another way (a preset,
  // the calendar, the form's reset) or another language shows in the locale's form.
  const [text, setText] = useState(() => shownText(at, typed));
  const [shown, setShown] = useState({ at, locale });
  if (shown.at !== at || shown.locale !== locale) {
    setShown({ at, locale });
    setText(shownText(at, typed));
  }

  function type(next: string) {
    const instant = readTypedExpiry(next, typed.order);
    // Text that is no moment stays the value, so the form says it is invalid, not missing.
    const nextAt = next.trim() === '' ? null : instant ? toLocalDateTime(instant) : next;
    setText(next);
    setShown({ at: nextAt, locale });
    onChange({ noExpiry, at: nextAt });
  }

  return (
    <DatesProvider settings={DATES_SETTINGS[locale]}>
      <Stack gap="xs">
        <TextInput
          ref={ref}
          label={messages.label}
          // Said before sending: the API replaces an enrolled student's expiry without a word.
          description={
            forEnrolled ? messages.typeHint : `${messages.typeHint} ${messages.replacesExisting}`
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={text}
          onChange={(event) => type(event.currentTarget.value)}
          onBlur={() => {
            if (at !== null && toInstant(at)) setText(shownText(at, typed));
            onBlur?.();
          }}
          error={error}
          disabled={noExpiry}
          readOnly={readOnly}
          autoComplete="off"
          spellCheck={false}
          rightSectionPointerEvents="all"
          rightSection={
            <ExpiryCalendar
              at={at}
              off={noExpiry || readOnly}
              onPick={(picked) => onChange({ noExpiry, at: picked })}
            />
          }
        />
        <ExpiryPresets
          calendar={calendar}
          value={value}
          off={noExpiry || readOnly}
          onPick={(presetAt) => onChange({ noExpiry, at: presetAt })}
        />
        <Checkbox
          label={messages.noExpiry}
          description={
            forEnrolled
              ? messages.noExpiryDescription
              : `${messages.noExpiryDescription} ${messages.noExpiryRemovesExisting}`
          }
          checked={noExpiry}
          onChange={(event) => onChange({ noExpiry: event.currentTarget.checked, at })}
          onBlur={onBlur}
          disabled={readOnly}
        />
        {!noExpiry && <ExpirySummary at={at} refused={Boolean(error)} />}
      </Stack>
    </DatesProvider>
  );
}

/**
 * The calendar behind its named button, a second way to the typed field: a named dialog that keeps
 * focus through its levels and gives it back on confirm or Escape (decision 016).
 */
function ExpiryCalendar({
  at,
  off,
  onPick,
}: {
  at: LocalDateTime | null;
  off: boolean;
  onPick: (picked: DateStringValue | null) => void;
}) {
  const messages = useExpiryFieldMessages();
  const [pickerOpen, setPickerOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const dropdown = useRef<HTMLDivElement>(null);
  // Mantine's calendar draws each level anew, so the level control or month that was pressed
  // is gone and focus falls to the page: it goes to the day, month or year to choose next.
  const [levelChanges, setLevelChanges] = useState(0);
  useEffect(() => {
    const box = dropdown.current;
    if (levelChanges === 0 || !box || box.contains(document.activeElement)) return;
    (box.querySelector<HTMLElement>('td button[tabindex="0"]:not(:disabled)') ?? box).focus();
  }, [levelChanges]);

  function closePicker() {
    setPickerOpen(false);
    opener.current?.focus();
  }

  return (
    <Popover
      opened={pickerOpen}
      onChange={setPickerOpen}
      trapFocus
      // Escape and a click outside: back to the calendar button, unless focus moved on.
      returnFocus
      position="bottom-end"
      disabled={off}
    >
      <Popover.Target>
        <ActionIcon
          ref={opener}
          variant="subtle"
          color="gray"
          // Also the calendar's name (Mantine labels the popup with its button).
          aria-label={messages.openCalendar}
          disabled={off}
          onClick={() => setPickerOpen((open) => !open)}
        >
          <IconCalendar aria-hidden size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown ref={dropdown} data-mantine-stop-propagation>
        <InlineDateTimePicker
          // Its own width: Mantine 9.7's default fills the container, and a popover sized to its
          // content then grows without end (a panel a million pixels wide, 2026-11-29).
          fullWidth={false}
          value={at !== null && toInstant(at) ? at : null}
          onChange={onPick}
          onSubmit={closePicker}
          __onEnter={closePicker}
          // The form's Escape closes the calendar alone, not the dialog around it.
          __stopPropagation
          onLevelChange={() => setLevelChanges((count) => count + 1)}
          // Days already gone are not offered; today's past hours are refused on sending.
          minDate={new Date()}
          ariaLabels={{
            previousMonth: messages.previousMonth,
            nextMonth: messages.nextMonth,
            previousYear: messages.previousYear,
            nextYear: messages.nextYear,
            previousDecade: messages.previousDecade,
            nextDecade: messages.nextDecade,
            monthLevelControl: messages.chooseMonth,
            yearLevelControl: messages.chooseYear,
          }}
          timePickerProps={{
            hoursInputLabel: messages.hours,
            minutesInputLabel: messages.minutes,
          }}
          submitButtonProps={{ 'aria-label': messages.confirmTime }}
          classNames={{ day: classes.day }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

/** The school's usual expiries, each naming the day it picks; the one in use shows as pressed. */
function ExpiryPresets({
  calendar,
  value: { noExpiry, at },
  off,
  onPick,
}: {
  calendar: SchoolCalendar;
  value: ExpiryValue;
  off: boolean;
  onPick: (presetAt: LocalDateTime) => void;
}) {
  const messages = useExpiryFieldMessages();
  const formats = useFormats();
  return (
    <Group gap="xs" role="group" aria-label={messages.presets}>
      {presetsOf(calendar).map((preset) => {
        const presetAt = presetExpiry(preset, new Date(), calendar);
        // The day it picks is in its name: "the school year" may be next year's (60-day rule).
        const presetDay = toInstant(presetAt);
        // The preset the value came from shows as chosen, in its look and to screen readers.
        const chosen = !noExpiry && at === presetAt;
        return (
          <Button
            key={preset}
            size="compact-sm"
            variant={chosen ? 'filled' : 'default'}
            aria-pressed={chosen}
            disabled={off}
            onClick={() => onPick(presetAt)}
          >
            {presetDay
              ? messages.withDay(messages[preset], formats.date.format(presetDay))
              : messages[preset]}
          </Button>
        );
      })}
    </Group>
  );
}

/**
 * What will be sent, read out when it changes (a preset, a new pick): the day and time in words
 * where the person is, then how far away; the exact instant the API gets (UTC) comes last, as a
 * detail for whoever checks it.
 */
function ExpirySummary({ at, refused }: { at: LocalDateTime | null; refused: boolean }) {
  const messages = useExpiryFieldMessages();
  const formats = useFormats();
  const timeZone = formats.fullDateTime.resolvedOptions().timeZone;

  const instant = at === null ? null : toInstant(at);
  const now = new Date();
  return (
    <div aria-live="polite">
      {instant && (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {messages.until(formats.fullDateShortTime.format(instant))}
          </Text>
          {refused ? null : instant.getTime() > now.getTime() ? (
            <Text size="sm">
              {messages.expires(
                formats.relativeTime.format(calendarDaysUntil(instant, now), 'day'),
              )}
            </Text>
          ) : (
            <Text size="sm" c="var(--mantine-color-error)">
              {messages.alreadyPast}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {messages.utc} <Code>{instant.toISOString()}</Code> ({messages.timeZone(timeZone)})
          </Text>
        </Stack>
      )}
    </div>
  );
}

/** What the typed field shows for a value: the moment in the locale's form, or the text typed. */
function shownText(at: LocalDateTime | null, typed: (typeof TYPED)[Locale]): string {
  if (at === null) return '';
  if (!toInstant(at)) return at;
  const moment = dayjs(at);
  return moment.locale('en').format(moment.second() === 0 ? typed.minutes : typed.seconds);
}
