/* The web's own wording for quotes (issue 15); the server's refusals come with their own sentence. */
export const QUOTES_LOAD_ERROR = 'Erreur lors du chargement des devis';
export const QUOTE_LOAD_ERROR = 'Erreur lors du chargement du devis';
export const QUOTE_NOT_FOUND = 'Devis non trouvé';
export const NO_QUOTES_TEXT = 'Aucun devis trouvé';
/** A search that found nothing says which (issue 16). */
export const noQuotesText = (search: string) => `${NO_QUOTES_TEXT} pour « ${search} ».`;
/** « 50 devis affichés sur 120 », under the list while pages are left. */
export const quotesCountText = (shown: number, total: number) =>
  `${shown} devis affiché${shown > 1 ? 's' : ''} sur ${total}`;
export const QUOTE_CREATE_ERROR = 'Erreur lors de la création du devis';
export const QUOTE_UPDATE_ERROR = 'Erreur lors de la modification du devis';
export const QUOTE_DELETE_ERROR = 'Erreur lors de la suppression du devis';
export const QUOTE_SEND_ERROR = "Erreur lors de l'envoi du devis.";
export const QUOTE_SEND_SUCCESS = 'Devis envoyé sur la plateforme.';
export const QUOTE_ALREADY_SENT = 'Ce devis a déjà été envoyé sur la plateforme.';
export const QUOTE_EMAIL_SUCCESS = 'Devis envoyé par email avec succès !';
export const QUOTE_ANSWER_ERROR = "Erreur lors de l'enregistrement de la réponse";
export const DEPOSIT_ERROR = "Erreur lors de la création de la facture d'acompte";
export const CONVERT_ERROR = 'Erreur lors de la création de la facture';
export const QUOTE_LOCKED_EXPLANATION =
  'Devis accepté, refusé ou facturé : il ne peut plus être modifié. Dupliquez-le pour en préparer un autre.';
export const QUOTES_PATH = '/devis';
export const quoteDetailPath = (id: string) => `${QUOTES_PATH}/${encodeURIComponent(id)}`;
export const invoiceDetailPath = (id: string) => `/factures/${encodeURIComponent(id)}`;
