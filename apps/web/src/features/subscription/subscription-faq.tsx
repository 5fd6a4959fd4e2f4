import { FREE_PLAN_LIMITS, TRIAL_DAYS } from '@facturo/shared';
import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';

const QUESTIONS: Array<{ id: string; question: string; answer: string }> = [
  {
    id: 'apres-essai',
    question: "Que se passe-t-il à la fin de l'essai ?",
    answer: `Après les ${TRIAL_DAYS} jours d'essai, votre compte passe automatiquement au plan gratuit. Rien n'est supprimé : vos factures, vos clients et vos mentions légales restent disponibles, et vous pouvez choisir un plan payant à tout moment.`,
  },
  {
    id: 'limites-gratuit',
    question: 'Quelles sont les limites du plan gratuit ?',
    answer: `Le plan gratuit permet de créer ${FREE_PLAN_LIMITS.facturesParMois} factures par mois calendaire et de gérer jusqu'à ${FREE_PLAN_LIMITS.clients} clients. Les plans Premium et Business lèvent ces limites.`,
  },
  {
    id: 'annulation',
    question: 'Comment annuler mon abonnement ?',
    answer:
      "Depuis cette page, avec « Annuler l'abonnement ». Vous gardez l'accès à votre plan jusqu'à la fin de la période payée, puis votre compte passe au plan gratuit. Vous pouvez réactiver l'abonnement tant que la période n'est pas terminée.",
  },
  {
    id: 'securite',
    question: 'Le paiement est-il sécurisé ?',
    answer:
      'Le paiement est traité par notre prestataire de paiement sur sa propre page sécurisée. Facturo ne voit ni ne conserve jamais vos coordonnées bancaires.',
  },
  {
    id: 'export',
    question: 'Puis-je récupérer mes données ?',
    answer:
      "Oui, quel que soit votre plan : l'export de vos factures et de vos clients est disponible depuis la liste des factures et la page Clients (RGPD, articles 15 et 20).",
  },
];

/** SPEC §2 Subscription FAQ; one answer open at a time, as on the landing page. */
export function SubscriptionFaq() {
  return (
    <section aria-labelledby="faq-titre" className="space-y-3">
      <h2 id="faq-titre" className="text-lg font-semibold text-slate-900">
        Questions fréquentes
      </h2>
      <Accordion.Root
        type="single"
        collapsible
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        {QUESTIONS.map(({ id, question, answer }) => (
          <Accordion.Item key={id} value={id}>
            <Accordion.Header>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600">
                {question}
                <ChevronDown
                  className="size-4 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-4 text-sm text-slate-700">{answer}</Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
