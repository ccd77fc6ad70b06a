import '@mantine/core/styles/Progress.css';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { onlineManager } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { useFormats, type Formats } from '../../i18n/formats';
import { useRunMessages } from './messages';
import classes from './run-progress.module.css';
import type { Runner, RunSnapshot } from './runner';
import { useSecondsUntil } from './use-seconds-until';

interface RunProgressProps {
  snapshot: RunSnapshot;
  runner: Runner;
  /** Offers "Cancelar o envio" (the bulk runner); a roster's dialogs only pause. */
  cancellable?: boolean;
}

// TanStack's onlineManager, as the rest of the console: the browser's online and offline events.
const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/**
 * A run as it goes, the one view of every run: how far, how many are done, failed and not
 * attempted yet (what the server has done nothing for), how long is left, and the controls.
 * Pause and cancel let the calls already on their way finish (their outcome is recorded either
 * way), so both say they are waiting for them.
 */
export function RunProgress({ snapshot, runner, cancellable = false }: RunProgressProps) {
  const messages = useRunMessages();
  // Where the focus goes when the control that had it turns disabled (RunControls).
  const statusRef = useRef<HTMLParagraphElement>(null);
  const formats = useFormats();
  const format = (value: number) => formats.number.format(value);
  const { total, succeeded, failed, notAttempted, inFlight } = snapshot;
  // What the server has answered for: a line left unsent by a cancel is no progress.
  const answered = succeeded + failed;
  const percent = total === 0 ? 100 : (answered / total) * 100;
  // Sent and not settled: on their way now, or waiting to be tried again.
  const awaitingRetry = total - succeeded - failed - notAttempted - inFlight;

  const outage = snapshot.status === 'paused' && snapshot.pauseReason === 'outage';
  const nextTry = useSecondsUntil(outage ? snapshot.probeAt : null);
  // No answer while the browser is offline is the connection's fault; online, the server's.
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const status =
    snapshot.status === 'cancelling'
      ? messages.status.cancelling(inFlight, format(inFlight))
      : outage
        ? online
          ? messages.status.outage
          : messages.status.offline
        : snapshot.status === 'paused' && snapshot.pauseReason === 'unauthorized'
          ? messages.status.pausedSession
          : snapshot.status === 'paused'
            ? inFlight > 0
              ? messages.status.pausing(inFlight, format(inFlight))
              : messages.status.paused
            : snapshot.holdUntil !== null
              ? messages.status.holding(formats.time.format(snapshot.holdUntil))
              : messages.status.running;

  return (
    <Stack gap="lg">
      {/* One progress bar for assistive technology, in items rather than per cent. */}
      <div
        role="progressbar"
        aria-label={messages.progressLabel}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
        aria-valuetext={`${format(answered)} / ${format(total)}`}
      >
        <Progress.Root size="xl" aria-hidden transitionDuration={0}>
          <Progress.Section
            value={(succeeded / Math.max(total, 1)) * 100}
            color="teal.8"
            withAria={false}
          />
          <Progress.Section
            value={(failed / Math.max(total, 1)) * 100}
            color="red.8"
            withAria={false}
          />
        </Progress.Root>
      </div>
      <div className={outage ? classes.outage : undefined}>
        <Text ref={statusRef} role="status" fw={500} tabIndex={-1}>
          {status}
        </Text>
        {/* Counted down outside the status: a live region re-read every second helps nobody. */}
        {outage && (
          <Text size="sm">
            {nextTry === null || nextTry === 0
              ? messages.retrying
              : messages.retryIn(formats.seconds.format(nextTry))}
          </Text>
        )}
        {outage && <Text size="sm">{online ? messages.outageHint : messages.offlineHint}</Text>}
      </div>
      <dl className={classes.counts}>
        <div>
          <dt>{messages.done}</dt>
          <dd>{format(succeeded)}</dd>
        </div>
        <div>
          <dt>{messages.failed}</dt>
          <dd>{format(failed)}</dd>
        </div>
        <div>
          <dt>{messages.notAttempted}</dt>
          <dd>{format(notAttempted)}</dd>
        </div>
        {inFlight > 0 && (
          <div>
            <dt>{messages.inProgress}</dt>
            <dd>{format(inFlight)}</dd>
          </div>
        )}
        {awaitingRetry > 0 && (
          <div>
            <dt>{messages.awaitingRetry}</dt>
            <dd>{format(awaitingRetry)}</dd>
          </div>
        )}
        <div>
          <dt>{messages.eta}</dt>
          <dd>
            {snapshot.etaMs === null
              ? messages.etaUnknown
              : formatDuration(snapshot.etaMs, formats)}
          </dd>
        </div>
      </dl>
      <Text size="sm" c="dimmed" aria-hidden>
        {`${Math.floor(percent)}%`}
      </Text>
      <RunControls
        snapshot={snapshot}
        runner={runner}
        cancellable={cancellable}
        outage={outage}
        statusRef={statusRef}
      />
    </Stack>
  );
}

/**
 * "Pausar" (or "Continuar", "Tentar agora") and, where offered, "Cancelar o envio", in that
 * order: the run starts on the first (whoever starts it focuses the run's first control: the bulk
 * dialog, a roster's copy or move), so that a second press of the key that started it pauses,
 * which "Continuar" undoes, and never cancels.
 */
function RunControls({
  snapshot,
  runner,
  cancellable,
  outage,
  statusRef,
}: {
  snapshot: RunSnapshot;
  runner: Runner;
  cancellable: boolean;
  outage: boolean;
  statusRef: RefObject<HTMLElement | null>;
}) {
  const messages = useRunMessages();
  const controlsRef = useRef<HTMLDivElement>(null);
  // A control pressed can turn disabled under the focus ("Cancelar o envio" while cancelling):
  // the focus goes to the status that says why, not to the page's body, where Tab and Escape
  // would start from nowhere in the dialog. A layout effect: in the same task as the change,
  // ahead of the browser's own focus fix-up.
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (
      focused instanceof HTMLButtonElement &&
      focused.disabled &&
      controlsRef.current?.contains(focused)
    ) {
      statusRef.current?.focus();
    }
  });
  return (
    <Group ref={controlsRef} justify="flex-end" gap="sm">
      {snapshot.status === 'paused' ? (
        <Button
          leftSection={
            outage ? (
              <IconRefresh aria-hidden size={18} />
            ) : (
              <IconPlayerPlay aria-hidden size={18} />
            )
          }
          onClick={() => runner.resume()}
        >
          {outage ? messages.tryNow : messages.resume}
        </Button>
      ) : (
        <Button
          leftSection={<IconPlayerPause aria-hidden size={18} />}
          onClick={() => runner.pause()}
          disabled={snapshot.status !== 'running'}
        >
          {messages.pause}
        </Button>
      )}
      {cancellable && (
        <Button
          variant="default"
          onClick={() => runner.cancel()}
          disabled={snapshot.status === 'cancelling'}
        >
          {messages.cancel}
        </Button>
      )}
    </Group>
  );
}

/** "12 s", "3 min" in the interface's language; a rough figure reads better than a precise one. */
function formatDuration(ms: number, formats: Formats): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds < 90
    ? formats.seconds.format(seconds)
    : formats.minutes.format(Math.round(seconds / 60));
}
