import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { SidePanel } from '../../components/side-panel/side-panel';
import { useHistoryMessages } from './messages';

/**
 * History's panel over the page, whichever history it shows (the server's or this browser's):
 * the console's side panel, so focus comes back to "Histórico" when it closes.
 */
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
    <SidePanel opened={opened} onClose={onClose} title={messages.title} closeLabel={messages.close}>
      <Box px="md" pb="md">
        {children}
      </Box>
    </SidePanel>
  );
}
