import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { ApiClient } from '../api/client';
import type { CredentialRole } from '#contract';
import { defineMessages } from '../i18n/define-messages';
import classes from './credential-parts.module.css';
import { useCredential, useCredentialWatch } from './credential-access';

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

/**
 * The header's "secretaria-sede · consulta", once the server has said (the `me` extension). It
 * comes first among the controls, which are anchored to the header's end, so it moves nothing.
 */
export function CredentialName({ api }: { api: ApiClient }) {
  useCredentialWatch();
  const messages = useCredentialMessages();
  const { name, role } = useCredential(api);
  if (name === undefined || role === undefined) return null;
  const roleText = messages.roles[role];
  return (
    <Text
      component="p"
      size="xs"
      c="dimmed"
      className={classes.name}
      title={`${name} · ${roleText}`}
    >
      <VisuallyHidden>{messages.credential}: </VisuallyHidden>
      <span className={classes.part}>{name}</span>
      <span aria-hidden> · </span>
      <VisuallyHidden>, </VisuallyHidden>
      <span className={classes.part}>{roleText}</span>
    </Text>
  );
}

/** Said once, where the write controls it replaces would be: why there are none. */
export function ReadOnlyNotice() {
  const messages = useCredentialMessages();
  return (
    <Group gap={6} wrap="nowrap" role="status">
      <IconEye aria-hidden size={18} />
      <Text size="sm">{messages.readOnly}</Text>
    </Group>
  );
}
