import { FREE_PLAN_LIMITS, PLAN_CATALOGUE, TRIAL_DAYS } from '@facturo/shared';
import { ArrowRight } from 'lucide-react';
import { TextLink } from '../../../components/ui/text-link';
import { formatMonthlyPrice } from '../format-price';
import { usePageMeta } from '../page-meta';
import { PRICING_ANCHOR } from '../site-links';
import { SoonBadge } from '../soon-badge';
import { AVAILABLE_FEATURES, type Feature, UPCOMING_ITEMS } from './features-data';
import { PageHeader } from './parts/page-header';
import { RegisterCta } from './parts/register-cta';

const PLANS = [
  {
    name: PLAN_CATALOGUE.essai.nom,
    price: `${TRIAL_DAYS} jours offerts`,
    text: 'Tout illimité, sans carte bancaire.',
  },
  {
    name: PLAN_CATALOGUE.gratuit.nom,
    price: '0 €',
    text: `${FREE_PLAN_LIMITS.facturesParMois} factures par mois et ${FREE_PLAN_LIMITS.clients} clients.`,
  },
  {
    name: PLAN_CATALOGUE.premium.nom,
    price: formatMonthlyPrice(PLAN_CATALOGUE.premium.prix),
    text: 'Factures et clients illimités.',
  },
  {
    name: PLAN_CATALOGUE.business.nom,
    price: formatMonthlyPrice(PLAN_CATALOGUE.business.prix),
    text: 'Pour les activités soutenues.',
  },
] as const;

function FeatureCard({ feature, soon = false }: { feature: Feature & { to?: string }; soon?: boolean }) {
  const Icon = feature.icon;
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <span className="flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {soon && <SoonBadge />}
      </div>
      <h3 className="mt-4 font-semibold text-slate-900">{feature.title}</h3>
      <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{feature.text}</p>
      {feature.to && (
        <TextLink to={feature.to} className="mt-3 inline-flex items-center gap-1 self-start text-sm">
          En savoir plus<span className="sr-only"> : {feature.title}</span>
          <ArrowRight className="size-3.5" aria-hidden="true" />
        </TextLink>
      )}
    </li>
  );
}

/** /features: what Facturo does today, what it costs, and what is announced but not built yet. */
export function FeaturesPage() {
  usePageMeta('/features');
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="max-w-3xl">
        <PageHeader
          eyebrow="Fonctionnalités"
          title="Tout ce que fait Facturo aujourd’hui"
          lead="Des factures conformes, numérotées et envoyées en quelques minutes, pour les micro-entrepreneurs et les freelances. Et, bien signalé, ce qui arrive bientôt."
        />
      </div>

      <section aria-labelledby="disponible" className="mt-12">
        <h2 id="disponible" className="text-2xl font-semibold tracking-tight text-slate-900">
          Disponible dès maintenant
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {AVAILABLE_FEATURES.map((feature) => (
            <FeatureCard key={feature.title} feature={feature} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="formules" className="mt-16">
        <h2 id="formules" className="text-2xl font-semibold tracking-tight text-slate-900">
          Formules
        </h2>
        <p className="mt-2 max-w-3xl text-slate-600">
          Toutes les formules produisent les mêmes factures conformes. À la fin de l’essai, votre compte passe
          sur la formule gratuite : rien n’est supprimé.
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan) => (
            <li key={plan.name} className="rounded-xl border border-slate-200 bg-slate-50 p-5">
              <h3 className="font-semibold text-slate-900">{plan.name}</h3>
              <p className="mt-1 text-lg font-semibold text-indigo-700">{plan.price}</p>
              <p className="mt-1 text-sm text-slate-600">{plan.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm">
          <TextLink to={`/#${PRICING_ANCHOR}`}>Comparer les formules en détail</TextLink>
        </p>
      </section>

      <section aria-labelledby="bientot" className="mt-16">
        <h2 id="bientot" className="text-2xl font-semibold tracking-tight text-slate-900">
          Bientôt dans Facturo
        </h2>
        <p className="mt-2 max-w-3xl text-slate-600">
          Ces fonctionnalités ne sont pas encore disponibles. Pour certaines, vous pouvez laisser votre
          adresse et être prévenu de leur lancement.
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {UPCOMING_ITEMS.map((feature) => (
            <FeatureCard key={feature.title} feature={feature} soon />
          ))}
        </ul>
      </section>

      <RegisterCta />
    </div>
  );
}
