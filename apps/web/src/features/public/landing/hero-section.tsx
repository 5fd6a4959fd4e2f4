import { TRIAL_DAYS } from '@facturo/shared/plan-catalogue';
import { ArrowRight, Check, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button-styles';
import { TextLink } from '../../../components/ui/text-link';
import { InvoicePreview } from './invoice-preview';

const REASSURANCES = [
  `${TRIAL_DAYS} jours d'essai gratuit, sans carte bancaire`,
  'Sans engagement : un plan gratuit ensuite',
  'Vos données exportables à tout moment',
];

/** The promise, the ways in, and an invoice to show what the promise looks like. */
export function HeroSection() {
  return (
    <section
      aria-labelledby="accueil-titre"
      className="overflow-hidden bg-linear-to-b from-indigo-50 via-white to-white"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:py-24">
        <div>
          <Badge tone="indigo">
            <Sparkles aria-hidden="true" className="size-3.5" />
            Prêt pour la facture électronique 2026–2027
          </Badge>
          <h1
            id="accueil-titre"
            className="mt-5 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            Des factures conformes, envoyées en quelques minutes
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-slate-600">
            Facturo est la facturation en ligne des micro-entrepreneurs et des freelances : vos clients, des
            factures Factur-X avec les bonnes mentions légales, l'envoi par email et le suivi des paiements,
            au même endroit.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={buttonClasses('primary', 'lg')}>
              Créer un compte
            </Link>
            <Link to="/try" className={buttonClasses('secondary', 'lg')}>
              Essayer gratuitement
            </Link>
          </div>
          <p className="mt-5 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600">
            <TextLink to="/create-invoice" className="inline-flex items-center gap-1">
              Créer une facture
              <ArrowRight aria-hidden="true" className="size-4" />
            </TextLink>
            <span>
              Déjà inscrit ? <TextLink to="/login">Se connecter</TextLink>
            </span>
          </p>
          <ul className="mt-8 space-y-2 text-sm text-slate-700">
            {REASSURANCES.map((text) => (
              <li key={text} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <InvoicePreview />
      </div>
    </section>
  );
}
