import { useEffect, useRef } from 'react';
import classes from '../table/class-table.module.css';

interface NativeCheckboxProps {
  'aria-label': string;
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** The browser's own checkbox in the theme's colour, which can show "some". */
export function NativeCheckbox({ indeterminate = false, onChange, ...props }: NativeCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  // "Some of this page" has no HTML attribute, only this property.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={classes.checkbox}
      onChange={(event) => onChange(event.currentTarget.checked)}
      {...props}
    />
  );
}
