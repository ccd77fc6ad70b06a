import { Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/client';
import { TokenGate } from '../features/auth/token-gate';
import { ClassList } from '../features/classes/class-list';
import { useMessages } from '../i18n/i18n-context';
import focus from './focus-target.module.css';

interface TurmasPageProps {
  api: ApiClient;
  signedIn: boolean;
}

/** The one page: the token gate until a token is stored, then the turmas. */
export function TurmasPage({ api, signedIn }: TurmasPageProps) {
  const messages = useMessages();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [justSignedIn, setJustSignedIn] = useState(false);

  // The gate's submit button disappears with the gate; without this, keyboard and screen-reader
  // users would be left focused on nothing at the top of the document.
  useEffect(() => {
    if (signedIn && justSignedIn) headingRef.current?.focus();
  }, [signedIn, justSignedIn]);

  if (!signedIn) return <TokenGate api={api} onSignedIn={() => setJustSignedIn(true)} />;

  return (
    <Stack gap="md">
      <Title order={1} ref={headingRef} tabIndex={-1} className={focus.focusTarget}>
        {messages.classes.title}
      </Title>
      <ClassList api={api} />
    </Stack>
  );
}
