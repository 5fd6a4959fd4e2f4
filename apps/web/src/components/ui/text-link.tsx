import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from './cn';

/** An in-app link that reads as a link: brand colour, underline on hover, visible focus. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'rounded-sm font-medium text-indigo-700 underline-offset-4 hover:text-indigo-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        className,
      )}
      {...props}
    />
  );
}
