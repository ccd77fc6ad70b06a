import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import classes from '../bulk.module.css';
import type { BulkMessages } from '../messages';
import type { StudentLookup } from './use-student-lookup';

/** What the lookup of existing students is doing, or why it is not there. */
export function LookupStatus({
  lookup,
  startWhenDone,
  messages,
}: {
  lookup: StudentLookup;
  startWhenDone: boolean;
  messages: BulkMessages;
}) {
  const text = messages.preview.lookup;
  switch (lookup.state) {
    case 'off':
      return (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconInfoCircle aria-hidden size={18} className={classes.infoIcon} />
          <Text size="sm">{text.unavailable}</Text>
        </Group>
      );
    case 'looking':
      return (
        <Group gap="xs" wrap="nowrap" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">
            {text.running}
            {startWhenDone && ` ${text.startWhenDone}`}
          </Text>
        </Group>
      );
    case 'failed':
      return (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden size={18} />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{text.failed}</Text>
            <Button variant="default" size="xs" onClick={lookup.retry}>
              {text.retry}
            </Button>
          </Stack>
        </Alert>
      );
    case 'done':
      return null;
  }
}
