import {
  CLIENT_TYPE_MESSAGE,
  CLIENT_TYPES,
  type Client,
  type ClientInput,
  clientInputSchema,
  countryName,
  DEFAULT_COUNTRY_CODE,
  formatSiretInput,
  isEuCountry,
  isValidVatNumber,
  normalizeSiret,
  normalizeVatNumber,
  sirenOf,
  VAT_NUMBER_SIREN_MESSAGE,
  vatNumberCountry,
  vatNumberMatchesSiren,
} from '@facturo/shared';
import { z } from 'zod';

/** The form asks the type (issue 12: set explicitly); the API would guess it from the identifiers. */
export const clientFormSchema = clientInputSchema.extend({
  type: z.enum(CLIENT_TYPES, { error: CLIENT_TYPE_MESSAGE }),
});
export type ClientFormFields = z.input<typeof clientFormSchema>;
export type ClientFormOutput = z.output<typeof clientFormSchema>;

export const EMPTY_CLIENT_FORM: ClientFormFields = {
  // The form opens on the most frequent case; the radio shows the choice and one click changes it.
  type: 'particulier',
  nom: '',
  email: '',
  telephone: '',
  siret: '',
  tvaIntracommunautaire: '',
  adresse: { rue: '', codePostal: '', ville: '', pays: DEFAULT_COUNTRY_CODE },
};

/** An existing client as the form shows it: the country by its code, the SIRET/SIREN in digit groups. */
export function clientFormValues(client: Client): ClientFormFields {
  return {
    type: client.type,
    nom: client.nom,
    email: client.email,
    telephone: client.telephone,
    siret: client.siret ? formatSiretInput(client.siret) : '',
    tvaIntracommunautaire: client.tvaIntracommunautaire ?? '',
    adresse: {
      rue: client.adresse.rue,
      codePostal: client.adresse.codePostal,
      ville: client.adresse.ville,
      pays: client.adresse.codePays,
    },
  };
}

/** Which identifiers the client's type and country call for. */
export function businessIdentifiers(values: { type?: string; adresse?: { pays?: string } }): {
  siret: boolean;
  tvaIntracommunautaire: boolean;
} {
  const business = values.type === 'entreprise';
  const country = values.adresse?.pays ?? DEFAULT_COUNTRY_CODE;
  return {
    // SIREN/SIRET are French registers; an EU business has an intra-Community VAT number.
    siret: business && country === DEFAULT_COUNTRY_CODE,
    tvaIntracommunautaire: business && isEuCountry(country),
  };
}

/**
 * The values as they are checked and sent: an identifier the type and country do not ask for is left
 * out (a particulier has none; the server refuses one), whatever was typed before the choice changed.
 */
export function withAskedIdentifiers<T extends ClientInput>(values: T): T {
  const asked = businessIdentifiers(values);
  return {
    ...values,
    siret: asked.siret ? values.siret : null,
    tvaIntracommunautaire: asked.tvaIntracommunautaire ? values.tvaIntracommunautaire : null,
  };
}

/**
 * What the shared schema cannot say of a valid VAT number: that it belongs to another country than the
 * one chosen (most likely a slip of the list or of the number), or, for a French one given with a
 * SIRET/SIREN, that it does not carry that SIREN (the server's rule and sentence).
 */
export function clientVatNumberProblem(values: {
  tvaIntracommunautaire?: string | null | undefined;
  siret?: string | null | undefined;
  adresse?: { pays?: string | undefined } | undefined;
}): string | null {
  const value = normalizeVatNumber(values.tvaIntracommunautaire ?? '');
  if (value === '' || !isValidVatNumber(value)) return null;
  const country = values.adresse?.pays ?? DEFAULT_COUNTRY_CODE;
  const vatCountry = vatNumberCountry(value);
  if (vatCountry !== country) {
    return `Ce numéro de TVA est celui d’un autre pays (${countryName(vatCountry)}) que le pays choisi (${countryName(country)}) : vérifiez l’un ou l’autre.`;
  }
  const siren = sirenOf(normalizeSiret(values.siret ?? ''));
  if (value.startsWith('FR') && siren !== null && !vatNumberMatchesSiren(value, siren)) {
    return VAT_NUMBER_SIREN_MESSAGE;
  }
  return null;
}
