/**
 * Issue 17: the two ways to send a document, named for what they do, each with one line saying it.
 * Shared by invoices and quotes so both pages speak alike.
 */
export const SEND_EMAIL_LABEL = 'Envoyer par e-mail';
export const SEND_PLATFORM_LABEL = 'Envoyer sur Facturo';
/** After the approved platform, an e-mail is only a copy (the server labels it so). */
export const SEND_EMAIL_COPY_LABEL = 'Envoyer une copie par e-mail';

type DocumentWord = 'la facture' | 'le devis';

export const sendEmailHint = (document: DocumentWord) =>
  `Le PDF ${document === 'la facture' ? 'de la facture' : 'du devis'} part à l'adresse e-mail de votre client, avec votre message.`;

export const sendPlatformHint = (document: DocumentWord) =>
  document === 'la facture'
    ? "La facture arrive dans l'espace Facturo de votre client ; s'il n'a pas de compte, il reçoit par e-mail un lien pour la consulter en ligne, sans inscription."
    : "Le devis arrive dans l'espace Facturo de votre client ; s'il n'a pas de compte, il reçoit par e-mail un lien pour le consulter en ligne, sans inscription.";
