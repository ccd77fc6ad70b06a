import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMessages } from '../../i18n/i18n-context';
import { tokenStore } from './token-store';

export function SignOutButton() {
  const messages = useMessages();
  const queryClient = useQueryClient();
  return (
    <Button
      variant="default"
      onClick={() => {
        tokenStore.clear();
        // Whoever uses this browser next must not see the previous session's data, even cached.
        queryClient.clear();
      }}
    >
      {messages.auth.signOut}
    </Button>
  );
}
