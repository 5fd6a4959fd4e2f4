import { singleLineText } from './text.js';
import { isValidVatNumber, normalizeVatNumber, VAT_NUMBER_MESSAGE } from './vat-number.js';

/**
 * The issuer's own VAT number as the profile and the mentions page take it: '' for none, else normalised
 * and checked (country format, French key). Whether it carries the SIREN, and whether it may be removed,
 * depends on the rest of the profile: the server checks that (modules/users/vat-profile.ts).
 */
export const issuerVatNumberSchema = singleLineText(20)
  .transform(normalizeVatNumber)
  .refine((v) => v === '' || isValidVatNumber(v), VAT_NUMBER_MESSAGE);
