import { Link } from 'react-router';
import { Brand } from '../../components/ui/brand';
import { FOOTER_GROUPS } from './site-links';

/** Every public page, one click away from any other (SPEC §2). */
export function PublicFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[1.3fr_repeat(5,1fr)]">
        <div>
          <Brand />
          <p className="mt-3 max-w-xs text-sm text-slate-600">
            La facturation en ligne des micro-entrepreneurs et freelances, conforme et prête pour la facture
            électronique.
          </p>
        </div>
        <nav aria-label="Plan du site" className="contents">
          {FOOTER_GROUPS.map((group) => (
            <div key={group.title}>
              <h2 className="text-sm font-semibold text-slate-900">{group.title}</h2>
              <ul className="mt-3 space-y-2">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="rounded-sm text-sm text-slate-600 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <p className="border-t border-slate-100 px-4 py-4 text-center text-xs text-slate-600">
        © Facturo · La facturation en ligne des indépendants français
      </p>
    </footer>
  );
}
