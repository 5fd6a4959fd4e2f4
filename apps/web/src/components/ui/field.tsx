import { type ReactNode, useId } from 'react';

/** The ids a control needs to be bound to its label, hint and error message. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  error?: string;
  /** Marks the control invalid without a message of its own, when one alert above the form says why. */
  invalid?: boolean;
  /** Adds a visual asterisk; the control's own `required` attribute is what screen readers announce. */
  required?: boolean;
  hint?: ReactNode;
  /** Rendered after the label, on the same line (e.g. a "forgot password" link). */
  labelAside?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label + control + hint + error, wired together so screen readers announce all of them. */
export function Field({ label, error, invalid, required, hint, labelAside, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <span className="flex gap-1 text-sm font-medium">
          <label htmlFor={id} className="block text-slate-800">
            {label}
          </label>
          {/* Outside the label, so the field's name stays the plain label text. */}
          {required && (
            <span className="text-red-700" aria-hidden="true">
              *
            </span>
          )}
        </span>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': error || invalid ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <div id={hintId} className="text-sm text-slate-600">
          {hint}
        </div>
      )}
    </div>
  );
}
