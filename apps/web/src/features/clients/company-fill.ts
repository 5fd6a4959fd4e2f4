import { type Company, DEFAULT_COUNTRY_CODE, formatSiretInput } from '@facturo/shared';
import type { ClientFormFields } from './client-form-values';

/**
 * The client form once a company is picked in the search (issue 19): a French business with the head
 * office's name, address, SIRET (the SIREN when the directory has no head office) and VAT number. The
 * e-mail and telephone, which the directory does not know, stay as typed.
 */
export function companyFormValues(current: ClientFormFields, company: Company): ClientFormFields {
  return {
    ...current,
    type: 'entreprise',
    nom: company.nom,
    siret: formatSiretInput(company.siret ?? company.siren),
    tvaIntracommunautaire: company.numeroTva,
    adresse: {
      rue: company.adresse,
      codePostal: company.codePostal,
      ville: company.ville,
      pays: DEFAULT_COUNTRY_CODE,
    },
  };
}

/** One line under the name in the search's list: what tells two namesakes apart. */
export function companyOptionDetail(company: Company): string {
  const place = [company.codePostal, company.ville].filter(Boolean).join(' ');
  return [`SIREN ${company.siren}`, place].filter(Boolean).join(' · ');
}
