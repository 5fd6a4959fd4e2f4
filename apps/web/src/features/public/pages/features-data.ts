import { PAYMENT_TERMS } from '@facturo/shared';
import { UPCOMING_FEATURE_PATHS } from '@facturo/shared/public-pages';
import {
  Bell,
  CreditCard,
  Download,
  FileCheck2,
  FileText,
  Landmark,
  type LucideIcon,
  Mail,
  Palette,
  Percent,
  Receipt,
  Repeat,
  Scale,
  ShieldCheck,
  Users,
  Wallet,
} from 'lucide-react';

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

const terms = PAYMENT_TERMS.join(', ').replace(/, (\d+)$/, ' ou $1');

/** What Facturo does today: each line is something a user can try in the app now. */
export const AVAILABLE_FEATURES: readonly Feature[] = [
  {
    icon: Users,
    title: 'Vos clients, particuliers et entreprises',
    text: 'Un carnet de clients avec email, téléphone et adresse ; SIRET ou SIREN pour les entreprises. Ajoutez un client sans quitter la facture en cours.',
  },
  {
    icon: FileText,
    title: 'Une facture en 5 étapes',
    text: `Émetteur, client et dates, lignes, récapitulatif, aperçu : les totaux se calculent seuls. Délai de paiement de ${terms} jours.`,
  },
  {
    icon: Repeat,
    title: 'Numérotation continue',
    text: 'Chaque facture reçoit son numéro FAC-AAAA-NNNN, chronologique, sans trou ni doublon, comme l’exige la loi.',
  },
  {
    icon: Percent,
    title: 'Franchise en base de TVA',
    text: 'Par défaut, vos factures portent la mention « TVA non applicable, art. 293 B du CGI » et votre numéro de TVA intracommunautaire si vous en avez un.',
  },
  {
    icon: Scale,
    title: 'Mentions légales remplies pour vous',
    text: 'Pénalités de retard à 3 fois le taux d’intérêt légal, indemnité forfaitaire de 40 €, pas d’escompte, nature de l’opération : prêtes à l’emploi et modifiables.',
  },
  {
    icon: Bell,
    title: 'Suivi des statuts',
    text: 'Créée, brouillon, envoyée, payée, annulée. Et côté destinataire : vue, acceptée, refusée, payée, avec la date de paiement.',
  },
  {
    icon: Mail,
    title: 'Envoi par email ou sur Facturo',
    text: 'Envoyez la facture par email, PDF joint et message personnalisé, ou directement sur Facturo : votre client reçoit un compte pour la consulter.',
  },
  {
    icon: FileCheck2,
    title: 'PDF Factur-X',
    text: 'Chaque facture est un PDF/A-3 qui embarque ses données en XML au format EN 16931 : prête pour la réforme de la facture électronique 2026–2027.',
  },
  {
    icon: Receipt,
    title: 'Des devis aux factures',
    text: 'Devis DEV-AAAA-NNNN accepté en ligne par votre client, facture d’acompte, facture finale avec les acomptes déduits, et avoirs AV-AAAA-NNNN pour corriger une facture envoyée.',
  },
  {
    icon: Download,
    title: 'Vos données, exportables',
    text: 'Exportez vos factures et vos clients au format JSON à tout moment (RGPD, articles 15 et 20).',
  },
];

/** Announced but not built: shown with a "Bientôt" badge, never as if it worked. */
export const UPCOMING_ITEMS: readonly (Feature & { to?: string })[] = [
  {
    icon: Palette,
    title: 'Logo et couleurs',
    text: 'Vos factures à vos couleurs, avec votre logo.',
  },
  {
    icon: Percent,
    title: 'Factures avec TVA',
    text: 'Pour les entreprises assujetties : la TVA collectée, calculée ligne par ligne.',
  },
  {
    icon: Landmark,
    title: 'Plateforme agréée',
    text: 'Transmettre et recevoir vos factures électroniques par une plateforme agréée.',
    to: UPCOMING_FEATURE_PATHS['facturation-electronique'],
  },
  {
    icon: CreditCard,
    title: 'Cartes de paiement',
    text: 'Une carte professionnelle reliée à votre facturation.',
    to: UPCOMING_FEATURE_PATHS['cartes-paiement'],
  },
  {
    icon: Wallet,
    title: 'Dépenses',
    text: 'Vos dépenses et justificatifs à côté de vos factures.',
    to: UPCOMING_FEATURE_PATHS.depenses,
  },
  {
    icon: ShieldCheck,
    title: 'Assurance',
    text: 'Une responsabilité civile professionnelle adaptée aux indépendants.',
    to: UPCOMING_FEATURE_PATHS.assurance,
  },
];
