import {
  ArrowRightLeft,
  CalendarClock,
  Hash,
  ListChecks,
  type LucideIcon,
  Mail,
  Palette,
  Percent,
  SlidersHorizontal,
  UserPlus,
} from 'lucide-react';

export interface LandingFeature {
  icon: LucideIcon;
  title: string;
  text: string;
  /** Announced (SPEC §1) but not built yet: shown with a "Bientôt" badge, never as available. */
  soon?: boolean;
}

/** SPEC §1: what the landing advertises, each line true of the app as it is today. */
export const LANDING_FEATURES: readonly LandingFeature[] = [
  {
    icon: SlidersHorizontal,
    title: 'Mentions personnalisées',
    text: 'Conditions de paiement, mention libre, numéro de TVA intracommunautaire : réglés une fois, imprimés sur chaque facture, modifiables facture par facture.',
  },
  {
    icon: Palette,
    title: 'Votre logo et vos couleurs',
    text: 'Des factures à votre image, avec votre logo et la couleur de votre marque.',
    soon: true,
  },
  {
    icon: UserPlus,
    title: 'Clients en un instant',
    text: 'Ajoutez un client sans quitter la facture en cours : un nom, un email, et il est prêt pour toutes les suivantes.',
  },
  {
    icon: Mail,
    title: 'Envoi par email',
    text: 'La facture part en PDF avec votre message. Si votre client a un compte Facturo, il la reçoit aussi dans son espace Facturo.',
  },
  {
    icon: ListChecks,
    title: 'Suivi des statuts',
    text: 'Brouillon, envoyée, payée : chaque facture dit où elle en est, et la date de paiement est enregistrée.',
  },
  {
    icon: ArrowRightLeft,
    title: 'Du devis à la facture',
    text: 'Un devis accepté devient acompte puis facture sans rien ressaisir, acomptes déduits ; une erreur se corrige par un avoir.',
  },
  {
    icon: Hash,
    title: 'Numérotation continue',
    text: 'FAC-2026-0001, 0002… une suite chronologique sans trou ni doublon, comme la loi le demande.',
  },
  {
    icon: Percent,
    title: 'TVA optionnelle',
    text: 'En franchise en base, pas de TVA à calculer : vos factures sont émises hors TVA avec la mention obligatoire. Les factures avec TVA arrivent bientôt.',
  },
  {
    icon: CalendarClock,
    title: 'Délais de paiement',
    text: "15, 30, 45 ou 60 jours : l'échéance est calculée et imprimée avec vos conditions de règlement.",
  },
];
