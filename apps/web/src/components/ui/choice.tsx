import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from './cn';

interface ChoiceProps extends Omit<ComponentProps<'input'>, 'type'> {
  type: 'checkbox' | 'radio';
  label: ReactNode;
  /** A line under the label, read with it by screen readers. */
  description?: ReactNode;
}

/**
 * A native checkbox or radio button with its label beside it: the whole label is the click target, and
 * the keyboard (Space, arrows within a radio group) works as the platform does.
 */
export function Choice({ type, label, description, className, ...props }: ChoiceProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className={cn('flex gap-3', className)}>
      <input
        id={id}
        type={type}
        aria-describedby={description ? descriptionId : undefined}
        className={cn(
          'mt-0.5 size-4 shrink-0 border-slate-400 accent-indigo-600',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          'disabled:cursor-not-allowed',
        )}
        {...props}
      />
      <div className="min-w-0 text-sm">
        <label htmlFor={id} className="font-medium text-slate-800">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-slate-600">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
