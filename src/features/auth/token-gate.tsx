import { Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useMessages } from '../../i18n/i18n-context';
import type { TokenFormProps } from './token-form';
import { loadedTokenForm, loadTokenForm } from './token-form-code';

type TokenGateProps = Pick<TokenFormProps, 'api' | 'onSignedIn'>;

/** The whole page when nobody is signed in: first visit, or after signing out. */
export function TokenGate({ api, onSignedIn }: TokenGateProps) {
  const messages = useMessages();
  return (
    <Paper withBorder radius="md" p="xl" maw={440} mx="auto" mt="xl">
      <Stack gap="md">
        <Title order={1}>{messages.auth.title}</Title>
        <Text>{messages.auth.description}</Text>
        <Suspense fallback={null}>
          {/* Its only field is where everyone goes next. */}
          <TokenForm api={api} onSignedIn={onSignedIn} focusOnMount />
        </Suspense>
      </Stack>
    </Paper>
  );
}

const LazyTokenForm = lazy(async () => ({ default: (await loadTokenForm()).TokenForm }));

/** The form, whose code comes apart from the first screen's (token-form-code.ts). */
function TokenForm(props: TokenFormProps) {
  // Once in, the form itself: a lazy component suspends on its first render even then. Chosen
  // once, so that the form keeps its state if its code comes in later.
  const [Form] = useState(() => loadedTokenForm()?.TokenForm ?? LazyTokenForm);
  return <Form {...props} />;
}
