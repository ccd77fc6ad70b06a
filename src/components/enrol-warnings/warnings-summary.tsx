import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useFormats } from '../../i18n/formats';
import { countWarnings, type EnrolWarning, type EnrolWarningKind } from './enrol-warnings';
import classes from './enrol-warnings.module.css';
import { useEnrolWarningMessages } from './messages';

/** The order the warnings' summary counts them in. */
const WARNING_ORDER: readonly EnrolWarningKind[] = [
  'shortens',
  'removes',
  'expired',
  'limits',
  'other-name',
  'columns-swapped',
  'not-registered',
  'in-none',
];

/** One line counting the students (or lines) warned of, by what they warn of. */
export function WarningsSummary({ warnings }: { warnings: Iterable<readonly EnrolWarning[]> }) {
  const messages = useEnrolWarningMessages();
  const { number } = useFormats();
  const counts = countWarnings(warnings);
  const parts = WARNING_ORDER.filter((kind) => counts[kind] > 0).map((kind) =>
    messages.counts[kind](counts[kind], number.format(counts[kind])),
  );
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconAlertTriangle aria-hidden size={18} className={classes.noticeIcon} />
      <Text size="sm">{messages.summary(parts)}</Text>
    </Group>
  );
}

/** One warning about one student, as a line of its own. */
export function WarningText({ warning, typedName }: { warning: EnrolWarning; typedName: string }) {
  const messages = useEnrolWarningMessages();
  const formats = useFormats();
  const date = (iso: string) => formats.mediumDateTime.format(new Date(iso));
  return (
    <div className={classes.warning}>
      <IconAlertTriangle aria-hidden size={14} className={classes.noticeIcon} />
      {messages.warning(warning, typedName, date)}
    </div>
  );
}
