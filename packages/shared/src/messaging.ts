import { z } from 'zod';
import { counterpartSchema } from './counterpart.js';
import { multiLine, singleLine } from './text.js';
import { archiveProgressEventSchema } from './yearly-archive.js';

/** SPEC §9 and issue 14: limits of the messaging area. */
export const MESSAGE_MAX_LENGTH = 5_000;
/** Badges show « 9+ » above this (SPEC §9). */
export const UNREAD_BADGE_CAP = 9;
export const unreadBadgeLabel = (count: number): string =>
  count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
/** The input grows with its text between these heights, in pixels (SPEC §9). */
export const MESSAGE_INPUT_MIN_PX = 40;
export const MESSAGE_INPUT_MAX_PX = 120;
/** An e-mail tells a user about messages still unread this long after the first of a burst. */
export const UNREAD_EMAIL_DELAY_MINUTES = 15;
/** GET /api/events writes a comment this often; a client that hears nothing for three of them reconnects. */
export const LIVE_EVENTS_HEARTBEAT_MS = 15_000;
export const MESSAGES_PAGE_DEFAULT = 50;
export const MESSAGES_PAGE_MAX = 100;
/** The name the support side carries for users (never an admin's e-mail). */
export const SUPPORT_DISPLAY_NAME = 'Support Facturo';

/**
 * « 5 000 »: an integer grouped by thousands with the narrow no-break space, as toLocaleString('fr-FR')
 * writes it — without Intl, whose first use at module load would cost every server start ICU's data.
 */
export function frenchInteger(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}

/** SPEC §8 and the page's own wording. */
export const MESSAGING_MESSAGES = {
  createFailed: 'Impossible de créer une conversation. Veuillez réessayer.',
  sendFailed: "Le message n'a pas pu être envoyé. Veuillez réessayer.",
  blank: 'Le message ne peut pas être vide.',
  tooLong: `Le message ne peut pas dépasser ${frenchInteger(MESSAGE_MAX_LENGTH)} caractères.`,
  notFound: 'Conversation introuvable.',
  invoiceNotShared:
    "Cette facture n'a pas été envoyée sur la plateforme : la conversation n'est possible qu'entre son émetteur et son destinataire.",
} as const;

export const CONVERSATION_KINDS = ['support', 'facture'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

export const participantSchema = z.object({
  _id: z.string(),
  prenom: z.string(),
  nom: z.string(),
});

/** GET /conversations: SPEC §3's Conversation, plus what the page needs to title and link it. */
export const conversationSchema = z.object({
  _id: z.string(),
  /** The other side as the reader sees it: « Support Facturo » (prenom: the answering admin's first name, if any). */
  participants: z.array(participantSchema),
  derniereActivite: z.string(),
  dernierMessage: z.object({ contenu: z.string() }).nullable(),
  nonLus: z.number(),
  /** An invoice conversation's other party: « Compte clôturé » / « Compte suspendu » cannot be written to. */
  contrepartie: counterpartSchema,
  kind: z.enum(CONVERSATION_KINDS),
  /** « Support » or the invoice number. */
  sujet: z.string(),
  /** facture conversations: the invoice, for a link. */
  factureId: z.string().nullable(),
  /** Admins reading a support conversation: the user's plan, to answer in context. */
  planUtilisateur: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsQuerySchema = z.object({
  q: singleLine().max(200).optional(),
});

/** SPEC §3's Message; `vu` only means something on one's own messages (two ticks). */
export const messageSchema = z.object({
  _id: z.string(),
  expediteur: z.object({ _id: z.string(), prenom: z.string(), nom: z.string() }),
  contenu: z.string(),
  createdAt: z.string(),
  vu: z.boolean(),
  /** Whether the reader wrote it (or, for an admin, whether support wrote it). */
  estMoi: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

/** Oldest first; `before` is the `_id` of the oldest message already shown (the next page is older). */
export const messagesQuerySchema = z.object({
  before: z.uuid('Curseur invalide.').optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_DEFAULT),
});

/** Line breaks are kept: the text is trimmed at its ends only. */
export const sendMessageRequestSchema = z.object({
  contenu: multiLine({ error: MESSAGING_MESSAGES.blank })
    .trim()
    .min(1, MESSAGING_MESSAGES.blank)
    .max(MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES.tooLong),
});

export const unreadCountSchema = z.object({ count: z.number() });
export const newConversationMessageResponseSchema = z.object({ conversationId: z.string() });
/** POST /factures/{id}/conversation: opens (or reuses) the invoice's conversation between its two parties. */
export const invoiceConversationResponseSchema = conversationSchema;

/** The live events of GET /api/events (Server-Sent Events), each `data` a JSON object of its schema. */
export const LIVE_EVENT_TYPES = [
  'message.created',
  'message.read',
  'unread.changed',
  'invoice.received',
  'invoice.status_changed',
  'quote.received',
  'quote.status_changed',
  'notification.created',
  'archive.progress',
  'lifecycle.changed',
  'supplier_invoice.received',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export const liveEventDataSchemas = {
  'message.created': z.object({ conversationId: z.string(), messageId: z.string() }),
  'message.read': z.object({ conversationId: z.string() }),
  'unread.changed': z.object({ count: z.number() }),
  'invoice.received': z.object({ factureId: z.string(), numero: z.string() }),
  // Each party is told only its own side's status, as GET /factures/{id} shows it (null for the other).
  'invoice.status_changed': z.object({
    factureId: z.string(),
    statutEmetteur: z.string().nullable(),
    statutDestinataire: z.string().nullable(),
  }),
  // Issue 15: a quote reaches its recipient on the platform; a quote's status changed (answer, opening,
  // the issuer's record of an answer). Both parties see both sides of a quote (the recipient must know
  // whether it still waits for an answer).
  'quote.received': z.object({ devisId: z.string(), numero: z.string() }),
  'quote.status_changed': z.object({
    devisId: z.string(),
    statutEmetteur: z.string(),
    statutDestinataire: z.string(),
  }),
  // Issue 17: a new notification for the bell, with the count of unread ones after it.
  'notification.created': z.object({ notificationId: z.string(), nonLues: z.number() }),
  // Issue 18: the yearly archive's job moved on (progress bar of /comptabilite).
  'archive.progress': archiveProgressEventSchema,
  // Issue 19: a lifecycle status (XP Z12-012) reached one of the user's documents: their invoice
  // (factureId) or a received supplier invoice (factureFournisseurId).
  'lifecycle.changed': z.object({
    factureId: z.string().nullable(),
    factureFournisseurId: z.string().nullable(),
    code: z.number(),
  }),
  // Issue 19: a supplier invoice arrived in the « Factures fournisseurs » inbox.
  'supplier_invoice.received': z.object({ factureFournisseurId: z.string(), numero: z.string() }),
} satisfies Record<LiveEventType, z.ZodType>;
export type LiveEventData<T extends LiveEventType> = z.infer<(typeof liveEventDataSchemas)[T]>;
