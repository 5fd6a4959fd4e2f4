import type { ReactNode } from 'react';
import { Brand } from '../../components/ui/brand';
import { useDocumentTitle } from '../../lib/use-document-title';

interface AuthLayoutProps {
  /** The page's only h1, also used for the tab title. */
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Extra content under the card (e.g. the legal links of the login page). */
  footer?: ReactNode;
}

/** The frame of every signed-out form: brand on top, one centred white card. */
export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  useDocumentTitle(`${title} · Facturo`);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="px-4 py-6 sm:px-6">
        <div className="mx-auto flex max-w-md justify-center">
          <Brand />
        </div>
      </header>
      <main id="contenu" className="flex flex-1 justify-center px-4 pb-10 sm:px-6">
        <div className="w-full max-w-md">
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
            {description && <div className="mt-2 text-sm text-slate-600">{description}</div>}
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </main>
      {footer}
    </div>
  );
}
