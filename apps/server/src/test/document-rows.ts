import { frenchVatNumber } from '@facturo/shared';
import type { InvoiceRow, QuoteRow } from '../db/schema.js';
import { composedInvoiceRow } from './invoice-row.js';

/**
 * Stored rows of every commercial document type (issue 15), written by the server's own composition:
 * a deposit, a final invoice deducting two deposits, a full and a partial credit note, and a quote.
 */
const reel = { regimeTva: 'reel' as const, tvaIntracommunautaire: frenchVatNumber('123456782') };
const frenchBusiness = { type: 'entreprise' as const, nom: 'Atelier Dupont SARL', siret: '55210055400021' };
const body = (lignes: object[]) => ({ client: 'x', delaiPaiement: 30, lignes });
const quoteRef = { id: '6f1e4a7c-0000-4000-8000-0000000000d1', numero: 'DEV-2026-0003' };
const mixedRates = [
  { description: 'Mobilier sur mesure', quantite: 2, prixUnitaire: 500, tauxTVA: 20 },
  { description: 'Livres', quantite: 10, unite: 'unite', prixUnitaire: '12,50', tauxTVA: '5,5' },
];

const credited = composedInvoiceRow(reel, frenchBusiness, body(mixedRates), {
  numero: 'FAC-2026-0004',
  sentAt: new Date('2026-11-21T10:00:00Z'),
  issuerStatus: 'envoyee',
});
const creditedRef = {
  id: credited.id,
  numero: credited.numero,
  dateEmission: credited.dateEmission,
  totalTtcCents: credited.totalTtcCents,
};

export const DOCUMENT_TYPE_ROWS: Record<string, InvoiceRow> = {
  'acompte-30-pourcent-taux-mixtes': composedInvoiceRow(
    reel,
    frenchBusiness,
    body([
      {
        description: 'Acompte de 30 % sur le devis DEV-2026-0003',
        quantite: 1,
        prixUnitaire: 300,
        tauxTVA: 20,
      },
      {
        description: 'Acompte de 30 % sur le devis DEV-2026-0003',
        quantite: 1,
        prixUnitaire: 37.5,
        tauxTVA: '5,5',
      },
    ]),
    { type: 'acompte', numero: 'FAC-2026-0005', quoteId: quoteRef.id, refs: { quote: quoteRef } },
  ),
  'acompte-franchise': composedInvoiceRow(
    {},
    {},
    body([{ description: 'Acompte sur le devis DEV-2026-0003', quantite: 1, prixUnitaire: 500 }]),
    { type: 'acompte', numero: 'FAC-2026-0006', quoteId: quoteRef.id, refs: { quote: quoteRef } },
  ),
  'facture-finale-deux-acomptes': composedInvoiceRow(reel, frenchBusiness, body(mixedRates), {
    numero: 'FAC-2026-0009',
    quoteId: quoteRef.id,
    prepaidCents: 45_000,
    refs: {
      quote: quoteRef,
      deposits: [
        {
          id: '6f1e4a7c-0000-4000-8000-0000000000a1',
          numero: 'FAC-2026-0005',
          dateEmission: '2026-11-21',
          totalTtcCents: 35_000,
        },
        {
          id: '6f1e4a7c-0000-4000-8000-0000000000a2',
          numero: 'FAC-2026-0007',
          dateEmission: '2026-11-21',
          totalTtcCents: 10_000,
        },
      ],
    },
  }),
  // FAC-2026-0007 was credited 100 €: the deposits are deducted net of it.
  'facture-finale-acompte-credite': composedInvoiceRow(reel, frenchBusiness, body(mixedRates), {
    numero: 'FAC-2026-0010',
    quoteId: quoteRef.id,
    prepaidCents: 35_000,
    refs: {
      quote: quoteRef,
      deposits: [
        {
          id: '6f1e4a7c-0000-4000-8000-0000000000a1',
          numero: 'FAC-2026-0005',
          dateEmission: '2026-11-21',
          totalTtcCents: 35_000,
        },
        {
          id: '6f1e4a7c-0000-4000-8000-0000000000a2',
          numero: 'FAC-2026-0007',
          dateEmission: '2026-11-21',
          totalTtcCents: 10_000,
        },
      ],
    },
  }),
  'avoir-total': {
    ...credited,
    id: '6f1e4a7c-0000-4000-8000-0000000000c1',
    type: 'avoir',
    numero: 'AV-2026-0001',
    creditedInvoiceId: credited.id,
    creditReason: 'Commande annulée par le client',
    refs: { creditedInvoice: creditedRef },
    sentAt: null,
    issuerStatus: 'creee',
  },
  'avoir-partiel': composedInvoiceRow(
    reel,
    frenchBusiness,
    body([{ description: 'Livres', quantite: 2, unite: 'unite', prixUnitaire: '12,50', tauxTVA: '5,5' }]),
    {
      type: 'avoir',
      numero: 'AV-2026-0002',
      creditedInvoiceId: credited.id,
      creditReason: 'Deux livres retournés abîmés',
      refs: { creditedInvoice: creditedRef },
    },
  ),
};

/** A quote as stored, from the same composition as an invoice (its own columns around it). */
export function quoteRow(overrides: Partial<QuoteRow> = {}): QuoteRow {
  const written = composedInvoiceRow(reel, frenchBusiness, body(mixedRates));
  return {
    id: quoteRef.id,
    issuerId: written.issuerId,
    clientId: written.clientId,
    recipientId: null,
    numero: quoteRef.numero,
    year: 2026,
    sequence: 3,
    dateEmission: written.dateEmission,
    dateValidite: '2026-12-21',
    objet: 'Aménagement de la bibliothèque',
    lines: written.lines,
    totalHtCents: written.totalHtCents,
    vatRate: written.vatRate,
    totalVatCents: written.totalVatCents,
    totalTtcCents: written.totalTtcCents,
    vatCategory: written.vatCategory,
    issuerStatus: 'creee',
    recipientStatus: 'non_vue',
    sentAt: null,
    answeredAt: null,
    answerComment: '',
    answeredOffPlatform: false,
    issuerSnapshot: written.issuerSnapshot,
    clientSnapshot: written.clientSnapshot,
    mentions: written.mentions,
    dateLivraison: written.dateLivraison,
    deliveryAddress: written.deliveryAddress,
    createdAt: written.createdAt,
    updatedAt: written.updatedAt,
    ...overrides,
  };
}
