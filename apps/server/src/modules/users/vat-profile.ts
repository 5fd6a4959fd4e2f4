import {
  VAT_NUMBER_REQUIRED_MESSAGE,
  VAT_NUMBER_SIREN_MESSAGE,
  type VatRegime,
  vatNumberMatchesSiren,
} from '@facturo/shared';
import { badRequest } from '../../lib/errors.js';

/** The part of a profile the VAT rules read, as it will be once a change is saved. */
export interface VatProfile {
  regimeTva: VatRegime;
  tvaIntracommunautaire: string;
  siret: string | null;
}

/**
 * The issuer's VAT rules, for every entry point that changes the regime, the VAT number or the SIRET
 * (PUT /users/me, PUT /mentions-legales). They are checked on the profile after the change, since one
 * request may change one field and leave the other as saved:
 * - charging VAT (`reel`) needs a VAT number: leaving the franchise without one, or removing it while
 *   `reel`, is refused;
 * - a French number is FR + key + SIREN: it must carry the issuer's own SIREN (the first 9 digits of the
 *   SIRET). Without a SIRET there is nothing to compare yet; saving one later runs this check again.
 * `optionDebits` needs no rule: it may be saved under either regime, and the invoice prints
 * DEBIT_OPTION_MENTION only when the issuer is `reel` (a franchise invoice charges no VAT to pay on debits).
 */
export function assertVatProfile(profile: VatProfile): void {
  if (profile.regimeTva === 'reel' && profile.tvaIntracommunautaire === '') {
    throw badRequest(VAT_NUMBER_REQUIRED_MESSAGE);
  }
  const vatNumber = profile.tvaIntracommunautaire;
  if (vatNumber.startsWith('FR') && profile.siret !== null) {
    if (!vatNumberMatchesSiren(vatNumber, profile.siret.slice(0, 9)))
      throw badRequest(VAT_NUMBER_SIREN_MESSAGE);
  }
}
