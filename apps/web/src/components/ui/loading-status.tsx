import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/** "Chargement…" with a spinner, announced politely to screen readers. */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <Spinner />
      {children}
    </p>
  );
}
