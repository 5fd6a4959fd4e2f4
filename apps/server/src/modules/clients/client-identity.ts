import {
  type ClientType,
  type clientInputSchema,
  clientTypeOf,
  PARTICULIER_IDENTIFIERS_MESSAGE,
  sirenOf,
  VAT_NUMBER_SIREN_MESSAGE,
  vatNumberMatchesSiren,
} from '@facturo/shared';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors.js';

type ClientInput = z.output<typeof clientInputSchema>;

/**
 * What kind of buyer a client is, from what the caller sent: the type given, else a business when it
 * has a SIRET, SIREN or VAT number. An individual has neither, so a `particulier` sent with one is a
 * contradiction the caller must resolve (the late-payment mentions and the VAT treatment follow the type).
 * A French business may be saved without its SIREN (the invoice asks for it), but a French VAT number
 * given with a SIREN must carry that SIREN.
 */
export function clientTypeFor(input: ClientInput): ClientType {
  const type = clientTypeOf(input);
  if (type === 'particulier' && (input.siret !== null || input.tvaIntracommunautaire !== null)) {
    throw badRequest(PARTICULIER_IDENTIFIERS_MESSAGE);
  }
  const siren = sirenOf(input.siret);
  const vatNumber = input.tvaIntracommunautaire;
  if (vatNumber?.startsWith('FR') && siren !== null && !vatNumberMatchesSiren(vatNumber, siren)) {
    throw badRequest(VAT_NUMBER_SIREN_MESSAGE);
  }
  return type;
}
