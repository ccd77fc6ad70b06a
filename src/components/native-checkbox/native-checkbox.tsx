import { useEffect, useRef } from 'react';

interface NativeCheckboxProps {
  'aria-label': string;
  /** The table's own look (its size on a touch screen). */
  className?: string | undefined;
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** The browser's own checkbox, which can show "some" (a page's rows partly ticked). */
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
      onChange={(event) => onChange(event.currentTarget.checked)}
      {...props}
    />
  );
}
