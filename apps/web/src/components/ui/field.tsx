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
  hint?: ReactNode;
  /** Rendered after the label, on the same line (e.g. a "forgot password" link). */
  labelAside?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label + control + hint + error, wired together so screen readers announce all of them. */
export function Field({ label, error, hint, labelAside, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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
