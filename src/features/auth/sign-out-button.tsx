import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMessages } from '../../i18n/i18n-context';
import classes from './sign-out-button.module.css';
import { tokenStore } from './token-store';

interface SignOutButtonProps {
  /** Clears whatever else belongs to the session (selections, drafts), after the token. */
  onSignOut?: () => void;
}

export function SignOutButton({ onSignOut }: SignOutButtonProps) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  return (
    <Button
      variant="default"
      // Its name whatever the width: below xs the button shows only its icon.
      aria-label={messages.auth.signOut}
      leftSection={<IconLogout aria-hidden size={18} />}
      classNames={{ section: classes.section }}
      onClick={() => {
        tokenStore.clear();
        // Whoever uses this browser next must not see the previous session's data, even cached.
        queryClient.clear();
        onSignOut?.();
      }}
    >
      {/* Not drawn on narrow screens, so the header never overflows. */}
      <span className={classes.label}>{messages.auth.signOut}</span>
    </Button>
  );
}
