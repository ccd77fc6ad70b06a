import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useFormats } from '../../../i18n/formats';
import classes from '../bulk.module.css';
import type { BulkMessages } from '../messages';
import { countWarnings, type RowWarning, type RowWarningKind } from './review-warnings';

/** The order the warnings' summary counts them in. */
const WARNING_ORDER: readonly RowWarningKind[] = [
  'shortens',
  'removes',
  'limits',
  'other-name',
  'columns-swapped',
];

/** One line counting the lines warned of, by what they warn of. */
export function WarningsSummary({
  warnings,
  messages,
}: {
  warnings: ReadonlyMap<number, readonly RowWarning[]>;
  messages: BulkMessages;
}) {
  const { number } = useFormats();
  const counts = countWarnings(warnings.values());
  const parts = WARNING_ORDER.filter((kind) => counts[kind] > 0).map((kind) =>
    messages.preview.warningCounts[kind](counts[kind], number.format(counts[kind])),
  );
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconAlertTriangle aria-hidden size={18} className={classes.noticeIcon} />
      <Text size="sm">{messages.preview.warningsSummary(parts)}</Text>
    </Group>
  );
}
