import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { ExpiryValue } from '../../components/expiry-field/expiry';
import { ExpiryField } from '../../components/expiry-field/expiry-field';

/** A student dialog's `expiry` field, its error cleared as it changes. */
export function ExpiryFormField<Values extends FieldValues & { expiry: ExpiryValue }>({
  form,
  readOnly,
  forEnrolled = false,
}: {
  form: UseFormReturn<Values>;
  readOnly: boolean;
  forEnrolled?: boolean;
}) {
  const name = 'expiry' as Path<Values>;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <ExpiryField
          ref={field.ref}
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            form.clearErrors(name);
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
