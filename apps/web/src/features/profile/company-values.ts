import {
  formatSiretInput,
  isValidSiret,
  isValidVatNumber,
  normalizeSiret,
  normalizeVatNumber,
  REGISTRATION_EXEMPT_TEXT,
  type UpdateProfileRequest,
  type User,
  updateProfileRequestSchema,
  VAT_NUMBER_MESSAGE,
  VAT_NUMBER_REQUIRED_MESSAGE,
  VAT_NUMBER_SIREN_MESSAGE,
  type VatRegime,
  vatNumberMatchesSiren,
} from '@facturo/shared';
import { z } from 'zod';

/**
 * "Mon entreprise": who the invoices say they are from, their VAT regime, register and insurance. The
 * fields and their rules are the shared ones of PUT /users/me; the form adds the « Dispensé
 * d’immatriculation » box, which stands for REGISTRATION_EXEMPT_TEXT in rcsRm.
 */
export const companyFormSchema = updateProfileRequestSchema
  .pick({
    prenom: true,
    nom: true,
    adresse: true,
    codePostal: true,
    ville: true,
    siret: true,
    regimeTva: true,
    optionDebits: true,
    tvaIntracommunautaire: true,
    rcsRm: true,
    assureur: true,
    assuranceCouverture: true,
  })
  .required()
  .extend({ dispenseImmatriculation: z.boolean() });

export type CompanyFields = z.input<typeof companyFormSchema>;
export type CompanyOutput = z.output<typeof companyFormSchema>;

export function companyValues(user: User): CompanyFields {
  const exempt = user.rcsRm === REGISTRATION_EXEMPT_TEXT;
  return {
    prenom: user.prenom,
    nom: user.nom,
    adresse: user.adresse,
    codePostal: user.codePostal,
    ville: user.ville,
    siret: user.siret ? formatSiretInput(user.siret) : '',
    regimeTva: user.regimeTva,
    optionDebits: user.optionDebits,
    tvaIntracommunautaire: user.tvaIntracommunautaire,
    rcsRm: exempt ? '' : user.rcsRm,
    assureur: user.assureur,
    assuranceCouverture: user.assuranceCouverture,
    dispenseImmatriculation: exempt,
  };
}

/** What PUT /users/me receives: the option on debits only under the réel regime, the exemption as its text. */
export function companyRequest({ dispenseImmatriculation, ...fields }: CompanyOutput): UpdateProfileRequest {
  return {
    ...fields,
    optionDebits: fields.regimeTva === 'reel' && fields.optionDebits,
    rcsRm: dispenseImmatriculation ? REGISTRATION_EXEMPT_TEXT : fields.rcsRm,
  };
}

/**
 * The server's VAT number rules, checked as the user types (same sentences): required to leave the
 * franchise, a known EU format, and for a French number the key and SIREN of this SIRET.
 */
export function vatNumberProblem(values: {
  regimeTva: VatRegime;
  tvaIntracommunautaire: string;
  siret: string | null;
}): string | null {
  const vatNumber = normalizeVatNumber(values.tvaIntracommunautaire);
  if (vatNumber === '') return values.regimeTva === 'reel' ? VAT_NUMBER_REQUIRED_MESSAGE : null;
  if (!isValidVatNumber(vatNumber)) return VAT_NUMBER_MESSAGE;
  const siret = normalizeSiret(values.siret ?? '');
  if (
    vatNumber.startsWith('FR') &&
    isValidSiret(siret) &&
    !vatNumberMatchesSiren(vatNumber, siret.slice(0, 9))
  ) {
    return VAT_NUMBER_SIREN_MESSAGE;
  }
  return null;
}
