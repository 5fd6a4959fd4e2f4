import type { LifecycleCode } from '@facturo/shared';
import type { CdarMessage, CdarParty } from '../modules/einvoicing/cdar/cdar-message.js';

/**
 * Lifecycle status messages of every kind Facturo writes or receives, for the CDAR round-trip tests and the
 * official validators: the buyer's statuses (204–208, 210, 211), the seller's (209, 212, 220) and the
 * platform's (200, 213, 221), with their reasons and amounts.
 */
export const cdarSeller: CdarParty = {
  role: 'vendeur',
  name: 'Atelier Dupont SARL',
  siren: '552100554',
  siret: '55210055400021',
};
export const cdarBuyer: CdarParty = { role: 'acheteur', name: 'Studio Lumière SAS', siren: '123456782' };
export const cdarPlatform: CdarParty = { role: 'plateforme', name: 'Plateforme de test', siren: null };

const invoice = {
  numero: 'F-2026-0042',
  issueDate: '2026-11-02',
  typeCode: '380',
  seller: cdarSeller,
  buyer: cdarBuyer,
};

/** A status set by the buyer (to the seller), the seller (to the buyer) or the platform (to the seller). */
export function cdarSample(statusCode: LifecycleCode, extra: Partial<CdarMessage> = {}): CdarMessage {
  const by = extra.sender?.role ?? actorOf(statusCode);
  return {
    id: `CDV-${invoice.numero}-${statusCode}`,
    issuedAt: new Date('2026-11-20T14:05:09Z'),
    statusCode,
    sender: by === 'acheteur' ? cdarBuyer : by === 'vendeur' ? cdarSeller : cdarPlatform,
    recipient: by === 'vendeur' ? cdarBuyer : cdarSeller,
    invoice,
    ...extra,
  };
}

function actorOf(code: LifecycleCode): CdarParty['role'] {
  if ([209, 212, 220].includes(code)) return 'vendeur';
  if ([200, 201, 202, 203, 213, 221].includes(code)) return 'plateforme';
  return 'acheteur';
}

/** One message per status, named for the validators' report. */
export const CDAR_SAMPLES: Record<string, CdarMessage> = {
  '200-deposee': cdarSample(200),
  '204-prise-en-charge': cdarSample(204),
  '205-approuvee': cdarSample(205),
  '206-approuvee-partiellement': cdarSample(206, {
    reason: { code: 'QTE_ERR', text: 'Seules 2 des 3 journées ont été réalisées.' },
  }),
  '207-en-litige': cdarSample(207, {
    reason: { code: 'PU_ERR', text: 'Le tarif convenu était de 400 €/jour.' },
  }),
  '208-suspendue': cdarSample(208, { reason: { code: 'JUSTIF_ABS', text: 'Bon de livraison manquant.' } }),
  '209-completee': cdarSample(209),
  '210-refusee': cdarSample(210, {
    reason: { code: 'DOUBLON', text: 'Facture déjà reçue le 3 novembre & payée.' },
  }),
  '211-paiement-transmis': cdarSample(211, { payment: { amountCents: 162_000, date: '2026-11-19' } }),
  '212-encaissee': cdarSample(212, {
    payment: {
      amountCents: 172_550,
      date: '2026-11-20',
      vatParts: [
        { ratePercent: 20, amountCents: 162_000 },
        { ratePercent: 5.5, amountCents: 10_550 },
      ],
    },
  }),
  '212-encaissee-franchise': cdarSample(212, { payment: { amountCents: 135_000, date: '2026-11-20' } }),
  '213-rejetee': cdarSample(213, {
    reason: { code: 'REJ_SEMAN', text: 'BR-FR-12 : SIREN du vendeur absent.' },
  }),
  '220-annulee': cdarSample(220),
  '221-erreur-routage': cdarSample(221, { reason: { code: 'ROUTAGE_ERR', text: '' } }),
  // Markup characters, quotes, an emoji and a control character in the parties' and the reason's words.
  '210-texte-hostile': cdarSample(210, {
    id: 'CDV-<&>-"\'',
    sender: { ...cdarBuyer, name: 'Tom & Jerry <SARL> "l\'atelier" 🎨\u0007' },
    invoice: { ...invoice, numero: 'A&B<1>' },
    reason: { code: 'MONTANTTOTAL_ERR', text: ']]> <!-- &amp; --> <x/>' },
  }),
};
