import { Stack, Title } from '@mantine/core';
import type { Ref } from 'react';
import type { ApiClient } from '../api/client';
import { ClassList } from '../features/classes/class-list';
import { useMessages } from '../i18n/i18n-context';
import focus from './focus-target.module.css';

interface TurmasPageProps {
  api: ApiClient;
  /** The heading, so the app can move focus to it after sign-in. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The one page a signed-in person sees: the turmas. */
export function TurmasPage({ api, headingRef }: TurmasPageProps) {
  const messages = useMessages();
  return (
    <Stack gap="md">
      <Title order={1} ref={headingRef} tabIndex={-1} className={focus.focusTarget}>
        {messages.classes.title}
      </Title>
      <ClassList api={api} />
    </Stack>
  );
}
