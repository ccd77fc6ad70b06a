import { Stack, Title } from '@mantine/core';
import type { Ref } from 'react';
import type { ApiClient } from '../api/client';
import { ClassBrowser } from '../features/classes/class-browser';
import { SelectionTray } from '../features/classes/selection-tray';
import { useMessages } from '../i18n/i18n-context';
import focus from './focus-target.module.css';

interface TurmasPageProps {
  api: ApiClient;
  /** The heading, so the app can move focus to it after sign-in. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The one page a signed-in person sees: the turmas, and what is selected among them. */
export function TurmasPage({ api, headingRef }: TurmasPageProps) {
  const messages = useMessages();
  return (
    <Stack gap="md">
      <Title order={1} ref={headingRef} tabIndex={-1} className={focus.focusTarget}>
        {messages.classes.title}
      </Title>
      <ClassBrowser api={api} />
      <SelectionTray />
    </Stack>
  );
}
