import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef, useState } from 'react';
import { AppLink } from '../../components/ui/app-link';
import { Brand } from '../../components/ui/brand';
import { buttonClasses } from '../../components/ui/button-styles';
import { cn } from '../../components/ui/cn';
import { HEADER_LINKS } from './site-links';

const navLinkClasses =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** Brand, navigation and the two ways in; under 768 px the navigation folds into a menu button. */
export function PublicHeader() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Following a link of the menu closes it (the header stays mounted across the router's public pages).
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Brand />
        <nav aria-label="Navigation principale" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                <AppLink nav to={link.to} className={navLinkClasses}>
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <AppLink to="/login" className={buttonClasses('ghost', 'md')}>
            Se connecter
          </AppLink>
          <AppLink to="/register" className={buttonClasses('primary', 'md')}>
            Créer un compte
          </AppLink>
        </div>
        <button
          ref={toggleRef}
          type="button"
          className={cn(buttonClasses('ghost', 'md'), 'md:hidden')}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? (
            <X aria-hidden="true" className="size-5" />
          ) : (
            <Menu aria-hidden="true" className="size-5" />
          )}
          Menu
        </button>
      </div>
      <div id={panelId} hidden={!open} className="border-t border-slate-200 bg-white md:hidden">
        <nav aria-label="Navigation mobile" className="mx-auto max-w-6xl px-4 py-3 sm:px-6">
          <ul className="flex flex-col gap-1">
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                <AppLink to={link.to} className={cn(navLinkClasses, 'block text-base')} onClick={close}>
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-col gap-2 border-t border-slate-200 pt-3">
            <AppLink to="/login" className={buttonClasses('secondary', 'lg')} onClick={close}>
              Se connecter
            </AppLink>
            <AppLink to="/register" className={buttonClasses('primary', 'lg')} onClick={close}>
              Créer un compte
            </AppLink>
          </div>
        </nav>
      </div>
    </header>
  );
}
