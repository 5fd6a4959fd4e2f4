import { type invoiceInputSchema, vatTreatment } from '@facturo/shared';
import type { z } from 'zod';
import type { ClientRow, InvoiceRow, MentionsSnapshot, UserRow } from '../../db/schema.js';
import { deliveryOf, draftInvoice } from './invoice-draft.js';
import { assertClientCanBeInvoiced, assertSellerVatNumberFor } from './invoice-legal.js';
import { invoiceMentions } from './invoice-mentions.js';
import { clientSnapshotOf, countryCodeOf, issuerSnapshotOf } from './invoice-snapshots.js';

type InvoiceInput = z.output<typeof invoiceInputSchema>;

/**
 * Everything an invoice says, as written on creation or on a full edit: amounts and VAT from the lines,
 * the VAT category from who sells what to whom, dates, delivery, mentions and the two parties' snapshots.
 * `base` is where the mentions start from (the issuer's saved ones, or the edited invoice's own);
 * `current` is the delivery an edit keeps (an edited invoice or quote, or the quote an invoice comes from).
 */
export function composeInvoice(
  issuer: UserRow,
  client: ClientRow,
  input: InvoiceInput,
  dateEmission: string,
  base: MentionsSnapshot,
  current?: Pick<InvoiceRow, 'dateLivraison' | 'deliveryAddress'>,
) {
  assertClientCanBeInvoiced(client);
  const nature = input.mentionsLegales?.natureOperation ?? base.natureOperation;
  const treatment = vatTreatment({
    regime: issuer.regimeTva,
    nature,
    buyer: {
      type: client.type,
      countryCode: countryCodeOf(client.pays),
      vatNumber: client.tvaIntracommunautaire,
    },
  });
  assertSellerVatNumberFor(treatment, issuer);
  const draft = draftInvoice(input, dateEmission, { regime: issuer.regimeTva, treatment });
  return {
    ...draft,
    ...deliveryOf(input, dateEmission, current),
    clientId: client.id,
    objet: input.objet,
    issuerSnapshot: issuerSnapshotOf(issuer),
    clientSnapshot: clientSnapshotOf(client),
    mentions: invoiceMentions(base, input.mentionsLegales, draft.delaiPaiement, issuer.tvaIntracommunautaire),
  };
}
