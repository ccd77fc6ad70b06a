import { Button, Code, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useMessages } from '../i18n/i18n-context';

interface AppErrorBoundaryProps {
  children: ReactNode;
}

interface AppErrorBoundaryState {
  error: Error | null;
}

/**
 * Last line of defence: a render error anywhere below shows a message and a way out instead of
 * a blank page. Expected failures (requests) are handled where they happen; this is for bugs
 * and for a broken deployment (an invalid /config.js).
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: null };

  // No componentDidCatch: React already logs the error with its component stack, and there is
  // no error-reporting service to send it to yet.
  static getDerivedStateFromError(error: unknown): AppErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (this.state.error) return <FatalError error={this.state.error} />;
    return this.props.children;
  }
}

function FatalError({ error }: { error: Error }) {
  const messages = useMessages();
  return (
    <Container component="main" size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>{messages.fatalError.title}</Title>
        <Text>{messages.fatalError.description}</Text>
        <details>
          <summary>{messages.fatalError.details}</summary>
          <Code block mt="xs">
            {error.message}
          </Code>
        </details>
        <Button onClick={() => window.location.reload()}>{messages.fatalError.reload}</Button>
      </Stack>
    </Container>
  );
}
