import type { ReactNode } from 'react';
import { Brand } from '../../components/ui/brand';

/*
 * The signed-in frame's boxes, without what depends on the user: the app shell (app-shell.tsx) fills them,
 * and index.html carries them empty (app-frame-prerender.tsx), so a signed-in page paints its real layout
 * before the app's code has run (issue 16). One markup for both: the prerendered frame cannot drift.
 */

/** Desktop navigation column (≥ 768 px): the brand, then the navigation and the account's box. */
export function SidebarFrame({ children }: { children?: ReactNode }) {
  return (
    <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r border-slate-200 bg-white md:flex">
      <div className="px-5 py-5">
        <Brand to="/factures" />
      </div>
      {children}
    </aside>
  );
}

/** Top bar under 768 px: the brand and, in the app, the menu's button (`button`) and panel (`children`). */
export function TopBarFrame({ button, children }: { button?: ReactNode; children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white md:hidden">
      <div className="flex h-14 items-center justify-between px-4">
        <Brand to="/factures" />
        {button}
      </div>
      {children}
    </header>
  );
}

/** The page's column, beside the sidebar; the skip link leads here. */
export function MainFrame({ children }: { children?: ReactNode }) {
  return (
    <main
      id="contenu"
      tabIndex={-1}
      className="px-4 py-6 focus:outline-none sm:px-6 md:ml-64 md:px-10 md:py-10"
    >
      {children}
    </main>
  );
}

export const FRAME_CLASS = 'min-h-dvh bg-slate-50';
