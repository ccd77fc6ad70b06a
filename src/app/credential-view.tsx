// Loaded once the server offers the `me` extension (credential-parts.tsx), off the first screen.
import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, type ApiClient } from '../api/client';
import { credentialQueries } from '../api/credential-queries';
import type { CredentialRole } from '#contract';
import { defineMessages } from '../i18n/define-messages';
import classes from './credential-view.module.css';
import { useCredential } from './credential-access';

const useCredentialMessages = defineMessages<{
  credential: string;
  roles: Record<CredentialRole, string>;
  readOnly: string;
}>({
  'pt-BR': {
    credential: 'Credencial',
    roles: { read: 'consulta', write: 'escrita' },
    readOnly: 'Esta credencial só pode consultar.',
  },
  en: {
    credential: 'Credential',
    roles: { read: 'read only', write: 'read and write' },
    readOnly: 'This credential can only read.',
  },
});

/** The header's "secretaria-sede · consulta", once the server has said. */
export function CredentialName({ api }: { api: ApiClient }) {
  useCredentialWatch();
  const messages = useCredentialMessages();
  const { name, role } = useCredential(api);
  if (name === undefined || role === undefined) return null;
  const roleText = messages.roles[role];
  // A credential named after its role ("consulta") says it once, not "consulta · consulta".
  const nameIsRole = name.trim().toLocaleLowerCase() === roleText.toLocaleLowerCase();
  return (
    <Text
      component="p"
      size="xs"
      c="dimmed"
      className={classes.name}
      title={nameIsRole ? name : `${name} · ${roleText}`}
    >
      <VisuallyHidden>{messages.credential}: </VisuallyHidden>
      <span className={classes.part}>{name}</span>
      {!nameIsRole && (
        <>
          <span aria-hidden className={classes.separator}>
            {' · '}
          </span>
          <VisuallyHidden>, </VisuallyHidden>
          <span className={classes.part}>{roleText}</span>
        </>
      )}
    </Text>
  );
}

/** Why a `read` credential has no write controls. */
export function ReadOnlyNotice() {
  const messages = useCredentialMessages();
  return (
    <Group gap={6} wrap="nowrap" role="status">
      <IconEye aria-hidden size={18} />
      <Text size="sm">{messages.readOnly}</Text>
    </Group>
  );
}

/** A 403 means the role may have changed mid-session: the credential is asked again. */
function useCredentialWatch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = (error: unknown) => {
      if (error instanceof ApiError && error.status === 403) {
        void queryClient.invalidateQueries({ queryKey: credentialQueries.all() });
      }
    };
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    return () => {
      unsubscribeMutations();
      unsubscribeQueries();
    };
  }, [queryClient]);
}
