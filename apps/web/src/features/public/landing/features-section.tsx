import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button-styles';
import { SoonBadge } from '../soon-badge';
import { LANDING_FEATURES } from './feature-list';
import { SectionHeading } from './section-heading';
import { StandoutFeatures } from './standout-features';

/** SPEC §1's features, with the ones still to come marked as such. */
export function FeaturesSection() {
  return (
    <section aria-labelledby="fonctionnalites-titre" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="fonctionnalites-titre"
          eyebrow="Fonctionnalités"
          title="Tout pour facturer, rien de trop"
        >
          Des factures justes du premier coup, envoyées et suivies sans tableur ni relance oubliée.
        </SectionHeading>
        <div className="mt-12">
          <StandoutFeatures />
        </div>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {LANDING_FEATURES.map(({ icon: Icon, title, text, soon }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center justify-between gap-3">
                <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {soon && <SoonBadge />}
              </div>
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link to="/features" className={buttonClasses('secondary', 'lg')}>
            Voir toutes les fonctionnalités
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}
