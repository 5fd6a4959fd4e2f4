import { Link } from 'react-router';

const LINKS = [
  { to: '/mentions-legales', label: 'Mentions légales' },
  { to: '/devenir-client', label: 'Devenir client' },
  { to: '/contact', label: 'Contact' },
  { to: '/blog', label: 'Blog' },
] as const;

/** Legal and information links under the login card (SPEC §2). */
export function LoginFooter() {
  return (
    <footer className="px-4 pb-8">
      <nav aria-label="Liens utiles">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="rounded-sm text-slate-700 underline-offset-4 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
