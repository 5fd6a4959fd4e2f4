/* No zod here: the public site's first load imports this file alone (@facturo/shared/public-pages). */
/**
 * Features announced on the public site but not built yet (SPEC §1). Each has its page and its waitlist;
 * the key is what the waitlist stores.
 */
export const UPCOMING_FEATURES = [
  'cartes-paiement',
  'facturation-electronique',
  'depenses',
  'assurance',
] as const;
export type UpcomingFeature = (typeof UPCOMING_FEATURES)[number];

/** Where each upcoming feature is presented (SPEC §2 public routes). */
export const UPCOMING_FEATURE_PATHS: Record<UpcomingFeature, string> = {
  'cartes-paiement': '/payment-cards',
  'facturation-electronique': '/invoices',
  depenses: '/expenses',
  assurance: '/insurance',
};

/**
 * Every public page that search engines should know: the sitemap (server) and the prerendered
 * head tags (web) both read this list, so a page's title and description are written once.
 */
export interface PublicPage {
  path: string;
  title: string;
  description: string;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    path: '/',
    title: 'Facturo · Facturation en ligne pour micro-entrepreneurs et freelances',
    description:
      'Créez, envoyez et suivez vos factures conformes en quelques clics. Factures Factur-X prêtes pour la réforme 2026–2027, mentions légales incluses. Essai gratuit 15 jours.',
  },
  {
    path: '/features',
    title: 'Fonctionnalités · Facturo',
    description:
      'Clients en un clic, numérotation continue, mentions légales remplies, envoi par email, suivi des paiements, franchise de TVA et Factur-X : tout ce que fait Facturo, et ce qui arrive bientôt.',
  },
  {
    path: '/contact',
    title: 'Contact · Facturo',
    description:
      "Une question sur Facturo ? Écrivez à l'équipe support, nous répondons sous deux jours ouvrés.",
  },
  {
    path: '/privacy',
    title: 'Politique de confidentialité · Facturo',
    description:
      'Quelles données Facturo conserve, pourquoi, combien de temps, et comment exercer vos droits RGPD (accès, rectification, portabilité, effacement).',
  },
  {
    path: '/terms',
    title: "Conditions générales d'utilisation · Facturo",
    description:
      "Les conditions d'utilisation du service Facturo : comptes, abonnements, responsabilités et résiliation.",
  },
  {
    path: '/payment-cards',
    title: 'Cartes de paiement (bientôt) · Facturo',
    description:
      'Bientôt : une carte de paiement professionnelle reliée à votre facturation. Inscrivez-vous pour être prévenu du lancement.',
  },
  {
    path: '/invoices',
    title: 'Facturation électronique 2026–2027 · Facturo',
    description:
      'Facturo produit déjà des factures Factur-X. Bientôt : la transmission par une plateforme agréée pour la réforme de la facturation électronique.',
  },
  {
    path: '/expenses',
    title: 'Dépenses (bientôt) · Facturo',
    description:
      'Bientôt : vos notes de frais et dépenses à côté de vos factures. Inscrivez-vous pour être prévenu du lancement.',
  },
  {
    path: '/insurance',
    title: 'Assurance (bientôt) · Facturo',
    description:
      'Bientôt : une assurance responsabilité civile professionnelle adaptée aux indépendants. Inscrivez-vous pour être prévenu.',
  },
  {
    path: '/devenir-client',
    title: 'Devenir client · Facturo',
    description:
      'Comment commencer avec Facturo : créez votre compte avec votre SIRET, essayez 15 jours sans carte bancaire, puis choisissez votre formule.',
  },
  {
    path: '/blog',
    title: 'Blog · Facturo',
    description:
      'Conseils de facturation pour micro-entrepreneurs : mentions obligatoires, délais de paiement, franchise de TVA et réforme de la facture électronique.',
  },
  {
    path: '/mentions-legales',
    title: 'Mentions légales du site · Facturo',
    description: 'Éditeur, hébergeur et informations légales du site Facturo.',
  },
  {
    path: '/login',
    title: 'Connexion · Facturo',
    description: 'Connectez-vous à votre espace Facturo pour gérer vos factures et vos clients.',
  },
  {
    path: '/register',
    title: 'Créer un compte · Facturo',
    description:
      'Créez votre compte professionnel Facturo avec votre SIRET : 15 jours d’essai gratuit, sans carte bancaire.',
  },
];

export function publicPage(path: string): PublicPage {
  const page = PUBLIC_PAGES.find((p) => p.path === path);
  if (!page) throw new Error(`Page publique inconnue : ${path}`);
  return page;
}

/** How long contact-form messages are kept: promised on /privacy, enforced by the server's maintenance job. */
export const CONTACT_MESSAGE_RETENTION_YEARS = 3;
