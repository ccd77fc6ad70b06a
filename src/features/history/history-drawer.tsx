// Loaded with the views, not with the first screen (src/app/mantine-styles.ts).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Drawer.css';
import { Drawer, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useHistoryMessages } from './messages';

/** History's panel over the page, whichever history it shows (the server's or this browser's). */
export function HistoryDrawer({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const messages = useHistoryMessages();
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="xl">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* Not Drawer.Header: a <header> here would be a second banner landmark for axe. */}
        <Group justify="space-between" p="md" wrap="nowrap">
          <Drawer.Title fz="xl" fw={700}>
            {messages.title}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={messages.close} />
        </Group>
        <Drawer.Body>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
