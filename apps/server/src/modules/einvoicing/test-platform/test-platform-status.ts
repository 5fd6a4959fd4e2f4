import { randomUUID } from 'node:crypto';
import type { LifecycleCode } from '@facturo/shared';
import type { ParsedEInvoice, ParsedParty } from '../../supplier-invoices/parsed-einvoice.js';
import type { CdarParty } from '../cdar/cdar-message.js';
import { cdarXml } from '../cdar/cdar-xml.js';
import { TEST_PLATFORM_LABEL } from '../platform/platform-for.js';

/**
 * A status the platform itself gives an invoice (200 Déposée, 213 Rejetée, 221 Erreur de routage…), as the
 * CDAR message it sends the invoice's seller (the submitter): the platform is its sender (phase 305).
 */
export function platformStatusCdar(
  invoice: ParsedEInvoice,
  statusCode: LifecycleCode,
  issuedAt: Date,
  reason?: { code: string; text: string },
): Buffer {
  const seller = party('vendeur', invoice.seller);
  return Buffer.from(
    cdarXml({
      id: randomUUID(),
      issuedAt,
      statusCode,
      sender: { role: 'plateforme', name: TEST_PLATFORM_LABEL, siren: null },
      recipient: seller,
      invoice: {
        numero: invoice.numero,
        issueDate: invoice.dateEmission,
        typeCode: invoice.typeCode,
        seller,
        buyer: party('acheteur', invoice.buyer),
      },
      ...(reason ? { reason } : {}),
    }),
    'utf8',
  );
}

function party(role: 'vendeur' | 'acheteur', parsed: ParsedParty): CdarParty {
  return { role, name: parsed.name, siren: parsed.siren, siret: parsed.siret };
}
