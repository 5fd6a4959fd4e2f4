import type { ReactNode } from 'react';

/** The title block every section of the landing page opens with: one h2, the section's landmark name. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  /** Referenced by the section's aria-labelledby. */
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-lg text-pretty text-slate-600">{children}</p>}
    </div>
  );
}
