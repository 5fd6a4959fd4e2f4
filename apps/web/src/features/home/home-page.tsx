import { Link } from 'react-router';
import { Brand } from '../../components/ui/brand';
import { buttonClasses } from '../../components/ui/button-styles';

/**
 * Temporary landing page: what the product is and how to get in, nothing it does not do yet.
 * The full landing (features, FAQ, pricing) comes with a later issue.
 */
export function HomePage() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <title>Facturo · Facturation en ligne pour indépendants</title>
      <header className="border-b border-slate-200 bg-white px-4 py-4 sm:px-6">
        <div className="mx-auto max-w-5xl">
          <Brand />
        </div>
      </header>
      <main id="contenu" className="flex flex-1 items-center px-4 py-16 sm:px-6">
        <div className="mx-auto max-w-3xl text-center">
          <h1 className="text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            La facturation simple des micro-entrepreneurs et freelances
          </h1>
          <p className="mt-5 text-lg text-pretty text-slate-700">
            Facturo vous permet de créer vos factures, de les envoyer à vos clients et de suivre leur
            paiement, au même endroit.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/login" className={buttonClasses('secondary', 'lg')}>
              Se connecter
            </Link>
            <Link to="/register" className={buttonClasses('primary', 'lg')}>
              Créer un compte
            </Link>
          </div>
        </div>
      </main>
      <footer className="px-4 py-6 text-center text-sm text-slate-600">© Facturo</footer>
    </div>
  );
}
