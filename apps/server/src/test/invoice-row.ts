import { DEFAULT_LEGAL_MENTIONS } from '@facturo/shared';
import type { InvoiceRow } from '../db/schema.js';

/** A stored invoice as the document module reads it, for tests and benchmarks of the document. */
export function invoiceRow(overrides: Partial<InvoiceRow> = {}): InvoiceRow {
  const lines = overrides.lines ?? [
    { description: 'Conseil', quantityThousandths: 3000, unitPriceCents: 3333, totalCents: 9999 },
    { description: 'Déplacement', quantityThousandths: 500, unitPriceCents: 1999, totalCents: 1000 },
  ];
  const total = lines.reduce((sum, line) => sum + line.totalCents, 0);
  return {
    id: '6f1e4a7c-0000-4000-8000-000000000001',
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
      siret: '12345678900012',
    },
    clientSnapshot: {
      nom: 'Jean Dupont',
      email: 'jean@exemple.fr',
      telephone: '',
      siret: null,
      adresse: { rue: '3 place du Marché', codePostal: '69002', ville: 'Lyon', pays: 'France' },
    },
    mentions: { ...DEFAULT_LEGAL_MENTIONS },
    createdAt: new Date('2026-11-21T10:00:00Z'),
    updatedAt: new Date('2026-11-21T10:00:00Z'),
    ...overrides,
  };
}
