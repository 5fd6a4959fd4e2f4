import { TRIAL_DAYS } from '@facturo/shared/plan-catalogue';
import { Link } from 'react-router';

/*
 * The shared button variants are drawn for white pages; on the brand colour they would lose their edge and
 * their focus ring, so these two say their colours in full.
 */
const base =
  'inline-flex h-12 items-center justify-center rounded-lg px-6 text-base font-medium shadow-sm transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** The last ask, for the visitor who read everything. */
export function ClosingCta() {
  return (
    <section aria-labelledby="cta-titre" className="px-4 pb-16 sm:px-6 sm:pb-24">
      <div className="mx-auto max-w-5xl rounded-3xl bg-indigo-600 px-6 py-12 text-center sm:px-12 sm:py-16">
        <h2 id="cta-titre" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          Votre prochaine facture, conforme, en quelques minutes
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-indigo-100">
          {TRIAL_DAYS} jours d'essai gratuit, sans carte bancaire. Ensuite, le plan gratuit reste à vous.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/register" className={`${base} bg-white text-indigo-700 hover:bg-indigo-50`}>
            Créer un compte
          </Link>
          <Link
            to="/try"
            className={`${base} bg-indigo-700 text-white ring-1 ring-white/70 hover:bg-indigo-800`}
          >
            Essayer gratuitement
          </Link>
        </div>
      </div>
    </section>
  );
}
