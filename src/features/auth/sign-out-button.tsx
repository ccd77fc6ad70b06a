import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { NarrowButton } from '../../components/narrow-button/narrow-button';
import { useMessages } from '../../i18n/i18n-context';
import { tokenStore } from './token-store';

interface SignOutButtonProps {
  /** Clears whatever else belongs to the session (selections, drafts), after the token. */
  onSignOut?: () => void;
}

export function SignOutButton({ onSignOut }: SignOutButtonProps) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  return (
    <NarrowButton
      icon={<IconLogout aria-hidden size={18} />}
      label={messages.auth.signOut}
      onClick={() => {
        tokenStore.clear();
        // Whoever uses this browser next must not see the previous session's data, even cached.
        queryClient.clear();
        onSignOut?.();
      }}
    />
  );
}
