// Only ever loaded with a dialog, never with the first screen: the field brings the styles of the
// picker's dropdown (Popover) and the calendar and clock inside it, and the calendar's language.
import '@mantine/core/styles/Popover.css';
import '@mantine/dates/styles.css';
// The calendar's month and weekday names; English is dayjs's own.
import 'dayjs/locale/pt-br';
import { Button, Checkbox, Code, Group, Stack, Text } from '@mantine/core';
import { DatesProvider, DateTimePicker, type DatesProviderSettings } from '@mantine/dates';
import { useState, type Ref } from 'react';
import { useFormats } from '../../i18n/formats';
import { useLocale } from '../../i18n/i18n-context';
import type { Locale } from '../../i18n/messages';
import {
  calendarDaysUntil,
  presetExpiry,
  presetsOf,
  schoolCalendar,
  toInstant,
  type ExpiryValue,
  type LocalDateTime,
  type SchoolCalendar,
} from './expiry';
import classes from './expiry-field.module.css';
import { useExpiryFieldMessages } from './messages';

// Beside the props that use it; the helpers that read it are in ./expiry.
export type { ExpiryValue };

export interface ExpiryFieldProps {
  value: ExpiryValue;
  onChange: (value: ExpiryValue) => void;
  /** Leaving the picker or the "no expiry" box (react-hook-form's `touched`). */
  onBlur?: () => void;
  /**
   * Why the expiry cannot be sent, shown at the picker. It also holds back "expires in N days",
   * which would contradict it (a moment that passed while the form was open).
   */
  error?: string;
  /** While the form is being sent: shown as it is, not changeable. */
  readOnly?: boolean;
  /** The picker: where a form moves focus to report an error about the expiry. */
  ref?: Ref<HTMLButtonElement>;
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
 * An enrolment's expiry: a date and time in the person's time zone (picked, or from a preset),
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
  const formats = useFormats();
  const [calendar] = useState(() => givenCalendar ?? schoolCalendar());
  const locale = useLocale();
  const pickerFormat = useFormats().mediumDateTime;
  const { noExpiry, at } = value;

  return (
    <DatesProvider settings={DATES_SETTINGS[locale]}>
      <Stack gap="xs">
        <DateTimePicker
          ref={ref}
          label={messages.label}
          // Said before sending: the API replaces an enrolled student's expiry without a word.
          description={forEnrolled ? undefined : messages.replacesExisting}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={at}
          onChange={(picked) => onChange({ noExpiry, at: picked })}
          onBlur={onBlur}
          error={error}
          disabled={noExpiry}
          readOnly={readOnly}
          valueFormat={(picked) => formatWith(pickerFormat, picked)}
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
                disabled={noExpiry || readOnly}
                onClick={() => onChange({ noExpiry, at: presetAt })}
              >
                {presetDay
                  ? messages.withDay(messages[preset], formats.date.format(presetDay))
                  : messages[preset]}
              </Button>
            );
          })}
        </Group>
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
            {messages.utc}: <Code>{instant.toISOString()}</Code> ({messages.timeZone(timeZone)})
          </Text>
        </Stack>
      )}
    </div>
  );
}

function formatWith(format: Intl.DateTimeFormat, value: LocalDateTime): string {
  const instant = toInstant(value);
  return instant ? format.format(instant) : value;
}
