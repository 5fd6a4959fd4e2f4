import { z } from 'zod';
import { singleLine } from './text.js';

/** Issue 19: the company search of client creation, GET /entreprises?q= (name, SIREN or SIRET). */
export const COMPANY_SEARCH_MIN_LENGTH = 3;
export const COMPANY_SEARCH_MAX_RESULTS = 10;

export const COMPANY_SEARCH_MESSAGES = {
  tooShort: `Saisissez au moins ${COMPANY_SEARCH_MIN_LENGTH} caractères (nom, SIREN ou SIRET).`,
  unavailable:
    'La recherche d’entreprises est indisponible pour le moment : vous pouvez saisir les informations du client à la main.',
} as const;

export const companySearchQuerySchema = z.object({
  q: singleLine({ error: COMPANY_SEARCH_MESSAGES.tooShort })
    .min(COMPANY_SEARCH_MIN_LENGTH, COMPANY_SEARCH_MESSAGES.tooShort)
    .max(100, '100 caractères au maximum'),
});
export type CompanySearchQuery = z.infer<typeof companySearchQuerySchema>;

/** One company as the client form takes it: its head office's identity and address. */
export const companySchema = z.object({
  nom: z.string(),
  siren: z.string(),
  /** The head office's SIRET; null when the directory does not give it. */
  siret: z.string().nullable(),
  /** Street line (number, type and name of the street). */
  adresse: z.string(),
  codePostal: z.string(),
  ville: z.string(),
  /** The French VAT number computed from the SIREN (FR + key + SIREN). */
  numeroTva: z.string(),
  /** The NAF/APE code of the main activity, e.g. 62.01Z; null when unknown. */
  activite: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

export const companySearchResultSchema = z.object({ entreprises: z.array(companySchema) });
export type CompanySearchResult = z.infer<typeof companySearchResultSchema>;

/** Only digits and spaces: the user typed a SIREN (9) or SIRET (14), searched as such. */
export function companySearchKey(q: string): string {
  const digits = q.replace(/[\s.]/g, '');
  return /^\d+$/.test(digits) ? digits : q.trim().toLowerCase().replace(/\s+/g, ' ');
}
