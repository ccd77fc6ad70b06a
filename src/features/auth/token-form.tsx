import { Alert, Button, Checkbox, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type SyntheticEvent } from 'react';
import { ApiError, type ApiClient } from '../../api/client';
import { getMe } from '../../api/credential-queries';
import { ME_EXTENSION, type CredentialRole } from '#contract';
import { describeApiError } from '../../i18n/describe-api-error';
import { useMessages } from '../../i18n/i18n-context';
import { tokenStore } from './token-store';

export interface TokenFormProps {
  /**
   * A token is good if the API lists one turma with it; where the server offers `me`, the form
   * also asks the token's role, so a read credential's first page draws no write control.
   */
  api: Pick<ApiClient, 'getClasses' | 'request' | 'extensions'>;
  /** Called once the token is stored. */
  onSignedIn?: () => void;
  /**
   * Focus the field as soon as the form mounts (the full-page gate). Inside a dialog, leave it
   * to the dialog's focus trap (the field carries `data-autofocus`): focusing during mount
   * would happen before the dialog records which element to give focus back to on close.
   */
  focusOnMount?: boolean;
  /** The initial "remember on this device" choice. */
  defaultRemember?: boolean;
}

// HTTP header values cannot carry anything else, so such a token cannot be the right one, and
// sending it would make fetch throw a TypeError instead of asking the server.
const SENDABLE_TOKEN = /^[\x21-\x7e]+$/;

type Problem = 'missing' | 'unsendable' | null;

/** The one token form, shown by the full-page gate and by the session-expired dialog. */
export function TokenForm({
  api,
  onSignedIn,
  focusOnMount = false,
  defaultRemember = false,
}: TokenFormProps) {
  const messages = useMessages();
  const [token, setToken] = useState('');
  const [remember, setRemember] = useState(defaultRemember);
  const [problem, setProblem] = useState<Problem>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const rememberRef = useRef<HTMLInputElement>(null);

  // The prerendered gate's form may hold what the browser filled in before hydration (a password
  // manager); hydrating keeps the elements as they are, and this takes it as the form's own.
  useLayoutEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setToken(typed);
    const ticked = rememberRef.current?.checked;
    if (ticked !== undefined) setRemember(ticked);
  }, []);

  useLayoutEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);

  const check = useMutation({
    mutationFn: async (candidate: string) => {
      await api.getClasses({ pageSize: 1 }, { token: candidate });
      return api.extensions.has(ME_EXTENSION) ? roleOf(api, candidate) : undefined;
    },
    onSuccess: (role, candidate) => {
      tokenStore.set(candidate, { remember, role });
      onSignedIn?.();
    },
    // Back to the field, so a screen reader reads the label with the error it now describes.
    onError: () => inputRef.current?.focus(),
  });

  const rejected =
    problem === 'unsendable' || (check.error instanceof ApiError && check.error.isUnauthorized);
  const fieldError =
    problem === 'missing' ? messages.auth.tokenRequired : rejected ? messages.auth.rejected : null;
  // Anything but a refusal (offline, timeout, server error) says nothing about the token itself.
  const failure = check.isError && !rejected ? describeApiError(check.error, messages) : null;

  function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    // Pasted tokens often carry a trailing newline or space that is not part of the token.
    const candidate = token.trim();
    check.reset();
    if (candidate === '') {
      setProblem('missing');
      inputRef.current?.focus();
    } else if (!SENDABLE_TOKEN.test(candidate)) {
      setProblem('unsendable');
      inputRef.current?.focus();
    } else {
      setProblem(null);
      check.mutate(candidate);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <PasswordInput
          ref={inputRef}
          label={messages.auth.tokenLabel}
          value={token}
          onChange={(event) => {
            setToken(event.currentTarget.value);
            // The old verdict was about the old value.
            if (problem !== null) setProblem(null);
            if (check.isError) check.reset();
          }}
          error={fieldError}
          // Mantine 9's PasswordInput marks only its wrapper invalid, not the <input> itself.
          aria-invalid={fieldError !== null || undefined}
          required
          // The only field: an asterisk says nothing, and Mantine's would be read out as part of
          // the label ("Token de acesso *").
          withAsterisk={false}
          data-autofocus
          autoComplete="current-password"
          spellCheck={false}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': messages.auth.showToken }}
        />
        <Checkbox
          ref={rememberRef}
          label={messages.auth.rememberLabel}
          description={messages.auth.rememberDescription}
          checked={remember}
          onChange={(event) => setRemember(event.currentTarget.checked)}
        />
        {failure && (
          <Alert color="red" title={messages.auth.checkFailed}>
            {failure}
          </Alert>
        )}
        <Button type="submit" loading={check.isPending}>
          {messages.auth.submit}
        </Button>
      </Stack>
    </form>
  );
}

/** The token's role, or nothing known: the page then asks `me` itself, and the 403 guards. */
async function roleOf(
  api: Pick<ApiClient, 'request'>,
  token: string,
): Promise<CredentialRole | undefined> {
  try {
    return (await getMe(api, { token })).role;
  } catch {
    return undefined;
  }
}
