import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import classes from './enrol-warnings.module.css';
import type { StudentLookup } from './use-student-lookup';

/** What each place that looks students up says of it, in its own words. */
export interface LookupTexts {
  running: string;
  /** What is missing without it, and that sending anyway is possible. */
  failed: string;
  retry: string;
  startWhenDone: string;
  /** Without the extension: what happens to students already registered, said once. */
  unavailable: string;
}

/** What the lookup of existing students is doing, or why it is not there. */
export function LookupStatus({
  lookup,
  startWhenDone,
  text,
}: {
  lookup: StudentLookup;
  startWhenDone: boolean;
  text: LookupTexts;
}) {
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
