import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { SiretInput } from './siret-input';
import { Field } from './ui/field';

interface SiretFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  hint: string;
  error: string | undefined;
  required?: boolean;
  /** The asterisk, for forms that mark their required fields that way. */
  markRequired?: boolean;
  className?: string;
}

/** A SIRET field of a react-hook-form form: label, hint, error and the 3-3-3-5 input, wired once. */
export function SiretField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  error,
  required,
  markRequired,
  className,
}: SiretFieldProps<T>) {
  return (
    <Field label={label} required={markRequired} error={error} hint={hint}>
      {(fieldControl) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <SiretInput
              {...fieldControl}
              ref={field.ref}
              name={field.name}
              value={typeof field.value === 'string' ? field.value : ''}
              onBlur={field.onBlur}
              onValueChange={field.onChange}
              required={required}
              className={className}
            />
          )}
        />
      )}
    </Field>
  );
}
