import { Button } from '@mantine/core';
import type { FocusEventHandler, MouseEventHandler, PointerEventHandler, ReactNode } from 'react';
import classes from './narrow-button.module.css';

interface NarrowButtonProps {
  /** Drawn at every width, `aria-hidden`. */
  icon: ReactNode;
  /** The button's name, and its word where there is room. */
  label: string;
  onClick: MouseEventHandler<HTMLButtonElement>;
  onPointerEnter?: PointerEventHandler<HTMLButtonElement>;
  onFocus?: FocusEventHandler<HTMLButtonElement>;
}

/**
 * A button of the header or of the page's heading row: its icon and word, or on a phone its icon
 * alone, so that the row neither overflows nor cuts a word off ("Expirar…" for "Expirando em
 * breve"). Named by `label` at every width.
 */
export function NarrowButton({ icon, label, ...handlers }: NarrowButtonProps) {
  return (
    <Button
      variant="default"
      aria-label={label}
      leftSection={icon}
      classNames={{ section: classes.section }}
      {...handlers}
    >
      <span className={classes.label}>{label}</span>
    </Button>
  );
}
