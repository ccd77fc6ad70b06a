import { AppShell as MantineAppShell, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMessages } from '../i18n/i18n-context';
import classes from './app-shell.module.css';
import focus from './focus-target.module.css';

export const MAIN_ID = 'main';

interface AppShellProps {
  /** Header actions, e.g. sign-out when signed in. */
  actions?: ReactNode;
  children: ReactNode;
}

export function AppShell({ actions, children }: AppShellProps) {
  const messages = useMessages();
  return (
    <MantineAppShell header={{ height: 56 }} padding="md">
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        {messages.app.skipToContent}
      </a>
      <MantineAppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Text component="span" fw={700} size="lg">
            {messages.app.productName}
          </Text>
          {actions}
        </Group>
      </MantineAppShell.Header>
      <MantineAppShell.Main id={MAIN_ID} tabIndex={-1} className={focus.focusTarget}>
        {children}
      </MantineAppShell.Main>
    </MantineAppShell>
  );
}
