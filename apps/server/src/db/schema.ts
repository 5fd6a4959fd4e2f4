import {
  ADMIN_ACTIONS,
  DISPUTES,
  INVOICE_TYPES,
  JOURNAL_DOCUMENT_TYPES,
  JOURNAL_EVENT_KINDS,
  NOTIFICATION_KINDS,
  type NotificationPrefs,
  NUMBERING_SERIES,
  PAYMENT_METHODS,
  QUOTE_ISSUER_STATUSES,
  QUOTE_RECIPIENT_STATUSES,
  type ReminderStepSetting,
  SENDING_CHANNELS,
  URSSAF_ACTIVITIES,
} from '@facturo/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased, so the unique index is case-insensitive in effect. */
    email: text('email').notNull(),
    /** Null for a recipient invited by an issuer who has not chosen a password yet. */
    passwordHash: text('password_hash'),
    nom: text('nom').notNull().default(''),
    prenom: text('prenom').notNull().default(''),
    role: text('role', { enum: ['professionnel', 'particulier'] }).notNull(),
    siret: text('siret'),
    adresse: text('adresse').notNull().default(''),
    codePostal: text('code_postal').notNull().default(''),
    ville: text('ville').notNull().default(''),
    /** Issue 12: franchise (art. 293 B du CGI, the default) or VAT charged. */
    regimeTva: text('regime_tva', { enum: ['franchise', 'reel'] })
      .notNull()
      .default('franchise'),
    /** « Option pour le paiement de la taxe d'après les débits », printed when chosen. */
    optionDebits: boolean('option_debits').notNull().default(false),
    /** The one place of the issuer's VAT number ('' when none); /mentions-legales shows and edits it too. */
    tvaIntracommunautaire: text('tva_intracommunautaire').notNull().default(''),
    /** « RCS Lyon 123 456 789 », « RM 69 … », or « Dispensé d’immatriculation »; '' when not given. */
    rcsRm: text('rcs_rm').notNull().default(''),
    assureur: text('assureur').notNull().default(''),
    assuranceCouverture: text('assurance_couverture').notNull().default(''),
    isAdmin: boolean('is_admin').notNull().default(false),
    isBanned: boolean('is_banned').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Bumped by a password change, a ban or a deletion: every token carrying an older version is refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    plan: text('plan', { enum: ['essai', 'gratuit', 'premium', 'business'] })
      .notNull()
      .default('essai'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Electronic format (no spaces, upper case); '' when none. Printed on invoices, with a QR code. */
    iban: text('iban').notNull().default(''),
    /** '' when none; never set without an IBAN. */
    bic: text('bic').notNull().default(''),
    /** #RRGGBB, upper case: the headings and table header of the issuer's PDFs. */
    couleurAccent: text('couleur_accent').notNull().default('#3730A3'),
    /**
     * Issue 13: a premium or business plan given by an admin, not billed. The plan sweep leaves it alone
     * (there is no paid period to end); a checkout, a cancellation or another admin change replaces it.
     */
    planGrantedByAdmin: boolean('plan_granted_by_admin').notNull().default(false),
    /** Per-user limits of the free plan set by an admin; null: the defaults of FREE_PLAN_LIMITS. */
    limiteFactures: integer('limite_factures'),
    limiteClients: integer('limite_clients'),
    /** Usage of the free plan counts from this instant (an admin reset); null: no reset. */
    quotasResetAt: timestamp('quotas_reset_at', { withTimezone: true }),
    /** Last authenticated request, written at most once a minute: the admin's « active users ». */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * The account was closed (by its owner or an admin) at this instant. The row stays as a tombstone:
     * its issued invoices must remain readable by their recipients for the retention period
     * (Code de commerce L123-22); personal data are erased and the e-mail replaced, so it can register again.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Issue 14: e-mail about messages still unread after 15 minutes (opt-out in the profile). */
    notifyMessagesByEmail: boolean('notify_messages_by_email').notNull().default(true),
    /**
     * Issue 17: per notification kind, whether it shows in the app and whether it is e-mailed; a kind
     * absent takes its defaults (packages/shared notifications.ts).
     */
    notificationPrefs: jsonb('notification_prefs').$type<NotificationPrefs>().notNull().default({}),
    /** Issue 17: the micro-entrepreneur's activity for the URSSAF helper; null until chosen. */
    activiteUrssaf: text('activite_urssaf', { enum: URSSAF_ACTIVITIES }),
    /**
     * One company, one account (DESIGN §5): a SIRET is held by one open account. Accounts that registered an
     * already held SIRET before that rule are flagged by migration 0015 (the oldest verified account keeps
     * it): listed for the admin, and no platform flow is routed to them until resolved.
     */
    siretDuplicate: boolean('siret_duplicate').notNull().default(false),
    /**
     * A closed account's read-only archive (Code de commerce L123-22): the address it signs in with (its
     * own was freed) and the last day it can be read; null when nothing is kept (migration 0021).
     */
    archiveEmail: text('archive_email'),
    retentionUntil: date('retention_until', { mode: 'string' }),
    /**
     * When the user accepted the terms and the privacy notice, for an account created from an invoice's
     * signed link (the proof of consent); null for accounts created before that page, or by sign-up.
     */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_active_siret_key')
      .on(t.siret)
      .where(sql`siret is not null and deleted_at is null and not siret_duplicate`),
    index('users_archive_email_idx').on(t.archiveEmail).where(sql`archive_email is not null`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer: one type for the code.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The issuer's logo, already resized for print (PNG or JPEG, which pdfkit draws), kept in the database
 * so every replica serves it and nothing lives on a server's disk.
 */
export const userLogos = pgTable('user_logos', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
  contentType: text('content_type', { enum: ['image/png', 'image/jpeg'] }).notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'unlock_login'] }).notNull(),
    /** SHA-256 of the token: the token itself only ever exists in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_key').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/** Fixed-window counters kept in PostgreSQL so every replica enforces the same limits. */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_expires_idx').on(t.expiresAt)],
);

/** A professional's client directory; every query is scoped by owner_id. */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    /** Lower-cased, unique within one directory. */
    email: text('email').notNull(),
    telephone: text('telephone').notNull().default(''),
    /** SIRET (14 digits) or SIREN (9) of a business client; null for an individual. */
    siret: text('siret'),
    rue: text('rue').notNull().default(''),
    codePostal: text('code_postal').notNull().default(''),
    ville: text('ville').notNull().default(''),
    /** ISO 3166-1 alpha-2. Rows written before issue 12 may still hold a name: read with parseCountry. */
    pays: text('pays').notNull().default('FR'),
    type: text('type', { enum: ['particulier', 'entreprise'] })
      .notNull()
      .default('particulier'),
    tvaIntracommunautaire: text('tva_intracommunautaire'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('clients_owner_email_key').on(t.ownerId, t.email),
    // Issue 16: the directory's keyset order (name without case, then creation, then id).
    index('clients_owner_page_idx').on(t.ownerId, sql`lower(${t.nom})`, t.createdAt, t.id),
  ],
);

/** The issuer's own wording of the mentions printed on invoices; absent until first saved. */
export const legalMentions = pgTable('legal_mentions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  conditionsPaiement: text('conditions_paiement').notNull(),
  mentionLibre: text('mention_libre').notNull(),
  escompte: text('escompte').notNull(),
  penalitesRetard: text('penalites_retard').notNull().default(''),
  indemniteForfaitaire: text('indemnite_forfaitaire').notNull(),
  natureOperation: text('nature_operation', { enum: ['services', 'biens', 'mixte'] }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per issuer, series and year: the last number given. Updated inside the creating transaction
 * (DESIGN §5). Series (issue 15): FAC for invoices and deposits, AV for credit notes, DEV for quotes.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    series: text('series', { enum: NUMBERING_SERIES }).notNull().default('FAC'),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuerId, t.series, t.year] })],
);

/** A line as stored: exact integers, never floats. */
export interface StoredLine {
  description: string;
  quantityThousandths: number;
  unitPriceCents: number;
  totalCents: number;
  /** Percent; absent on invoices written before issue 12 (then 0). */
  vatRate?: number;
  /** A key of UNITS (packages/shared/src/units.ts); absent before issue 12 (then 'unite'). */
  unit?: string;
  /** VATEX code of a 0 % line of an invoice charging VAT (vat-exemptions.ts); absent otherwise. */
  exemptionCode?: string;
}

/** Who issued the invoice, as they were when it was written. */
export interface IssuerSnapshot {
  nom: string;
  prenom: string;
  email: string;
  adresse: string;
  codePostal: string;
  ville: string;
  siret: string | null;
  /** Issue 12; absent on older invoices (then: franchise, no option, '' for the texts). */
  regimeTva?: 'franchise' | 'reel';
  optionDebits?: boolean;
  tvaIntracommunautaire?: string;
  rcsRm?: string;
  assureur?: string;
  assuranceCouverture?: string;
  /** Payment details as printed on the invoice; absent from invoices written before they existed. */
  iban?: string;
  bic?: string;
}

/** A postal address inside a snapshot; `pays` is an ISO code (a name on invoices written before issue 12). */
export interface SnapshotAddress {
  rue: string;
  codePostal: string;
  ville: string;
  pays: string;
}

/** The client, as it was when the invoice was written: later directory edits never reach it. */
export interface ClientSnapshot {
  nom: string;
  email: string;
  telephone: string;
  siret: string | null;
  adresse: SnapshotAddress;
  /** Issue 12; absent on older invoices (then: a business when it had a SIRET). */
  type?: 'particulier' | 'entreprise';
  tvaIntracommunautaire?: string | null;
}

export interface MentionsSnapshot {
  conditionsPaiement: string;
  mentionLibre: string;
  escompte: string;
  penalitesRetard: string;
  indemniteForfaitaire: string;
  tvaIntracommunautaire: string;
  natureOperation: 'services' | 'biens' | 'mixte';
}

/**
 * What an invoice refers to, as it was when written (issue 15): the numbers and dates printed on it must
 * not depend on later reads. Ids let the web link to the documents.
 */
export interface DocumentRefs {
  /** The quote a deposit or final invoice comes from. */
  quote?: { id: string; numero: string };
  /** BT-25/BT-26: the invoice (or deposit) a credit note corrects. */
  creditedInvoice?: { id: string; numero: string; dateEmission: string; totalTtcCents: number };
  /** A final invoice: the deposits deducted from what is due (BT-113). */
  deposits?: { id: string; numero: string; dateEmission: string; totalTtcCents: number }[];
}

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Issue 15: an invoice, a deposit invoice (386) or a credit note (381). */
    type: text('type', { enum: INVOICE_TYPES }).notNull().default('facture'),
    /** Restrict: an issuer's account is closed, never deleted, while its invoices are kept (issue 13). */
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Restrict: a client with invoices cannot be deleted (their invoices stay in the register). */
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    /** The platform user who receives it, once sent internally. */
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    numero: text('numero').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    dateEmission: date('date_emission', { mode: 'string' }).notNull(),
    dateEcheance: date('date_echeance', { mode: 'string' }).notNull(),
    delaiPaiement: integer('delai_paiement').notNull(),
    objet: text('objet').notNull().default(''),
    lines: jsonb('lines').$type<StoredLine[]>().notNull(),
    totalHtCents: bigint('total_ht_cents', { mode: 'number' }).notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    totalVatCents: bigint('total_vat_cents', { mode: 'number' }).notNull(),
    totalTtcCents: bigint('total_ttc_cents', { mode: 'number' }).notNull(),
    issuerStatus: text('issuer_status', { enum: ['creee', 'brouillon', 'envoyee', 'payee', 'annulee'] })
      .notNull()
      .default('creee'),
    recipientStatus: text('recipient_status', { enum: ['non_vue', 'vue', 'acceptee', 'refusee', 'payee'] })
      .notNull()
      .default('non_vue'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** First sending (e-mail, platform, or marked sent): the invoice is frozen from then on. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    issuerSnapshot: jsonb('issuer_snapshot').$type<IssuerSnapshot>().notNull(),
    clientSnapshot: jsonb('client_snapshot').$type<ClientSnapshot>().notNull(),
    mentions: jsonb('mentions').$type<MentionsSnapshot>().notNull(),
    /** BT-72: date of delivery or service; null on older invoices (then the issue date). */
    dateLivraison: date('date_livraison', { mode: 'string' }),
    /** Only when it differs from the client's address. */
    deliveryAddress: jsonb('delivery_address').$type<SnapshotAddress>(),
    /** EN 16931 category of the invoice (S, E, AE, K, G), decided when written (packages/shared vat.ts). */
    vatCategory: text('vat_category', { enum: ['S', 'E', 'AE', 'K', 'G'] })
      .notNull()
      .default('E'),
    /** A deposit or final invoice: its quote. */
    quoteId: uuid('quote_id').references((): AnyPgColumn => quotes.id, { onDelete: 'restrict' }),
    /** A credit note: the invoice or deposit it corrects. */
    creditedInvoiceId: uuid('credited_invoice_id').references((): AnyPgColumn => invoices.id, {
      onDelete: 'restrict',
    }),
    /** A credit note's reason, printed and sent in the XML's notes. */
    creditReason: text('credit_reason').notNull().default(''),
    /** A final invoice: the deposits' total TTC, deducted from what is due (BT-113). */
    prepaidCents: bigint('prepaid_cents', { mode: 'number' }).notNull().default(0),
    /**
     * Issue 17: the sum of the confirmed payments (table payments), kept in the transaction that writes
     * them, so lists and aggregates read what remains due without a join.
     */
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    refs: jsonb('refs').$type<DocumentRefs>().notNull().default({}),
    /*
     * The document's life (packages/shared document-life.ts): the facts its state is derived from, written
     * in the transactions that change them (modules/invoices/document-life.repo.ts).
     */
    /** « Émise »: the first sending by any channel, marking sent or paid; a credit note at creation. */
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** The channel of the first sending; once `plateforme_agreee`, no other channel sends it. */
    channel: text('channel', { enum: SENDING_CHANNELS }),
    /** The first time the recipient opened it (their account, or the e-mailed link). */
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    /** The last objection: refused (Facturo or 210), disputed (207), rejected by the platform (213, 221). */
    dispute: text('dispute', { enum: DISPUTES }),
    disputeReason: text('dispute_reason'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    /** The payments declared by the payer and not yet confirmed or rejected (table payments). */
    declaredCents: bigint('declared_cents', { mode: 'number' }).notNull().default(0),
    /** Why a numbered document was cancelled, for the numbers register. */
    cancelReason: text('cancel_reason'),
    ...timestamps,
  },
  (t) => [
    check(
      'invoices_channel_check',
      sql`channel IS NULL OR channel IN ('email', 'facturo', 'plateforme_agreee', 'marquee', 'paiement')`,
    ),
    check('invoices_dispute_check', sql`dispute IS NULL OR dispute IN ('refusee', 'litige', 'rejetee')`),
    uniqueIndex('invoices_issuer_numero_key').on(t.issuerId, t.numero),
    index('invoices_quote_idx').on(t.quoteId),
    index('invoices_credited_idx').on(t.creditedInvoiceId),
    // Issue 16: each list's keyset order (newest issue date, then newest creation, then id) read straight
    // from an index, so a page costs the same at 10,000 invoices as at 10.
    index('invoices_issuer_page_idx').on(t.issuerId, t.dateEmission.desc(), t.createdAt.desc(), t.id.desc()),
    index('invoices_recipient_page_idx').on(
      t.recipientId,
      t.dateEmission.desc(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('invoices_client_page_idx').on(
      t.issuerId,
      t.clientId,
      t.dateEmission.desc(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('invoices_client_idx').on(t.clientId),
    // The reminder sweep's (migration 0023): sent, open, undisputed invoices by due date. The predicate is
    // what reminder-candidates.repo.ts's WHERE states or implies, so the planner proves the index usable.
    index('invoices_reminder_sweep_idx')
      .on(t.dateEcheance, t.id)
      .where(
        sql`sent_at IS NOT NULL AND issued_at IS NOT NULL AND dispute IS NULL AND type <> 'avoir' AND issuer_status <> 'payee' AND issuer_status <> 'annulee'`,
      ),
    // The invoices never issued (drafts, deleted ones), by issuer: the issued list's total is the issuer's
    // counter less the deleted ones among these few (invoice-list.repo.ts, issuerListTotal).
    index('invoices_unissued_idx').on(t.issuerId).where(sql`issued_at IS NULL`),
  ],
);

/**
 * How many invoice rows each issuer has (every type and state: what the profile's `factureCount` says),
 * kept by deferred triggers on invoices (migration 0025) at the commit of every insert and delete, so that no
 * request counts an issuer's history. The nightly check (modules/invoices/issuer-counts.ts) recounts,
 * repairs and logs any drift.
 */
export const issuerCounts = pgTable('issuer_counts', {
  issuerId: uuid('issuer_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  invoices: integer('invoices').notNull().default(0),
});

/**
 * Issue 16: the PDF of an issued document as it was issued — rendered once, kept, and served byte for byte
 * afterwards (with its SHA-256), so a copy downloaded later is provably the original.
 */
export const invoiceOriginals = pgTable('invoice_originals', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  /** Hex SHA-256 of `pdf`. */
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Quotes (issue 15): the same lines, totals and snapshots as an invoice (written by the same composition),
 * with a validity date instead of terms and their own two-sided statuses. Never a Factur-X invoice.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Cascade: a quote is not a document the law keeps; an account deleted for good takes its quotes. */
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    /** The platform user who receives it, once sent internally. */
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    numero: text('numero').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    dateEmission: date('date_emission', { mode: 'string' }).notNull(),
    dateValidite: date('date_validite', { mode: 'string' }).notNull(),
    objet: text('objet').notNull().default(''),
    lines: jsonb('lines').$type<StoredLine[]>().notNull(),
    totalHtCents: bigint('total_ht_cents', { mode: 'number' }).notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    totalVatCents: bigint('total_vat_cents', { mode: 'number' }).notNull(),
    totalTtcCents: bigint('total_ttc_cents', { mode: 'number' }).notNull(),
    vatCategory: text('vat_category', { enum: ['S', 'E', 'AE', 'K', 'G'] })
      .notNull()
      .default('E'),
    issuerStatus: text('issuer_status', { enum: QUOTE_ISSUER_STATUSES }).notNull().default('creee'),
    recipientStatus: text('recipient_status', { enum: QUOTE_RECIPIENT_STATUSES })
      .notNull()
      .default('non_vue'),
    /** First sending (e-mail, platform, or marked sent): from then on it cannot be deleted. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The answer (acceptance or refusal), on the platform or recorded by the issuer. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answerComment: text('answer_comment').notNull().default(''),
    answeredOffPlatform: boolean('answered_off_platform').notNull().default(false),
    issuerSnapshot: jsonb('issuer_snapshot').$type<IssuerSnapshot>().notNull(),
    clientSnapshot: jsonb('client_snapshot').$type<ClientSnapshot>().notNull(),
    mentions: jsonb('mentions').$type<MentionsSnapshot>().notNull(),
    dateLivraison: date('date_livraison', { mode: 'string' }),
    deliveryAddress: jsonb('delivery_address').$type<SnapshotAddress>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('quotes_issuer_numero_key').on(t.issuerId, t.numero),
    index('quotes_issuer_page_idx').on(t.issuerId, t.dateEmission.desc(), t.createdAt.desc(), t.id.desc()),
    index('quotes_recipient_page_idx').on(
      t.recipientId,
      t.dateEmission.desc(),
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('quotes_client_idx').on(t.clientId),
    // The expiry job's scan: quotes still waiting for an answer, by validity date.
    index('quotes_open_validity_idx').on(t.dateValidite).where(sql`issuer_status in ('creee', 'envoyee')`),
  ],
);

/** A paid plan with its provider (the local test mode or Stripe); the user's plan column is what counts. */
export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: text('plan', { enum: ['premium', 'business'] }).notNull(),
  status: text('status', { enum: ['actif', 'annule', 'expire', 'impaye'] }).notNull(),
  provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
  customerId: text('customer_id'),
  subscriptionId: text('subscription_id'),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A checkout started by a user; completed only by the provider's verified word (or the test-mode page). */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['premium', 'business'] }).notNull(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    status: text('status', { enum: ['pending', 'completed', 'cancelled'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
);

/** Provider events already applied: a replayed webhook changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages sent from the public contact form (issue 7); the support address also receives each by e-mail. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nom: text('nom').notNull(),
    email: text('email').notNull(),
    sujet: text('sujet').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** Who asked to hear about an upcoming feature; an address is on a feature's list once. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    fonctionnalite: text('fonctionnalite').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('waitlist_entries_email_feature_idx').on(t.email, t.fonctionnalite)],
);

/** Every successful sign-in, as it happens: the admin's totalLogins and a user's last logins. */
export const loginEvents = pgTable(
  'login_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_events_user_idx').on(t.userId, t.createdAt),
    index('login_events_created_idx').on(t.createdAt),
  ],
);

/** E-mails queued on a user's behalf (kind of MailKind), counted per day in the admin's usage figures. */
export const emailEvents = pgTable(
  'email_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_events_created_idx').on(t.createdAt),
    index('email_events_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Every admin action, written in the action's own transaction: who, what, on whom, before and after.
 * The target's e-mail is copied so the entry still reads after the account is closed.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    action: text('action', { enum: ADMIN_ACTIONS }).notNull(),
    /** Null for an action on everyone (reset_quotas_all, sync_subscriptions). */
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetEmail: text('target_email').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_target_idx').on(t.targetUserId, t.createdAt)],
);

/**
 * One row per running replica, rewritten every 10 s with its counters of the last minute, so the admin's
 * realtime view covers the whole cluster; a replica silent for 30 s is no longer counted.
 */
export const replicaHeartbeats = pgTable('replica_heartbeats', {
  replicaId: text('replica_id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  stats: jsonb('stats').$type<Record<string, unknown>>().notNull(),
});

/**
 * Issue 14. A conversation is either a user's one support thread (answered by every admin, as « Support
 * Facturo ») or the thread of the two parties of an invoice sent on the platform. Nobody opens one with an
 * arbitrary user: the kind says who may read it.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['support', 'facture'] }).notNull(),
    /** support: the user who asks (the admins are the other side); facture: null. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** facture: the invoice talked about; its issuer and recipient are the two sides. */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    /** The two parties of a facture conversation (issuer first); null for support. */
    issuerId: uuid('issuer_id').references(() => users.id, { onDelete: 'set null' }),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_support_user_key').on(t.userId).where(sql`kind = 'support'`),
    uniqueIndex('conversations_invoice_key').on(t.invoiceId).where(sql`kind = 'facture'`),
    index('conversations_issuer_idx').on(t.issuerId, t.lastActivityAt),
    index('conversations_recipient_idx').on(t.recipientId, t.lastActivityAt),
    index('conversations_activity_idx').on(t.kind, t.lastActivityAt),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Null once the sender's account is gone; such messages are never returned (SPEC §3). */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** support conversations: whether the sender answered as support (an admin), so « vu » is per side. */
    fromSupport: boolean('from_support').notNull().default(false),
    /** Plain text exactly as written (trimmed), 1–5,000 characters; rendered as text, never HTML. */
    contenu: text('contenu').notNull(),
    /** When the other side first read it: SPEC's « vu » (two ticks). */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('messages_unread_idx').on(t.conversationId).where(sql`read_at is null`),
  ],
);

/**
 * Issue 14: every live event, per addressee, kept an hour so a reconnecting stream resumes from its
 * Last-Event-ID. The insert and a pg_notify of its id happen in the writer's transaction: a rolled-back
 * change announces nothing, and every replica hears a committed one.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_events_user_idx').on(t.userId, t.id), index('live_events_created_idx').on(t.createdAt)],
);

/**
 * Issue 17: a payment of an invoice or deposit. The issuer records confirmed ones; the recipient's « payée »
 * is a declared one (status `declaree`) that the issuer confirms or rejects. Only confirmed payments count in
 * invoices.paid_cents and in the figures. Never on a credit note.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Cascade: only a draft can be deleted, and a draft has no payment. */
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The day the money arrived (Paris calendar day). */
    datePaiement: date('date_paiement', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    reference: text('reference').notNull().default(''),
    status: text('status', { enum: ['confirme', 'declare', 'rejete'] })
      .notNull()
      .default('confirme'),
    /** Who wrote it: the issuer (confirmed at once) or the recipient (declared). */
    source: text('source', { enum: ['emetteur', 'destinataire'] })
      .notNull()
      .default('emetteur'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Why the issuer rejected a declared payment (told to the payer). */
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_amount_positive', sql`amount_cents > 0`),
    index('payments_invoice_idx').on(t.invoiceId, t.createdAt),
    // The dashboard's « encaissé » per month and year: confirmed payments of an issuer by date.
    index('payments_issuer_date_idx').on(t.issuerId, t.datePaiement).where(sql`status = 'confirme'`),
  ],
);

/** Issue 17: a professional's reminder plan; absent, the default plan (packages/shared reminders.ts) applies. */
export const reminderPlans = pgTable('reminder_plans', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The whole plan on or off. */
  active: boolean('active').notNull().default(true),
  steps: jsonb('steps').$type<ReminderStepSetting[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 17: every reminder of an invoice, automatic or manual. An automatic step's row is written with its
 * mail job in one transaction, and (invoice, step) is unique: two replicas or a restart cannot send a step
 * twice. Manual reminders (`step` = 'manuel') may repeat.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A key of the plan's steps (e.g. 'avant_3', 'apres_7'), or 'manuel'. */
    step: text('step').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    /** What remained due when it was sent, and the days late (negative before the due date). */
    amountDueCents: bigint('amount_due_cents', { mode: 'number' }).notNull(),
    daysLate: integer('days_late').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_reminders_step_key').on(t.invoiceId, t.step).where(sql`step <> 'manuel'`),
    index('invoice_reminders_invoice_idx').on(t.invoiceId, t.createdAt),
  ],
);

/**
 * Issue 17: the in-app notification centre. Written in the transaction of what it reports, announced on the
 * live stream (`notification.created`), read with the bell's count.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    /** The sentence shown, in French, written when it happened (a later rename does not rewrite it). */
    titre: text('titre').notNull(),
    /** The in-app path it opens (e.g. /factures/…), '' when none. */
    lien: text('lien').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`read_at is null`),
  ],
);

/**
 * Issue 18: the tamper-evident journal, one hash chain per issuer. Rows are only ever inserted, in the
 * transaction of what they record (modules/journal/journal-append.ts). A BEFORE INSERT trigger of migration
 * 0013 gives each row its `seq` (continuous per issuer, under a per-issuer transaction lock), its
 * `previous_hash` and its `hash` = SHA-256(previous_hash || '\n' || content), continuing from the chain's
 * head (journal_heads, moved by migration 0016's AFTER INSERT trigger); another trigger refuses every
 * UPDATE and DELETE. `content` is the exact JSON text that is hashed; the other columns repeat parts of it
 * for queries, and verification checks they agree. No foreign key: nothing may cascade into the journal.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    issuerId: uuid('issuer_id').notNull(),
    /** 1, 2, 3… per issuer. This default and the two hashes' are overwritten by the trigger. */
    seq: integer('seq').notNull().default(0),
    kind: text('kind', { enum: JOURNAL_EVENT_KINDS }).notNull(),
    documentType: text('document_type', { enum: JOURNAL_DOCUMENT_TYPES }),
    documentId: uuid('document_id'),
    numero: text('numero'),
    /** Hex SHA-256 of the issued PDF, on the entries that issue one. */
    pdfSha256: text('pdf_sha256'),
    /** 'YYYY-MM' on a monthly closing entry, 'YYYY-MM-DD' on a daily one: one per issuer and period. */
    period: text('period'),
    content: text('content').notNull(),
    previousHash: text('previous_hash').notNull().default(''),
    hash: text('hash').notNull().default(''),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.issuerId, t.seq] }),
    index('journal_entries_document_idx').on(t.documentId),
    uniqueIndex('journal_entries_closing_key')
      .on(t.issuerId, t.period)
      .where(sql`kind = 'cloture_mensuelle'`),
    uniqueIndex('journal_entries_daily_closing_key')
      .on(t.issuerId, t.period)
      .where(sql`kind = 'cloture_quotidienne'`),
  ],
);

/**
 * The head of each issuer's journal chain (sequence and hash of its last entry), written in the transaction
 * of every append: a deleted tail no longer matches it, so verification detects it before any seal.
 * Migration 0016's triggers move it (AFTER INSERT on journal_entries; the chain's BEFORE trigger continues
 * from it) and refuse to remove it, move it back, or point it at an entry the chain does not hold.
 */
export const journalHeads = pgTable('journal_heads', {
  issuerId: uuid('issuer_id').primaryKey(),
  seq: integer('seq').notNull(),
  hash: text('hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 18: the purchases register (registre des achats) of a professional who sells goods. Amounts in
 * cents; the receipt (PDF, JPEG or PNG, at most 5 MB, its type read from its bytes) is optional.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The purchase's day (Paris calendar). */
    datePurchase: date('date_achat', { mode: 'string' }).notNull(),
    supplier: text('fournisseur').notNull(),
    description: text('description').notNull().default(''),
    /** Including VAT, and the VAT within it (0 when none). */
    amountTtcCents: bigint('amount_ttc_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull().default(0),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('virement'),
    receipt: bytea('receipt'),
    receiptContentType: text('receipt_content_type', {
      enum: ['application/pdf', 'image/jpeg', 'image/png'],
    }),
    receiptName: text('receipt_name'),
    ...timestamps,
  },
  (t) => [
    check('purchases_amount_positive', sql`amount_ttc_cents > 0`),
    check('purchases_vat_within', sql`vat_cents >= 0 and vat_cents <= amount_ttc_cents`),
    index('purchases_user_date_idx').on(t.userId, t.datePurchase),
  ],
);

/**
 * Issue 18: a yearly archive (ZIP of the year's issued documents, receipts book, FEC and journal), built
 * by a job that reports its progress here; `zip` is set when it is ready.
 */
export const yearlyArchives = pgTable(
  'yearly_archives',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    status: text('status', { enum: ['en_attente', 'en_cours', 'prete', 'echec'] })
      .notNull()
      .default('en_attente'),
    /** Steps done out of `total` (documents, then the books): the web's progress bar. */
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    zip: bytea('zip'),
    sha256: text('sha256'),
    error: text('error'),
    ...timestamps,
  },
  (t) => [index('yearly_archives_user_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * Issue 19: a professional's connection to an e-invoicing platform (« plateforme agréée »): the built-in
 * test platform (the default, nothing to fill in) or an approved platform speaking the AFNOR XP Z12-013
 * API. Secrets are stored encrypted (AES-256-GCM, key from EINVOICING_SECRET_KEY or the data directory).
 */
export const einvoicingConnections = pgTable('einvoicing_connections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  platform: text('platform', { enum: ['test', 'afnor'] })
    .notNull()
    .default('test'),
  /**
   * AFNOR platform: the Flow Service's base URL (the standard's `servers` entry: requests go to
   * `{baseUrl}/v1/flows`…), the Directory Service's, and the OAuth2 token endpoint.
   */
  baseUrl: text('base_url'),
  directoryUrl: text('directory_url'),
  tokenUrl: text('token_url'),
  clientId: text('client_id'),
  clientSecretEncrypted: text('client_secret_encrypted'),
  /** How the client secret reaches the token endpoint: HTTP Basic, or in the form body (RFC 6749 §2.3.1). */
  clientAuth: text('client_auth', { enum: ['basic', 'corps'] })
    .notNull()
    .default('corps'),
  /** The webhook registered with POST /v1/webhooks (deleted on disconnect), and its signing key, sealed. */
  webhookId: text('webhook_id'),
  webhookSecretEncrypted: text('webhook_secret_encrypted'),
  /** The latest flow update read by polling (searchFlows' updatedAfter). */
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  ...timestamps,
});

/**
 * Issue 19: every flow exchanged with the platform, both ways: an invoice or a CDAR status submitted
 * (`sortant`, with its idempotency key, retried by the job queue until the platform has it), or a
 * document or status received (`entrant`, kept once per platform flow id).
 */
export const platformFlows = pgTable(
  'platform_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['sortant', 'entrant'] }).notNull(),
    kind: text('kind', { enum: ['facture', 'cdar', 'ereporting'] }).notNull(),
    /** The seller's invoice it carries or concerns. */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    /** The received invoice it carries or concerns. */
    supplierInvoiceId: uuid('supplier_invoice_id'),
    /** Outgoing: the key the platform deduplicates a submission with (the same on every retry). */
    idempotencyKey: text('idempotency_key'),
    /** The platform's id of the flow, once it has it. */
    flowId: text('flow_id'),
    state: text('state', { enum: ['a_envoyer', 'deposee', 'rejetee', 'echec', 'recue'] }).notNull(),
    /** Lifecycle code the flow carries (a CDAR), or the last one the platform gave it. */
    statusCode: integer('status_code'),
    syntax: text('syntax', { enum: ['Factur-X', 'CII', 'UBL', 'CDAR', 'FRR'] }).notNull(),
    /** The standard's processingRule sent in flowInfo (B2B invoices; B2C or B2BInt e-reporting); null: computed by the platform. */
    processingRule: text('processing_rule'),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    sha256: text('sha256').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('platform_flows_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('platform_flows_flow_id_key').on(t.userId, t.direction, t.flowId),
    index('platform_flows_invoice_idx').on(t.invoiceId),
    index('platform_flows_supplier_invoice_idx').on(t.supplierInvoiceId),
  ],
);

/**
 * Issue 19: an invoice received from a supplier, from the platform or uploaded by hand (Factur-X PDF,
 * CII or UBL XML). The original is kept byte for byte with its SHA-256; the rest is what was read from it.
 */
export const supplierInvoices = pgTable(
  'supplier_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['plateforme', 'depot'] }).notNull(),
    /** The platform's flow id it came in (source plateforme). */
    flowId: text('flow_id'),
    original: bytea('original').notNull(),
    originalSha256: text('original_sha256').notNull(),
    originalFormat: text('original_format', { enum: ['facturx', 'cii', 'ubl'] }).notNull(),
    fileName: text('file_name').notNull(),
    /** BT-3: 380 invoice, 381 credit note, 386 deposit… */
    typeCode: text('type_code').notNull(),
    numero: text('numero').notNull(),
    dateEmission: date('date_emission', { mode: 'string' }).notNull(),
    dateEcheance: date('date_echeance', { mode: 'string' }),
    currency: text('currency').notNull().default('EUR'),
    sellerName: text('seller_name').notNull(),
    sellerSiren: text('seller_siren'),
    sellerSiret: text('seller_siret'),
    sellerVatNumber: text('seller_vat_number'),
    /** How duplicates are recognised: the seller's SIREN, else its VAT number, else its name, normalised. */
    sellerKey: text('seller_key').notNull(),
    sellerAddress: jsonb('seller_address').$type<Record<string, string>>().notNull().default({}),
    buyerName: text('buyer_name').notNull().default(''),
    totalHtCents: bigint('total_ht_cents', { mode: 'number' }).notNull(),
    totalVatCents: bigint('total_vat_cents', { mode: 'number' }).notNull(),
    totalTtcCents: bigint('total_ttc_cents', { mode: 'number' }).notNull(),
    amountDueCents: bigint('amount_due_cents', { mode: 'number' }).notNull(),
    iban: text('iban'),
    bic: text('bic'),
    /** The lines and the VAT breakdown as read (amounts in cents), for the readable view. */
    lines: jsonb('lines').$type<unknown[]>().notNull().default([]),
    vatBreakdown: jsonb('vat_breakdown').$type<unknown[]>().notNull().default([]),
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['recue', 'approuvee', 'refusee', 'payee'] })
      .notNull()
      .default('recue'),
    refusalCode: text('refusal_code'),
    refusalReason: text('refusal_reason'),
    paidOn: date('paid_on', { mode: 'string' }),
    /** The purchases register's row it fed, once approved or paid (issue 18). */
    purchaseId: uuid('purchase_id').references(() => purchases.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('supplier_invoices_seller_numero_key').on(t.userId, t.sellerKey, t.numero),
    index('supplier_invoices_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Issue 19: the lifecycle statuses of a document (XP Z12-012), both sides: on the seller's invoice
 * (`invoice_id`) and on the buyer's received invoice (`supplier_invoice_id`). A status received twice (a
 * webhook and a poll) is kept once, by its `external_id`.
 */
export const lifecycleEvents = pgTable(
  'lifecycle_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    supplierInvoiceId: uuid('supplier_invoice_id').references(() => supplierInvoices.id, {
      onDelete: 'cascade',
    }),
    code: integer('code').notNull(),
    actor: text('actor', { enum: ['plateforme', 'acheteur', 'vendeur'] }).notNull(),
    reasonCode: text('reason_code'),
    reason: text('reason'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    paidOn: date('paid_on', { mode: 'string' }),
    /** The platform's id of the status (its flow, or its CDAR document id) when it came from there. */
    externalId: text('external_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('lifecycle_events_one_document', sql`(invoice_id is null) <> (supplier_invoice_id is null)`),
    uniqueIndex('lifecycle_events_external_key').on(t.userId, t.externalId),
    index('lifecycle_events_invoice_idx').on(t.invoiceId, t.occurredAt),
    index('lifecycle_events_supplier_invoice_idx').on(t.supplierInvoiceId, t.occurredAt),
  ],
);

/**
 * Issue 19: the built-in test platform's own records (the platform side, not Facturo's): the flows it was
 * given, addressed by SIREN, with the statuses it has given them. Like a real PA it answers over HTTP.
 */
export const testPlatformFlows = pgTable(
  'test_platform_flows',
  {
    flowId: text('flow_id').primaryKey(),
    /** The OAuth2 client (a professional's connection) that submitted it; null for the platform's own CDAR. */
    senderClientId: text('sender_client_id'),
    senderSiren: text('sender_siren'),
    /** The SIREN it is addressed to (the buyer of an invoice, the other party of a status). */
    recipientSiren: text('recipient_siren'),
    /**
     * The routing address it was delivered to: the SIRET of the one open, unflagged account that holds it
     * (never every account of a SIREN). Null when it reached nobody.
     */
    recipientSiret: text('recipient_siret'),
    /** The client a platform status (a CDAR the platform made) goes back to: the submitter of its invoice. */
    recipientClientId: text('recipient_client_id'),
    /** XP Z12-013 trackingId: one flow per (sender, trackingId). */
    idempotencyKey: text('idempotency_key'),
    syntax: text('syntax').notNull(),
    processingRule: text('processing_rule').notNull().default('B2B'),
    /** Whether the processing rule was given by the submitter (Input) or set by the platform (Computed). */
    processingRuleSource: text('processing_rule_source', { enum: ['Input', 'Computed'] })
      .notNull()
      .default('Computed'),
    flowProfile: text('flow_profile').notNull().default('Undefined'),
    flowType: text('flow_type').notNull().default('CustomerInvoice'),
    name: text('name').notNull(),
    content: bytea('content').notNull(),
    sha256: text('sha256').notNull(),
    /** The acknowledgement (technical integration): Ok, or Error with its details. */
    ackStatus: text('ack_status', { enum: ['Pending', 'Ok', 'Error'] })
      .notNull()
      .default('Ok'),
    ackDetails:
      jsonb('ack_details').$type<
        { level: 'Error' | 'Warning'; item: string; reasonCode: string; reasonMessage: string }[]
      >(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('test_platform_flows_idempotency_key').on(t.senderClientId, t.idempotencyKey),
    index('test_platform_flows_recipient_idx').on(t.recipientSiren, t.updatedAt),
    index('test_platform_flows_recipient_siret_idx').on(t.recipientSiret, t.updatedAt),
    index('test_platform_flows_recipient_client_idx').on(t.recipientClientId, t.updatedAt),
    index('test_platform_flows_sender_idx').on(t.senderClientId, t.updatedAt),
  ],
);

/**
 * The webhooks the test platform's clients registered (POST /v1/webhooks): in the database so that every
 * replica delivers them. The signing key is sealed with the instance's key.
 */
export const testPlatformWebhooks = pgTable(
  'test_platform_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id').notNull(),
    callbackUrl: text('callback_url').notNull(),
    /** The standard's filters: flowTypes, flowDirection, ackStatus (absent = all). */
    filters: jsonb('filters')
      .$type<{ flowTypes?: string[]; flowDirection?: 'In' | 'Out'; ackStatus?: 'Pending' | 'Ok' | 'Error' }>()
      .notNull()
      .default({}),
    signingKeyEncrypted: text('signing_key_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_platform_webhooks_client_idx').on(t.clientId)],
);

export type TestPlatformWebhookRow = typeof testPlatformWebhooks.$inferSelect;

/** Issue 19: answers of the company-search service, kept a while (the public API is rate-limited). */
export const companySearchCache = pgTable('company_search_cache', {
  queryKey: text('query_key').primaryKey(),
  response: jsonb('response').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 19: an e-reporting submission (B2C and international sales, and payments, of one period), as
 * prepared and sent through the platform.
 */
export const ereportingSubmissions = pgTable(
  'ereporting_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** The transactions and payments as submitted. */
    data: jsonb('data').notNull(),
    sha256: text('sha256').notNull(),
    state: text('state', { enum: ['a_envoyer', 'deposee', 'acceptee', 'rejetee'] })
      .notNull()
      .default('a_envoyer'),
    flowId: text('flow_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [uniqueIndex('ereporting_submissions_period_key').on(t.userId, t.periodStart)],
);

export type EInvoicingConnectionRow = typeof einvoicingConnections.$inferSelect;
export type PlatformFlowRow = typeof platformFlows.$inferSelect;
export type SupplierInvoiceRow = typeof supplierInvoices.$inferSelect;
export type LifecycleEventRow = typeof lifecycleEvents.$inferSelect;
export type TestPlatformFlowRow = typeof testPlatformFlows.$inferSelect;
export type EreportingSubmissionRow = typeof ereportingSubmissions.$inferSelect;
export type JournalEntryRow = typeof journalEntries.$inferSelect;
export type PurchaseRow = typeof purchases.$inferSelect;
export type YearlyArchiveRow = typeof yearlyArchives.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type InvoiceReminderRow = typeof invoiceReminders.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type AdminAuditRow = typeof adminAuditLog.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;
export type ClientRow = typeof clients.$inferSelect;
export type UserLogoRow = typeof userLogos.$inferSelect;
export type LegalMentionsRow = typeof legalMentions.$inferSelect;
export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

/**
 * A lifecycle status received from a platform that names no flow or document of the account it reached:
 * kept aside for the admin, applied to nothing (statuses reach only their invoice, DESIGN §5).
 */
export const unmatchedPlatformStatuses = pgTable(
  'unmatched_platform_statuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account whose platform delivered it (null once that account is gone). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The platform's id of the flow that carried it. */
    flowId: text('flow_id'),
    statusCode: integer('status_code'),
    /** What it named: the invoice's number and its seller's and buyer's SIREN, as read. */
    invoiceNumero: text('invoice_numero'),
    sellerSiren: text('seller_siren'),
    buyerSiren: text('buyer_siren'),
    /** Why it was kept aside, in French, for the admin. */
    reason: text('reason').notNull(),
    content: bytea('content'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('unmatched_platform_statuses_received_idx').on(t.receivedAt.desc()),
    uniqueIndex('unmatched_platform_statuses_flow_key').on(t.userId, t.flowId),
  ],
);

/**
 * Signed webhook deliveries already accepted, kept for the signature's tolerance window: the same delivery
 * replayed within it is refused (after it, its timestamp is).
 */
export const receivedWebhooks = pgTable(
  'received_webhooks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The delivery's id, or the SHA-256 of its signature when it has none. */
    deliveryKey: text('delivery_key').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deliveryKey] }),
    index('received_webhooks_received_idx').on(t.receivedAt),
  ],
);

/**
 * E-mails the SMTP server accepted, by their queue job: written right after each acceptance, so a job whose
 * lease lapsed (its replica killed before completing it) is completed by the next replica without sending
 * it again.
 */
export const deliveredMails = pgTable(
  'delivered_mails',
  {
    jobId: uuid('job_id').primaryKey(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivered_mails_delivered_idx').on(t.deliveredAt)],
);
