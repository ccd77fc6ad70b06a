import { Paper, Stack, Text, Title } from '@mantine/core';
import { useMessages } from '../../i18n/i18n-context';
import { TokenForm, type TokenFormProps } from './token-form';

type TokenGateProps = Pick<TokenFormProps, 'api' | 'onSignedIn'>;

/** The whole page when nobody is signed in: first visit, or after signing out. */
export function TokenGate({ api, onSignedIn }: TokenGateProps) {
  const messages = useMessages();
  return (
    <Paper withBorder radius="md" p="xl" maw={440} mx="auto" mt="xl">
      <Stack gap="md">
        <Title order={1}>{messages.auth.title}</Title>
        <Text>{messages.auth.description}</Text>
        {/* Its only field is where everyone goes next. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page's one task */}
        <TokenForm api={api} onSignedIn={onSignedIn} autoFocus />
      </Stack>
    </Paper>
  );
}
