import { FREE_PLAN_LIMITS, PLAN_CATALOGUE, TRIAL_DAYS } from '@facturo/shared';
import { Inbox } from 'lucide-react';
import { TextLink } from '../../../components/ui/text-link';
import { formatMonthlyPrice } from '../format-price';
import { usePageMeta } from '../page-meta';
import { PRICING_ANCHOR } from '../site-links';
import { PageHeader } from './parts/page-header';
import { RegisterCta } from './parts/register-cta';

const STEPS = [
  {
    title: 'Créez votre compte avec votre SIRET',
    text: 'Prénom, nom, numéro SIRET à 14 chiffres, adresse email et mot de passe : c’est tout ce qu’il faut.',
  },
  {
    title: 'Confirmez votre adresse email',
    text: 'Un lien de confirmation vous est envoyé. Il arrive en 5 à 30 minutes ; pensez à vérifier vos courriers indésirables. Vous pouvez en demander un nouveau depuis la page de connexion.',
  },
  {
    title: `Profitez de ${TRIAL_DAYS} jours d’essai`,
    text: 'Factures et clients illimités, sans carte bancaire. Renseignez vos mentions légales une fois, elles s’impriment ensuite sur chaque facture.',
  },
  {
    title: 'Choisissez votre formule, ou restez en gratuit',
    text: `À la fin de l’essai, votre compte passe sur la formule gratuite (${FREE_PLAN_LIMITS.facturesParMois} factures par mois, ${FREE_PLAN_LIMITS.clients} clients), sans rien perdre. ${PLAN_CATALOGUE.premium.nom} à ${formatMonthlyPrice(PLAN_CATALOGUE.premium.prix)} ou ${PLAN_CATALOGUE.business.nom} à ${formatMonthlyPrice(PLAN_CATALOGUE.business.prix)} lèvent les limites, sans engagement.`,
  },
] as const;

/** /devenir-client: how to start with Facturo, as a professional or as someone who receives invoices. */
export function BecomeClientPage() {
  usePageMeta('/devenir-client');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <PageHeader
        eyebrow="Devenir client"
        title="Commencer avec Facturo"
        lead="Quatre étapes, quelques minutes, et votre première facture conforme est prête à partir."
      />

      <section aria-labelledby="etapes" className="mt-12">
        <h2 id="etapes" className="text-xl font-semibold text-slate-900">
          Vous êtes professionnel
        </h2>
        <ol className="mt-6 space-y-6">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 leading-relaxed text-slate-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-6 text-sm text-slate-600">
          Le détail des formules est sur la <TextLink to={`/#${PRICING_ANCHOR}`}>page d’accueil</TextLink>.
        </p>
      </section>

      <section
        aria-labelledby="particuliers"
        className="mt-12 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-8"
      >
        <div className="flex items-center gap-3">
          <Inbox className="size-5 text-indigo-700" aria-hidden="true" />
          <h2 id="particuliers" className="text-xl font-semibold text-slate-900">
            Vous recevez des factures
          </h2>
        </div>
        <p className="mt-3 leading-relaxed text-slate-700">
          Inutile de créer un compte : quand un professionnel vous envoie une facture sur Facturo, vous
          recevez un email d’invitation pour choisir votre mot de passe. Vous retrouvez alors toutes vos
          factures reçues et pouvez les marquer comme payées.
        </p>
        <p className="mt-3 leading-relaxed text-slate-700">
          Vous lancez votre activité ? Passez en mode professionnel à tout moment en enregistrant votre SIRET
          dans vos mentions légales.
        </p>
      </section>

      <RegisterCta />
    </div>
  );
}
