import {
  CLIENT_ADDRESS_MESSAGE,
  CLIENT_SIREN_MESSAGE,
  ISSUER_ADDRESS_MESSAGE,
  isCompleteAddress,
  parseCountry,
  REVERSE_CHARGE_VAT_NUMBER_MESSAGE,
  VAT_NUMBER_REQUIRED_MESSAGE,
  type VatTreatment,
} from '@facturo/shared';
import type { ClientRow, UserRow } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';

/**
 * What French law wants known before an invoice is written (Code de commerce art. R123-237 and L441-9,
 * CGI art. 242 nonies A): both postal addresses, the buyer's SIREN for a French business, and the seller's
 * VAT number when VAT is charged. Checked on creation and on every full edit, each with a flag that tells
 * the web which form to open.
 */
export function assertIssuerCanInvoice(issuer: UserRow): void {
  if (!isCompleteAddress({ rue: issuer.adresse, codePostal: issuer.codePostal, ville: issuer.ville })) {
    throw badRequest(ISSUER_ADDRESS_MESSAGE, { requiresIssuerAddress: true });
  }
  if (issuer.regimeTva === 'reel' && issuer.tvaIntracommunautaire.trim() === '') {
    throw badRequest(VAT_NUMBER_REQUIRED_MESSAGE, { requiresVatNumber: true });
  }
}

export function assertClientCanBeInvoiced(client: ClientRow): void {
  if (!isCompleteAddress(client)) {
    throw badRequest(CLIENT_ADDRESS_MESSAGE, { requiresClientAddress: true });
  }
  const french = (parseCountry(client.pays) ?? 'FR') === 'FR';
  if (client.type === 'entreprise' && french && !client.siret) {
    throw badRequest(CLIENT_SIREN_MESSAGE, { requiresClientSiren: true });
  }
}

/**
 * Reverse charge names both parties' VAT numbers (CGI art. 242 nonies A, 13°; BR-AE-02): a seller under
 * the franchise who sells services to an EU business must have obtained one (art. 286 ter) before
 * invoicing it.
 */
export function assertSellerVatNumberFor(treatment: VatTreatment, issuer: UserRow): void {
  if (treatment.category === 'AE' && issuer.tvaIntracommunautaire.trim() === '') {
    throw badRequest(REVERSE_CHARGE_VAT_NUMBER_MESSAGE, { requiresVatNumber: true });
  }
}
