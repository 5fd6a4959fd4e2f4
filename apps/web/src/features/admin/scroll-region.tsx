import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn';

/**
 * A wide table that scrolls sideways on a narrow screen. It takes the focus so a keyboard can scroll it
 * (axe: scrollable-region-focusable), and is named so the screen reader says what it is.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take the focus to scroll by keyboard.
      tabIndex={0}
      className={cn(
        'overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        className,
      )}
    >
      {children}
    </section>
  );
}
