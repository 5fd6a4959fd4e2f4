import { UPCOMING_FEATURE_PATHS, type UpcomingFeature } from '@facturo/shared/public-pages';
import { ArrowRight, CreditCard, type LucideIcon, Network, Receipt, Umbrella } from 'lucide-react';
import { TextLink } from '../../../components/ui/text-link';
import { SoonBadge } from '../soon-badge';
import { SectionHeading } from './section-heading';

const UPCOMING: Record<UpcomingFeature, { icon: LucideIcon; title: string; text: string }> = {
  'cartes-paiement': {
    icon: CreditCard,
    title: 'Cartes de paiement',
    text: 'Une carte professionnelle reliée à votre facturation.',
  },
  depenses: {
    icon: Receipt,
    title: 'Dépenses',
    text: 'Vos dépenses et notes de frais à côté de vos factures.',
  },
  assurance: {
    icon: Umbrella,
    title: 'Assurance',
    text: 'Une responsabilité civile professionnelle adaptée aux indépendants.',
  },
  'facturation-electronique': {
    icon: Network,
    title: 'Plateforme agréée',
    text: 'La transmission de vos factures Factur-X par une plateforme agréée, pour la réforme 2026–2027.',
  },
};

/** Display order: the reform last, as it closes on what Facturo already does. */
const ORDER: readonly UpcomingFeature[] = [
  'cartes-paiement',
  'depenses',
  'assurance',
  'facturation-electronique',
];

/** SPEC §1's teasers, each plainly marked as not there yet and leading to its waitlist. */
export function UpcomingSection() {
  return (
    <section aria-labelledby="bientot-titre" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="bientot-titre" eyebrow="Feuille de route" title="Bientôt dans Facturo">
          Ce que nous préparons. Laissez votre email sur la page de chaque nouveauté pour être prévenu de son
          lancement.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {ORDER.map((feature) => {
            const { icon: Icon, title, text } = UPCOMING[feature];
            return (
              <li
                key={feature}
                className="flex flex-col rounded-2xl border border-dashed border-slate-300 p-6"
              >
                <div className="flex items-center justify-between gap-3">
                  <Icon aria-hidden="true" className="size-6 text-indigo-700" />
                  <SoonBadge />
                </div>
                <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 flex-1 text-sm text-slate-600">{text}</p>
                <p className="mt-4 text-sm">
                  <TextLink to={UPCOMING_FEATURE_PATHS[feature]} className="inline-flex items-center gap-1">
                    Être prévenu
                    <span className="sr-only"> : {title}</span>
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </TextLink>
                </p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
