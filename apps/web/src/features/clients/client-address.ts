import { countryName, DEFAULT_COUNTRY_CODE, formatClientAddress } from '@facturo/shared';

/**
 * The comma-joined address of SPEC §2 (the country by its French name, as the API gives it), or null
 * when only the default country is known: "France" alone says nothing about where the client is, while
 * "Allemagne" does.
 */
export function clientAddressLine(adresse: {
  rue: string;
  codePostal: string;
  ville: string;
  pays: string;
}): string | null {
  const onlyCountry = !adresse.rue && !adresse.codePostal && !adresse.ville;
  if (onlyCountry && adresse.pays === countryName(DEFAULT_COUNTRY_CODE)) return null;
  return formatClientAddress(adresse);
}
