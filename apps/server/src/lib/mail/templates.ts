import { centsToEuros, formatEuros, type InvoiceType } from '@facturo/shared';
import type { MailKind, MailMessage } from './message.js';

/** Every automatic e-mail of the product, in French, as HTML and plain text (compose: for modules with templates of their own). */

interface Greeting {
  prenom: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An address written in a text (a reminder's {lien_paiement}) is a link in the HTML part, not bare words. */
function linked(escaped: string): string {
  return escaped.replace(
    /https?:\/\/[^\s<]+[^\s<.,;:!?)]/g,
    (url) => `<a href="${url}" style="color:#4338ca">${url}</a>`,
  );
}

const NO_REPLY_FOOTER = 'Cet email automatique a été envoyé par Facturo. Merci de ne pas y répondre.';
/** Messages whose Reply-To reaches a person must not tell the reader not to reply. */
const REPLYABLE_FOOTER = 'Cet email a été envoyé par Facturo. Répondre à cet email écrit à son auteur.';

interface ComposeOptions {
  action?: { label: string; url: string };
  replyable?: boolean;
}

function layout(title: string, paragraphs: string[], { action, replyable }: ComposeOptions): string {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px">${linked(escapeHtml(p)).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4338ca;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br>${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:32px 16px">
<div style="background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 24px;color:#312e81">Facturo</h1>
${body}${button}
</div>
<p style="font-size:12px;color:#475569;text-align:center;margin-top:16px">${replyable ? REPLYABLE_FOOTER : NO_REPLY_FOOTER}</p>
</div></body></html>`;
}

function text(paragraphs: string[], { action, replyable }: ComposeOptions): string {
  const lines = [...paragraphs];
  if (action) lines.push(`${action.label} : ${action.url}`);
  lines.push('—', replyable ? REPLYABLE_FOOTER : NO_REPLY_FOOTER);
  return lines.join('\n\n');
}

/** One e-mail in the product's look; the reminders module composes its own texts with it (issue 17). */
export function compose(
  kind: MailKind,
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  replyable = false,
): MailMessage {
  const options = { action, replyable };
  return { kind, to, subject, text: text(paragraphs, options), html: layout(subject, paragraphs, options) };
}

export function confirmationEmail(to: string, user: Greeting, url: string): MailMessage {
  return compose(
    'account',
    to,
    'Confirmez votre adresse email — Facturo',
    [
      `Bonjour ${user.prenom},`,
      'Bienvenue sur Facturo ! Pour activer votre compte, confirmez votre adresse email.',
      'Ce lien est valable 24 heures.',
    ],
    { label: 'Confirmer mon adresse email', url },
  );
}

export function passwordResetEmail(to: string, user: Greeting, url: string): MailMessage {
  return compose(
    'account',
    to,
    'Réinitialisation de votre mot de passe — Facturo',
    [
      `Bonjour ${user.prenom},`,
      'Vous avez demandé à réinitialiser votre mot de passe. Choisissez-en un nouveau avec le lien ci-dessous.',
      'Ce lien est valable 1 heure. Si vous n’êtes pas à l’origine de cette demande, ignorez cet email : votre mot de passe reste inchangé.',
    ],
    { label: 'Choisir un nouveau mot de passe', url },
  );
}

export function passwordChangedEmail(to: string, user: Greeting, loginUrl: string): MailMessage {
  return compose(
    'account',
    to,
    'Votre mot de passe a été modifié — Facturo',
    [
      `Bonjour ${user.prenom},`,
      'Le mot de passe de votre compte Facturo vient d’être modifié. Toutes vos sessions ouvertes ont été fermées.',
      'Si vous n’êtes pas à l’origine de ce changement, réinitialisez immédiatement votre mot de passe et contactez le support.',
    ],
    { label: 'Se connecter', url: loginUrl },
  );
}

/** Sign-ins from unknown devices suspended after many failures (login-throttle.ts): one click lifts it. */
export function loginUnlockEmail(to: string, user: Greeting, url: string): MailMessage {
  return compose(
    'account',
    to,
    'Connexion suspendue sur votre compte — Facturo',
    [
      `Bonjour ${user.prenom},`,
      'De nombreuses tentatives de connexion avec un mauvais mot de passe ont visé votre compte Facturo. Par sécurité, la connexion depuis un appareil que vous n’avez encore jamais utilisé avec Facturo est suspendue ; vos appareils habituels se connectent toujours.',
      'Si vous voulez vous connecter depuis un nouvel appareil, débloquez la connexion avec le lien ci-dessous (valable 24 heures, une seule fois). Si ces tentatives ne viennent pas de vous, choisissez un mot de passe que vous n’utilisez nulle part ailleurs.',
    ],
    { label: 'Débloquer la connexion', url },
  );
}

/** How an e-mail names a document: « la facture FAC-… », « le devis DEV-… » (issue 15). */
interface DocumentNoun {
  /** « la facture », « le devis » */
  the: string;
  /** « Voir la facture », « Voir le devis » */
  view: string;
  /** What the recipient does with it once signed in. */
  purpose: string;
}
const INVOICE_NOUN: DocumentNoun = {
  the: 'la facture',
  view: 'Voir la facture',
  purpose: 'consulter la facture et indiquer son paiement',
};
const QUOTE_NOUN: DocumentNoun = {
  the: 'le devis',
  view: 'Voir le devis',
  purpose: 'consulter le devis et l’accepter ou le refuser',
};

function documentInvitationEmail(
  noun: DocumentNoun,
  to: string,
  doc: { numero: string; issuerName: string; amount?: InvoiceAmount },
  invitationUrl: string,
): MailMessage {
  return compose(
    'account',
    to,
    `Vous avez reçu ${noun.the} ${doc.numero} — Facturo`,
    [
      'Bonjour,',
      `${doc.issuerName} vous a envoyé ${noun.the} ${doc.numero} sur Facturo.`,
      ...(doc.amount ? [amountSentence(doc.amount)] : []),
      `Un espace personnel gratuit vous attend à cette adresse email : indiquez votre nom et choisissez votre mot de passe pour ${noun.purpose}.`,
      // Never « mot de passe oublié »: the reader never had a password.
      `Ce lien est valable 7 jours. Passé ce délai, demandez à ${doc.issuerName} de vous renvoyer ${noun.the}.`,
    ],
    { label: 'Créer mon espace', url: invitationUrl },
  );
}

/** What an invoice asks for, as an e-mail about it states it. */
export interface InvoiceAmount {
  totalTtcCents: number;
  /** YYYY-MM-DD */
  dateEcheance: string;
}

/** « 15/12/2026 », as dates read in French. */
function frenchDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

function amountSentence({ totalTtcCents, dateEcheance }: InvoiceAmount): string {
  return `Montant TTC : ${formatEuros(centsToEuros(totalTtcCents))}, à régler au plus tard le ${frenchDate(dateEcheance)}.`;
}

/**
 * DESIGN §5: an invoice sent to an address without an account. Its signed link opens the invoice, its PDF
 * and how to pay it, without an account; the page offers one, which exists only once the reader accepts.
 */
export function invoiceLinkEmail(
  to: string,
  invoice: { numero: string; type: InvoiceType; issuerName: string } & InvoiceAmount,
  linkUrl: string,
): MailMessage {
  const { document } = INVOICE_WORDING[invoice.type];
  return compose(
    'invoice',
    to,
    `Vous avez reçu ${document} ${invoice.numero} — Facturo`,
    [
      'Bonjour,',
      `${invoice.issuerName} vous a envoyé ${document} ${invoice.numero} avec Facturo.`,
      // A credit note asks for nothing: it is money owed back.
      ...(invoice.type === 'avoir' ? [] : [amountSentence(invoice)]),
      'Le lien ci-dessous l’ouvre sans inscription : vous y trouverez le document, son PDF et les coordonnées de paiement. Si vous le souhaitez, vous pourrez y créer gratuitement votre espace Facturo pour retrouver vos factures.',
    ],
    { label: `Voir ${document}`, url: linkUrl },
  );
}

function documentReceivedEmail(
  noun: DocumentNoun,
  to: string,
  doc: { numero: string; issuerName: string },
  url: string,
): MailMessage {
  return compose(
    'invoice',
    to,
    `Vous avez reçu ${noun.the} ${doc.numero} — Facturo`,
    ['Bonjour,', `${doc.issuerName} vous a envoyé ${noun.the} ${doc.numero} sur Facturo.`],
    { label: noun.view, url },
  );
}

/** An account invited before the signed link existed, still without a password: its invitation, renewed. */
export function invoiceInvitationEmail(
  to: string,
  invoice: { numero: string; issuerName: string } & InvoiceAmount,
  invitationUrl: string,
): MailMessage {
  const { numero, issuerName, ...amount } = invoice;
  return documentInvitationEmail(INVOICE_NOUN, to, { numero, issuerName, amount }, invitationUrl);
}

export function invoiceReceivedEmail(
  to: string,
  invoice: { numero: string; issuerName: string },
  invoiceUrl: string,
): MailMessage {
  return documentReceivedEmail(INVOICE_NOUN, to, invoice, invoiceUrl);
}

/** Issue 15: a credit note on an invoice received on the platform reaches the same recipient. */
export function creditNoteReceivedEmail(
  to: string,
  creditNote: { numero: string; creditedNumero: string; issuerName: string },
  creditNoteUrl: string,
): MailMessage {
  return compose(
    'invoice',
    to,
    `Vous avez reçu l’avoir ${creditNote.numero} — Facturo`,
    [
      'Bonjour,',
      `${creditNote.issuerName} vous a envoyé l’avoir ${creditNote.numero} sur la facture ${creditNote.creditedNumero}, sur Facturo.`,
    ],
    { label: 'Voir l’avoir', url: creditNoteUrl },
  );
}

/**
 * DESIGN §5: a quote sent on Facturo to an address without an account. Its signed link opens the quote and
 * its PDF without an account; the page offers one, which exists only once the reader accepts, and in
 * which the quote is then accepted or refused.
 */
export function quoteLinkEmail(
  to: string,
  quote: { numero: string; issuerName: string; totalTtcCents: number; dateValidite: string },
  linkUrl: string,
): MailMessage {
  return compose(
    'invoice',
    to,
    `Vous avez reçu le devis ${quote.numero} — Facturo`,
    [
      'Bonjour,',
      `${quote.issuerName} vous a envoyé le devis ${quote.numero} avec Facturo.`,
      `Montant TTC : ${formatEuros(centsToEuros(quote.totalTtcCents))}, devis valable jusqu’au ${frenchDate(quote.dateValidite)}.`,
      'Le lien ci-dessous l’ouvre sans inscription : vous y trouverez le devis et son PDF. Pour l’accepter ou le refuser en ligne, vous pourrez y créer gratuitement votre espace Facturo.',
    ],
    { label: 'Voir le devis', url: linkUrl },
  );
}

/** An account invited before the signed link existed, still without a password: its invitation, renewed. */
export function quoteInvitationEmail(
  to: string,
  quote: { numero: string; issuerName: string },
  invitationUrl: string,
): MailMessage {
  return documentInvitationEmail(QUOTE_NOUN, to, quote, invitationUrl);
}

/** Issue 15: a quote sent on the platform to an existing account. */
export function quoteReceivedEmail(
  to: string,
  quote: { numero: string; issuerName: string },
  quoteUrl: string,
): MailMessage {
  return documentReceivedEmail(QUOTE_NOUN, to, quote, quoteUrl);
}

interface DocumentByEmail {
  to: string;
  subject: string;
  message: string;
  issuer: { name: string; email: string };
  numero: string;
  pdf: Buffer;
}

/** The professional's own message with a document attached; replies go to them. */
function documentByEmail(
  input: DocumentByEmail,
  attachedSentences: string[],
  action?: { label: string; url: string },
): MailMessage {
  const paragraphs = [
    ...input.message
      .split(/\n{2,}/)
      .map((p) => p.trim())
      .filter(Boolean),
    ...attachedSentences,
    `Pour toute question, répondez simplement à cet email : votre réponse parviendra à ${input.issuer.name}.`,
  ];
  return {
    ...compose('invoice', input.to, input.subject, paragraphs, action, true),
    replyTo: { name: input.issuer.name, address: input.issuer.email },
    attachments: [
      {
        filename: `${input.numero}.pdf`,
        contentType: 'application/pdf',
        contentBase64: input.pdf.toString('base64'),
      },
    ],
  };
}

/**
 * The professional's own message to their client, with the invoice attached; replies go to them. Its amount
 * and due date are stated, and its signed link opens it online with the payment details (DESIGN §5).
 */
export function invoiceByEmail(
  input: DocumentByEmail & { type: InvoiceType; amount: InvoiceAmount; linkUrl: string; copie?: boolean },
): MailMessage {
  const { document, data } = INVOICE_WORDING[input.type];
  const attached = `Vous trouverez ci-joint ${document} ${input.numero} au format Factur-X (PDF lisible, avec les données ${data} intégrées).`;
  const online = `Vous pouvez aussi consulter ${document} en ligne, avec les coordonnées de paiement, sans inscription :`;
  const link = { label: 'Voir en ligne', url: input.linkUrl };
  if (!input.copie)
    return documentByEmail(
      input,
      [attached, ...(input.type === 'avoir' ? [] : [amountSentence(input.amount)]), online],
      link,
    );
  // Already transmitted via the approved platform: this e-mail is a copy, and says so, so that the buyer
  // does not take it for a second invoice to pay.
  return documentByEmail(
    { ...input, subject: `Copie — ${input.subject}` },
    [
      `Copie : ${document} ${input.numero} vous a été transmise via la plateforme agréée ; cet e-mail n’en est qu’une copie, à ne pas traiter une seconde fois. ${attached}`,
      online,
    ],
    link,
  );
}

/** How the attached sentence names each type (issue 15): an avoir is not « la facture ». */
const INVOICE_WORDING: Record<InvoiceType, { document: string; data: string }> = {
  facture: { document: 'la facture', data: 'de la facture' },
  acompte: { document: 'la facture d’acompte', data: 'de la facture' },
  avoir: { document: 'l’avoir', data: 'de l’avoir' },
};

/**
 * The professional's message with the quote's PDF attached; replies go to them. Its signed link opens it
 * online, where the client can create the account that answers it.
 */
export function quoteByEmail(input: DocumentByEmail & { linkUrl: string }): MailMessage {
  return documentByEmail(
    input,
    [
      `Vous trouverez ci-joint le devis ${input.numero} au format PDF.`,
      'Vous pouvez aussi le consulter en ligne, sans inscription :',
    ],
    { label: 'Voir le devis en ligne', url: input.linkUrl },
  );
}

/** A visitor's message from the public contact form, for the support team; replying answers the visitor. */
export function contactSupportEmail(
  to: string,
  contact: { nom: string; email: string; sujetLabel: string; message: string },
): MailMessage {
  return {
    ...compose(
      'support',
      to,
      `[Contact] ${contact.sujetLabel} — ${contact.nom}`,
      [
        `Message de ${contact.nom} <${contact.email}>, envoyé depuis le formulaire de contact du site.`,
        `Sujet : ${contact.sujetLabel}`,
        contact.message,
      ],
      undefined,
      true,
    ),
    replyTo: { name: contact.nom, address: contact.email },
  };
}

/**
 * Issue 14: messages still unread some minutes after they arrived. The text stays out of the e-mail:
 * it is read on the platform, where the conversation is.
 */
export function unreadMessagesEmail(
  to: string,
  notice: { prenom: string; from: string; count: number; sujet: string },
  url: string,
): MailMessage {
  const messages = notice.count > 1 ? `${notice.count} nouveaux messages` : 'un nouveau message';
  return compose(
    'support',
    to,
    `Vous avez ${messages} de ${notice.from} — Facturo`,
    [
      notice.prenom ? `Bonjour ${notice.prenom},` : 'Bonjour,',
      `${notice.from} vous a écrit ${messages} (${notice.sujet}), que vous n’avez pas encore lus.`,
      'Vous pouvez ne plus recevoir ces emails depuis votre profil.',
    ],
    { label: 'Lire mes messages', url },
  );
}
