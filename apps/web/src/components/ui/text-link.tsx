import { AppLink, type AppLinkProps } from './app-link';
import { cn } from './cn';

/**
 * An in-app link that reads as a link: brand colour, underline on hover, visible focus. An AppLink, so
 * the router's under the router and a plain link in a static page's island (features/public/islands).
 */
export function TextLink({ className, ...props }: AppLinkProps) {
  return (
    <AppLink
      className={cn(
        'rounded-sm font-medium text-indigo-700 underline-offset-4 hover:text-indigo-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        className,
      )}
      {...props}
    />
  );
}
