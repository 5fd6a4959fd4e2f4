import { UPCOMING_FEATURE_PATHS } from '@facturo/shared/public-pages';

/** Where the pricing and FAQ sections of the landing page sit, so links from any page reach them. */
export const PRICING_ANCHOR = 'tarifs';
export const FAQ_ANCHOR = 'faq';

export interface SiteLink {
  to: string;
  label: string;
}

/** The header's navigation: the few places a visitor looks for first. */
export const HEADER_LINKS: readonly SiteLink[] = [
  { to: '/features', label: 'Fonctionnalités' },
  { to: `/#${PRICING_ANCHOR}`, label: 'Tarifs' },
  { to: `/#${FAQ_ANCHOR}`, label: 'FAQ' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
];

/** The footer lists every public page (SPEC §2), grouped as a visitor would look for them. */
export const FOOTER_GROUPS: readonly { title: string; links: readonly SiteLink[] }[] = [
  {
    title: 'Produit',
    links: [
      { to: '/features', label: 'Fonctionnalités' },
      { to: `/#${PRICING_ANCHOR}`, label: 'Tarifs' },
      { to: '/create-invoice', label: 'Créer une facture' },
      { to: '/try', label: 'Essayer gratuitement' },
      { to: UPCOMING_FEATURE_PATHS['facturation-electronique'], label: 'Facturation électronique' },
    ],
  },
  {
    title: 'Bientôt',
    links: [
      { to: UPCOMING_FEATURE_PATHS['cartes-paiement'], label: 'Cartes de paiement' },
      { to: UPCOMING_FEATURE_PATHS.depenses, label: 'Dépenses' },
      { to: UPCOMING_FEATURE_PATHS.assurance, label: 'Assurance' },
    ],
  },
  {
    title: 'Ressources',
    links: [
      { to: '/blog', label: 'Blog' },
      { to: '/devenir-client', label: 'Devenir client' },
      { to: `/#${FAQ_ANCHOR}`, label: 'Questions fréquentes' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Légal',
    links: [
      { to: '/mentions-legales', label: 'Mentions légales' },
      { to: '/privacy', label: 'Confidentialité' },
      { to: '/terms', label: 'CGU' },
    ],
  },
  {
    title: 'Compte',
    links: [
      { to: '/login', label: 'Se connecter' },
      { to: '/register', label: 'Créer un compte' },
    ],
  },
];
