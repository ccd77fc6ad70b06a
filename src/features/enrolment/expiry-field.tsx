import { Button, Checkbox, Code, Group, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useMemo } from 'react';
import { Controller, useFormState, useWatch } from 'react-hook-form';
import { useLocale } from '../../i18n/i18n-context';
import type { EnrolFormControl } from './enrol-form-schema';
import {
  calendarDaysUntil,
  EXPIRY_PRESETS,
  presetExpiry,
  toInstant,
  type LocalDateTime,
} from './expiry';
import classes from './expiry-field.module.css';
import { useEnrolmentMessages } from './messages';

interface ExpiryFieldProps {
  control: EnrolFormControl;
  /** While the form is being sent: shown as it is, not changeable. */
  readOnly: boolean;
}

/**
 * The enrolment's expiry: a date and time in the person's time zone (picked, or from a preset),
 * or none at all; under it, the exact instant that will be sent, locally and in UTC, and how
 * many days away it is, so nobody has to do time-zone arithmetic in their head.
 */
export function ExpiryField({ control, readOnly }: ExpiryFieldProps) {
  const messages = useEnrolmentMessages().expiry;
  const locale = useLocale();
  const noExpiry = useWatch({ control, name: 'expiry.noExpiry' });
  const pickerFormat = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );

  return (
    <Stack gap="xs">
      <Controller
        control={control}
        name="expiry.at"
        render={({ field, fieldState }) => (
          <>
            <DateTimePicker
              ref={field.ref}
              label={messages.label}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              disabled={noExpiry}
              readOnly={readOnly}
              valueFormat={(value) => formatWith(pickerFormat, value)}
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
              {EXPIRY_PRESETS.map((preset) => (
                <Button
                  key={preset}
                  size="compact-sm"
                  variant="default"
                  disabled={noExpiry || readOnly}
                  onClick={() => field.onChange(presetExpiry(preset, new Date()))}
                >
                  {messages[preset]}
                </Button>
              ))}
            </Group>
          </>
        )}
      />
      <Controller
        control={control}
        name="expiry.noExpiry"
        render={({ field }) => (
          <Checkbox
            ref={field.ref}
            name={field.name}
            label={messages.noExpiry}
            description={messages.noExpiryDescription}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            disabled={readOnly}
          />
        )}
      />
      {!noExpiry && <ExpirySummary control={control} />}
    </Stack>
  );
}

/** What will be sent, said three ways; read out when it changes (a preset, a new pick). */
function ExpirySummary({ control }: { control: EnrolFormControl }) {
  const messages = useEnrolmentMessages().expiry;
  const locale = useLocale();
  const at = useWatch({ control, name: 'expiry.at' });
  // While the field shows an error (a moment that passed while the form was open), the error
  // says what is wrong; a count of days read before it would contradict it.
  const refused = useFormState({ control, name: 'expiry.at' }).errors.expiry?.at !== undefined;
  const formats = useMemo(() => {
    const local = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'long' });
    return {
      local,
      timeZone: local.resolvedOptions().timeZone,
      relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
    };
  }, [locale]);

  const instant = at === null ? null : toInstant(at);
  const now = new Date();
  return (
    <div aria-live="polite">
      {instant && (
        <Stack gap={2}>
          <Text size="sm">
            {messages.localTime}: {formats.local.format(instant)} ({formats.timeZone})
          </Text>
          <Text size="sm">
            {messages.utc}: <Code>{instant.toISOString()}</Code>
          </Text>
          {refused ? null : instant.getTime() > now.getTime() ? (
            <Text size="sm">
              {messages.expires(formats.relative.format(calendarDaysUntil(instant, now), 'day'))}
            </Text>
          ) : (
            <Text size="sm" c="var(--mantine-color-error)">
              {messages.alreadyPast}
            </Text>
          )}
        </Stack>
      )}
    </div>
  );
}

function formatWith(format: Intl.DateTimeFormat, value: LocalDateTime): string {
  const instant = toInstant(value);
  return instant ? format.format(instant) : value;
}
