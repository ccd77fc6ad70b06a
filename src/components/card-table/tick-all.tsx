import { NativeCheckbox } from '../native-checkbox/native-checkbox';
import classes from './card-table.module.css';

interface TickAllProps {
  'aria-label': string;
  /** The rows it stands for, and how many of them are ticked. */
  total: number;
  ticked: number;
  onChange: (checked: boolean) => void;
}

/** Ticks every row shown, or clears them; mixed while some are ticked. */
export function TickAll({ total, ticked, onChange, ...props }: TickAllProps) {
  const all = total > 0 && ticked === total;
  return (
    <NativeCheckbox
      {...props}
      className={classes.checkbox}
      checked={all}
      indeterminate={ticked > 0 && !all}
      disabled={total === 0}
      onChange={() => onChange(!all)}
    />
  );
}
