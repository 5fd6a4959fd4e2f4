import { DEFAULT_LEGAL_MENTIONS, type InvoiceInput, invoiceInputSchema } from '@facturo/shared';
import type { ClientRow, InvoiceRow, UserRow } from '../db/schema.js';
import { composeInvoice } from '../modules/invoices/invoice-compose.js';

/**
 * A stored invoice as the document module reads it, for tests and benchmarks of the document. Left as
 * it is, it is a row written before issue 12 (no units, rates, VAT details or delivery): those must still
 * read.
 */
export function invoiceRow(overrides: Partial<InvoiceRow> = {}): InvoiceRow {
  const lines = overrides.lines ?? [
    { description: 'Conseil', quantityThousandths: 3000, unitPriceCents: 3333, totalCents: 9999 },
    { description: 'Déplacement', quantityThousandths: 500, unitPriceCents: 1999, totalCents: 1000 },
  ];
  const total = lines.reduce((sum, line) => sum + line.totalCents, 0);
  return {
    id: '6f1e4a7c-0000-4000-8000-000000000001',
    type: 'facture',
    quoteId: null,
    creditedInvoiceId: null,
    creditReason: '',
    prepaidCents: 0,
    paidCents: 0,
    refs: {},
    issuedAt: null,
    channel: null,
    viewedAt: null,
    dispute: null,
    disputeReason: null,
    disputedAt: null,
    declaredCents: 0,
    cancelReason: null,
    issuerId: '6f1e4a7c-0000-4000-8000-000000000002',
    clientId: '6f1e4a7c-0000-4000-8000-000000000003',
    recipientId: null,
    numero: 'FAC-2026-0007',
    year: 2026,
    sequence: 7,
    dateEmission: '2026-11-21',
    dateEcheance: '2026-12-21',
    delaiPaiement: 30,
    objet: '',
    lines,
    totalHtCents: total,
    vatRate: '0.00',
    totalVatCents: 0,
    totalTtcCents: total,
    issuerStatus: 'creee',
    recipientStatus: 'non_vue',
    paidAt: null,
    sentAt: null,
    issuerSnapshot: {
      nom: 'Lefèvre',
      prenom: 'Zoé',
      email: 'zoe@exemple.fr',
      adresse: '12 rue des Lilas',
      codePostal: '75011',
      ville: 'Paris',
      siret: '12345678200010',
    },
    clientSnapshot: {
      nom: 'Jean Dupont',
      email: 'jean@exemple.fr',
      telephone: '',
      siret: null,
      adresse: { rue: '3 place du Marché', codePostal: '69002', ville: 'Lyon', pays: 'France' },
    },
    mentions: { ...DEFAULT_LEGAL_MENTIONS },
    dateLivraison: null,
    deliveryAddress: null,
    vatCategory: 'E',
    createdAt: new Date('2026-11-21T10:00:00Z'),
    updatedAt: new Date('2026-11-21T10:00:00Z'),
    ...overrides,
  };
}

const issuerRow: UserRow = {
  id: '6f1e4a7c-0000-4000-8000-000000000002',
  siretDuplicate: false,
  archiveEmail: null,
  retentionUntil: null,
  termsAcceptedAt: null,
  email: 'zoe@exemple.fr',
  passwordHash: null,
  nom: 'Lefèvre',
  prenom: 'Zoé',
  role: 'professionnel',
  siret: '12345678200010',
  adresse: '12 rue des Lilas',
  codePostal: '75011',
  ville: 'Paris',
  regimeTva: 'franchise',
  optionDebits: false,
  tvaIntracommunautaire: '',
  rcsRm: '',
  assureur: '',
  assuranceCouverture: '',
  iban: '',
  bic: '',
  couleurAccent: '#3730A3',
  isAdmin: false,
  isBanned: false,
  emailVerifiedAt: new Date('2026-01-02T10:00:00Z'),
  tokenVersion: 0,
  plan: 'essai',
  trialEndsAt: null,
  lastLoginAt: null,
  planGrantedByAdmin: false,
  limiteFactures: null,
  limiteClients: null,
  quotasResetAt: null,
  lastSeenAt: null,
  deletedAt: null,
  notifyMessagesByEmail: true,
  notificationPrefs: {},
  activiteUrssaf: null,
  createdAt: new Date('2026-01-02T10:00:00Z'),
  updatedAt: new Date('2026-01-02T10:00:00Z'),
};

const clientRow: ClientRow = {
  id: '6f1e4a7c-0000-4000-8000-000000000003',
  ownerId: issuerRow.id,
  nom: 'Jean Dupont',
  email: 'jean@exemple.fr',
  telephone: '',
  siret: null,
  rue: '3 place du Marché',
  codePostal: '69002',
  ville: 'Lyon',
  pays: 'FR',
  type: 'particulier',
  tvaIntracommunautaire: null,
  createdAt: new Date('2026-01-02T10:00:00Z'),
  updatedAt: new Date('2026-01-02T10:00:00Z'),
};

/**
 * A stored invoice written today by the server's own rules (composeInvoice: rates, VAT category,
 * totals, delivery, mentions, snapshots) from an issuer, a client and a request body, without a database.
 */
export function composedInvoiceRow(
  issuer: Partial<UserRow>,
  client: Partial<ClientRow>,
  body: InvoiceInput,
  overrides: Partial<InvoiceRow> = {},
): InvoiceRow {
  const input = invoiceInputSchema.parse(body);
  const written = composeInvoice(
    { ...issuerRow, ...issuer },
    { ...clientRow, ...client },
    input,
    '2026-11-21',
    { ...DEFAULT_LEGAL_MENTIONS },
  );
  return invoiceRow({ ...written, ...overrides });
}
