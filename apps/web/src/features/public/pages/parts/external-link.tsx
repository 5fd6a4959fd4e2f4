import type { ReactNode } from 'react';

/** A link leaving Facturo (e.g. cnil.fr): same look as TextLink, and it says it opens elsewhere. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      rel="noopener noreferrer"
      className="rounded-sm font-medium text-indigo-700 underline underline-offset-4 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      {children}
    </a>
  );
}
