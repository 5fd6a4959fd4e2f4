import { FREE_PLAN_LIMITS, TRIAL_DAYS } from '@facturo/shared/plan-catalogue';

export interface FaqEntry {
  /** The accordion item's value, stable for links and tests. */
  id: string;
  question: string;
  paragraphs: readonly string[];
}

/** Answers that must stay true of the app: limits and durations come from the plan catalogue. */
export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 'essai',
    question: "Comment fonctionne l'essai gratuit ?",
    paragraphs: [
      `Chaque compte commence par ${TRIAL_DAYS} jours d'essai : factures et clients illimités, toutes les fonctionnalités, sans carte bancaire. Aucun moyen de paiement ne vous est demandé à l'inscription.`,
    ],
  },
  {
    id: 'plan-gratuit',
    question: 'Quelles sont les limites du plan gratuit ?',
    paragraphs: [
      `Le plan gratuit permet de créer ${FREE_PLAN_LIMITS.facturesParMois} factures par mois et de gérer ${FREE_PLAN_LIMITS.clients} clients, sans limite de durée. Vos factures restent au format Factur-X et vos données exportables. Premium et Business lèvent ces limites.`,
    ],
  },
  {
    id: 'fin-essai',
    question: "Que se passe-t-il à la fin de l'essai ?",
    paragraphs: [
      "Votre compte passe automatiquement au plan gratuit. Rien n'est supprimé : vos factures, vos clients et vos mentions légales restent là. Vous pouvez choisir Premium ou Business à tout moment depuis la page Abonnement.",
    ],
  },
  {
    id: 'resiliation',
    question: 'Comment résilier mon abonnement ?',
    paragraphs: [
      "Depuis la page Abonnement, avec « Annuler l'abonnement ». La résiliation prend effet à la fin de la période déjà payée : vous gardez votre plan jusque-là, puis votre compte revient au plan gratuit, avec toutes vos données.",
    ],
  },
  {
    id: 'export',
    question: 'Puis-je récupérer mes données ?',
    paragraphs: [
      "Oui, à tout moment et quel que soit votre plan, comme le prévoient les articles 15 et 20 du RGPD. Le bouton « Export RGPD » de la liste des factures télécharge vos factures et vos clients au format JSON ; celui de la page Clients, votre carnet d'adresses.",
    ],
  },
  {
    id: 'reforme',
    question: 'Qu’est-ce que la réforme de la facturation électronique ?',
    paragraphs: [
      "Entre entreprises établies en France, les factures PDF simples vont laisser place à des factures électroniques structurées, transmises par une plateforme agréée par l'administration fiscale.",
      "Le 1er septembre 2026, toutes les entreprises devront pouvoir recevoir des factures électroniques, et les grandes entreprises et les ETI devront en émettre. Le 1er septembre 2027, l'obligation d'émettre s'étendra aux PME et aux micro-entrepreneurs.",
      "Factur-X est l'un des formats retenus : un PDF/A-3 lisible par tous, qui contient un fichier XML conforme à la norme européenne EN 16931. Facturo produit déjà toutes ses factures en Factur-X. Le raccordement à une plateforme agréée, qui transmettra vos factures pour vous, arrive bientôt.",
    ],
  },
  {
    id: 'securite',
    question: 'Mes données sont-elles en sécurité ?',
    paragraphs: [
      'Votre mot de passe est haché avec argon2id : personne, pas même nous, ne peut le lire. Les échanges sont chiffrés en HTTPS. Changer votre mot de passe ferme toutes vos autres sessions. Vos données ne sont jamais vendues ni utilisées à des fins publicitaires.',
    ],
  },
];
