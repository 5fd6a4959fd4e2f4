import { AppLink } from './app-link';
import { cn } from './cn';

/** The product mark; links home so it is also a way back from any page. */
export function Brand({ to = '/', className }: { to?: string; className?: string }) {
  return (
    <AppLink
      to={to}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-base font-extrabold text-white"
      >
        F
      </span>
      Facturo
    </AppLink>
  );
}
