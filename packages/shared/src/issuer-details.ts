import { z } from 'zod';
import { VAT_REGIMES } from './vat.js';

/**
 * What an issuer's invoices print besides name and address (issue 12): one shape for the profile
 * (GET /users/me) and for the issuer as an invoice keeps it (its `emetteur`).
 */
export const issuerDetailsShape = {
  regimeTva: z.enum(VAT_REGIMES),
  optionDebits: z.boolean(),
  tvaIntracommunautaire: z.string(),
  /** RCS/RM registration, or « Dispensé d'immatriculation »; '' when not given. */
  rcsRm: z.string(),
  /** Professional insurance, when the trade requires it: '' when none. */
  assureur: z.string(),
  assuranceCouverture: z.string(),
  /** The account to be paid to (electronic format, '' when none or on invoices older than it). */
  iban: z.string(),
  bic: z.string(),
};
