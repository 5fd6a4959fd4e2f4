import { type ClientAddress, formatClientAddress } from '@facturo/shared';

/**
 * The comma-joined address of SPEC §2, or null when only the default country is known: "France" alone
 * says nothing about where the client is.
 */
export function clientAddressLine(adresse: ClientAddress): string | null {
  if (!adresse.rue && !adresse.codePostal && !adresse.ville) return null;
  return formatClientAddress(adresse);
}
