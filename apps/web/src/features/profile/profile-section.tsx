import type { ReactNode } from 'react';

interface ProfileSectionProps {
  /** The anchor of the section (/profil#paiement); its heading gets `${id}-titre`. */
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}

/** One titled card of the profile and of /mentions-legales, a landmark named by its heading. */
export function ProfileSection({ id, title, description, children }: ProfileSectionProps) {
  const titleId = `${id}-titre`;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      // Clear of the mobile top bar when reached through its anchor.
      className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 md:scroll-mt-6"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}
