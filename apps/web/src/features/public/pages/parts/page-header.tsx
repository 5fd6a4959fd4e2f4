import type { ReactNode } from 'react';

interface PageHeaderProps {
  /** A short word above the title (e.g. "Légal"), for orientation. */
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/** The one h1 of a public page, with its lead paragraph. */
export function PageHeader({ eyebrow, title, lead, children }: PageHeaderProps) {
  return (
    <header>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">{eyebrow}</p>}
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h1>
      {lead && <p className="mt-4 text-lg leading-relaxed text-pretty text-slate-600">{lead}</p>}
      {children}
    </header>
  );
}
