import { Button, Group, Text } from '@mantine/core';
import { useFormats } from '../../i18n/formats';
import { useRosterMessages } from './messages';
import classes from './roster.module.css';

interface SelectionBarProps {
  count: number;
  /** A pointer or focus on "change expiry": its dialog's code starts loading. */
  onWantExpiry: () => void;
  onChangeExpiry: () => void;
  onRemove: () => void;
  /** Enrol them in another turma, or move them there (absent: not offered). */
  onCopy?: (() => void) | undefined;
  onMove?: (() => void) | undefined;
  onClear: () => void;
}

/** Under the roster while students are ticked: how many, and what to do with them. */
export function SelectionBar({
  count,
  onWantExpiry,
  onChangeExpiry,
  onRemove,
  onCopy,
  onMove,
  onClear,
}: SelectionBarProps) {
  const messages = useRosterMessages();
  const { number } = useFormats();
  return (
    <section aria-label={messages.selection.label} className={classes.actionBar}>
      <Group justify="space-between" gap="xs">
        <Text fw={600} role="status">
          {messages.selection.count(count, number.format(count))}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            onPointerEnter={onWantExpiry}
            onFocus={onWantExpiry}
            onClick={onChangeExpiry}
          >
            {messages.selection.changeExpiry}
          </Button>
          {onCopy && (
            <Button variant="default" onClick={onCopy}>
              {messages.travel.copyAction}
            </Button>
          )}
          {onMove && (
            <Button variant="default" onClick={onMove}>
              {messages.travel.moveAction}
            </Button>
          )}
          <Button color="red.9" onClick={onRemove}>
            {messages.selection.remove}
          </Button>
          <Button variant="subtle" onClick={onClear}>
            {messages.selection.clear}
          </Button>
        </Group>
      </Group>
    </section>
  );
}
