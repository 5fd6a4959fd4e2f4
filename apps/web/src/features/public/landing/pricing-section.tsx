import { PLAN_CATALOGUE, PLANS, TRIAL_DAYS } from '@facturo/shared/plan-catalogue';
import { Info } from 'lucide-react';
import { PRICING_ANCHOR } from '../site-links';
import { PricingCard } from './pricing-card';
import { SectionHeading } from './section-heading';

/** The four plans of the catalogue the app itself uses, so the landing can never advertise another price. */
export function PricingSection() {
  return (
    <section id={PRICING_ANCHOR} aria-labelledby="tarifs-titre" className="scroll-mt-20 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="tarifs-titre" eyebrow="Tarifs" title="Des prix simples, sans surprise">
          {TRIAL_DAYS} jours d'essai gratuit, sans carte bancaire. Ensuite, restez au plan gratuit ou passez à
          Premium quand votre activité grandit.
        </SectionHeading>
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((planId) => (
            <PricingCard key={planId} planId={planId} plan={PLAN_CATALOGUE[planId]} />
          ))}
        </div>
        <p className="mx-auto mt-8 flex max-w-3xl gap-3 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-700" />
          <span>
            À la fin de l'essai, votre compte passe automatiquement au plan gratuit :{' '}
            <strong className="font-semibold text-slate-900">rien n'est supprimé</strong>, ni vos factures ni
            vos clients. Vous choisissez Premium ou Business quand vous voulez, sans engagement, depuis la
            page Abonnement.
          </span>
        </p>
      </div>
    </section>
  );
}
