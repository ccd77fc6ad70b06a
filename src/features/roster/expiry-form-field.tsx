import { Controller, type Control, type FieldPath, type UseFormClearErrors } from 'react-hook-form';
import type { ExpiryValue } from '../../components/expiry-field/expiry';
import { ExpiryField } from '../../components/expiry-field/expiry-field';

/** The roster forms' `expiry` field: the shared ExpiryField, its error cleared on each change. */
export function ExpiryFormField<Values extends { expiry: ExpiryValue }>({
  control,
  clearErrors,
  readOnly,
  forEnrolled,
  focusOnOpen = false,
}: {
  control: Control<Values>;
  clearErrors: UseFormClearErrors<Values>;
  readOnly?: boolean;
  forEnrolled?: boolean;
  /** The dialog opens on its typed field (marked `data-autofocus`, read by the focus trap). */
  focusOnOpen?: boolean;
}) {
  // Every form it serves has `expiry`; the generic cannot prove a literal is one of its paths.
  const name = 'expiry' as FieldPath<Values>;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ExpiryField
          ref={(input: HTMLInputElement | null) => {
            field.ref(input);
            if (focusOnOpen) input?.setAttribute('data-autofocus', '');
          }}
          value={field.value as ExpiryValue}
          onChange={(value) => {
            field.onChange(value);
            clearErrors(name);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          readOnly={readOnly}
          forEnrolled={forEnrolled}
        />
      )}
    />
  );
}
