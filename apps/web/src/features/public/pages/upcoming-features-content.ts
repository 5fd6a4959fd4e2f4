import type { UpcomingFeature } from '@facturo/shared/public-pages';
import { CreditCard, FileCheck2, type LucideIcon, ShieldCheck, Wallet } from 'lucide-react';

export interface UpcomingFeatureContent {
  icon: LucideIcon;
  /** The page's h1. */
  title: string;
  lead: string;
  /** What Facturo already does on the subject, when it does something. */
  available?: { title: string; points: readonly string[] };
  planned: readonly string[];
  /** Dates set by law, when there are some. */
  timeline?: { title: string; steps: readonly { date: string; text: string }[] };
  /** A fact the reader should know before counting on it. */
  note: string;
}

/** What each "Bientôt" page says: plans, not promises of dates the team has not fixed. */
export const UPCOMING_FEATURES_CONTENT: Record<UpcomingFeature, UpcomingFeatureContent> = {
  'cartes-paiement': {
    icon: CreditCard,
    title: 'Cartes de paiement professionnelles',
    lead: 'Une carte de paiement pour votre activité, reliée à votre facturation, pour séparer enfin dépenses professionnelles et personnelles.',
    planned: [
      'Payer vos achats professionnels avec une carte dédiée à votre activité.',
      'Retrouver chaque paiement à côté de vos factures, au lieu de relire vos relevés bancaires.',
      'Joindre le justificatif d’un achat au moment où vous le faites.',
    ],
    note: 'Les cartes seront émises avec un établissement de paiement agréé. Leurs conditions et leur prix seront publiés avant l’ouverture ; aucune date n’est fixée aujourd’hui.',
  },
  'facturation-electronique': {
    icon: FileCheck2,
    title: 'Facturation électronique 2026–2027',
    lead: 'Entre entreprises établies en France, la facture électronique devient obligatoire. Facturo produit déjà le bon format ; la transmission par une plateforme agréée arrive.',
    available: {
      title: 'Déjà dans Facturo',
      points: [
        'Chaque facture est un PDF Factur-X : un PDF/A-3 lisible par tous, qui embarque ses données en XML au format européen EN 16931.',
        'Les données exigées par la réforme y figurent : SIRET, nature de l’opération (biens, services ou les deux), mentions de TVA et de paiement.',
        'Vos clients entreprises sont enregistrés avec leur SIRET ou leur SIREN.',
      ],
    },
    planned: [
      'Transmettre vos factures à vos clients professionnels par une plateforme agréée (PA), comme l’exige la réforme.',
      'Recevoir sur Facturo les factures électroniques de vos fournisseurs.',
      'Suivre les statuts de chaque facture tout au long de son cycle de vie : déposée, rejetée, refusée, encaissée…',
      'Transmettre à l’administration les données de vos ventes aux particuliers (e-reporting).',
    ],
    timeline: {
      title: 'Le calendrier de la réforme',
      steps: [
        {
          date: '1er septembre 2026',
          text: 'Toutes les entreprises, micro-entrepreneurs compris, doivent pouvoir recevoir des factures électroniques. Les grandes entreprises et les ETI doivent aussi en émettre.',
        },
        {
          date: '1er septembre 2027',
          text: 'Les PME, les TPE et les micro-entrepreneurs doivent à leur tour émettre leurs factures sous forme électronique.',
        },
      ],
    },
    note: 'Pour émettre et recevoir des factures électroniques, chaque entreprise devra passer par une plateforme agréée par l’administration fiscale. Facturo ne l’est pas encore : nous travaillons à nous y connecter.',
  },
  depenses: {
    icon: Wallet,
    title: 'Dépenses et notes de frais',
    lead: 'Vos achats et vos justificatifs au même endroit que vos factures, pour savoir ce que votre activité vous rapporte vraiment.',
    planned: [
      'Enregistrer une dépense en quelques secondes, avec sa photo de justificatif.',
      'Classer vos dépenses par catégorie et par mois.',
      'Voir côte à côte ce que vous avez facturé et ce que vous avez dépensé.',
      'Tenir le registre des achats que la loi demande aux micro-entrepreneurs qui vendent des marchandises.',
    ],
    note: 'En micro-entreprise, vos cotisations sont calculées sur votre chiffre d’affaires, sans déduction des dépenses : ce suivi vous sert à piloter votre activité, pas à réduire vos cotisations.',
  },
  assurance: {
    icon: ShieldCheck,
    title: 'Assurance pour indépendants',
    lead: 'Une responsabilité civile professionnelle adaptée aux indépendants, à souscrire sans quitter votre outil de facturation.',
    planned: [
      'Comparer des garanties de responsabilité civile professionnelle pensées pour les freelances et les micro-entrepreneurs.',
      'Souscrire en ligne et retrouver votre attestation dans Facturo.',
      'Faire figurer votre assurance sur vos factures quand votre métier l’exige, comme dans le bâtiment.',
    ],
    note: 'L’assurance sera proposée avec un assureur ou un courtier immatriculé à l’ORIAS, comme la loi l’impose. Ses conditions seront publiées avant l’ouverture ; aucune date n’est fixée aujourd’hui.',
  },
};
