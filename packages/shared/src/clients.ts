import { z } from 'zod';
import { emailSchema } from './auth.js';
import { COUNTRY_MESSAGE, countryName, DEFAULT_COUNTRY_CODE, parseCountry } from './countries.js';
import { pageQueryShape } from './pagination.js';
import { CLIENT_SIRET_KEY_MESSAGE, hasWrongKey, normalizeSiret } from './siret.js';
import { singleLine, singleLineText } from './text.js';
import { isValidVatNumber, normalizeVatNumber, VAT_NUMBER_MESSAGE } from './vat-number.js';

export const CLIENT_REQUIRED_MESSAGE = 'Veuillez remplir les champs obligatoires';
export const CLIENT_SIRET_MESSAGE = 'Le SIRET (14 chiffres) ou le SIREN (9 chiffres) du client est invalide';
export const DEFAULT_COUNTRY = 'France';
export const CLIENT_TYPES = ['particulier', 'entreprise'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const CLIENT_TYPE_LABELS: Record<ClientType, string> = {
  particulier: 'Particulier',
  entreprise: 'Entreprise',
};
export const CLIENT_TYPE_MESSAGE = 'Type de client invalide (particulier ou entreprise)';
export const PARTICULIER_IDENTIFIERS_MESSAGE =
  'Un particulier n’a ni SIRET ni numéro de TVA : choisissez « Entreprise » ou retirez-les.';

/** A business client is identified by its SIREN (9 digits) or one of its establishments' SIRET (14). */
export function isValidClientSiret(raw: string): boolean {
  return /^(\d{9}|\d{14})$/.test(normalizeSiret(raw));
}

/**
 * A business buyer, French or foreign (SPEC §2's Entreprises chip; issue 12: a business is what the client
 * is, not whether it has a SIRET). It owes late penalties and the €40 indemnity; an individual never does.
 */
export function isBusinessClient(client: { type: ClientType }): boolean {
  return client.type === 'entreprise';
}

/** Through the API the type may be left out: a business identifier given makes it a business. */
export function clientTypeOf(input: {
  type?: ClientType | undefined;
  siret: string | null;
  tvaIntracommunautaire?: string | null | undefined;
}): ClientType {
  if (input.type) return input.type;
  return input.siret || input.tvaIntracommunautaire ? 'entreprise' : 'particulier';
}

/** SIREN of a French business: the first 9 digits of its SIRET, or the SIREN itself. */
export function sirenOf(siret: string | null): string | null {
  return siret && /^\d{9}(\d{5})?$/.test(siret) ? siret.slice(0, 9) : null;
}

export const FRENCH_POSTAL_CODE_MESSAGE = 'Code postal invalide : 5 chiffres en France (ex. 75011).';

/** A French postal code is 5 digits (mainland, Corsica 20xxx and the overseas 97xxx/98xxx alike). */
export function isFrenchPostalCode(code: string): boolean {
  return /^\d{5}$/.test(code);
}

export const clientAddressSchema = z
  .object({
    rue: singleLineText(200).default(''),
    codePostal: singleLineText(10).default(''),
    ville: singleLineText(100).default(''),
    // The ISO code, or the country's name in French (or English): stored as the code.
    pays: singleLineText(60)
      .default(DEFAULT_COUNTRY_CODE)
      .refine((pays) => parseCountry(pays) !== null, COUNTRY_MESSAGE)
      .transform((pays) => parseCountry(pays) ?? DEFAULT_COUNTRY_CODE),
  })
  // Other countries' codes vary (4 digits in Belgium, letters in the Netherlands): only France's is checked.
  .refine((a) => a.pays !== 'FR' || a.codePostal === '' || isFrenchPostalCode(a.codePostal), {
    message: FRENCH_POSTAL_CODE_MESSAGE,
    path: ['codePostal'],
  });
export type ClientAddress = z.output<typeof clientAddressSchema>;

/** Body of POST /clients and PUT /clients/{id}. */
export const clientInputSchema = z.object({
  nom: singleLine({ error: CLIENT_REQUIRED_MESSAGE })
    .min(1, CLIENT_REQUIRED_MESSAGE)
    .max(200, '200 caractères au maximum'),
  email: singleLine({ error: CLIENT_REQUIRED_MESSAGE }).min(1, CLIENT_REQUIRED_MESSAGE).pipe(emailSchema),
  telephone: singleLineText(30)
    .refine((v) => v === '' || /^[+()0-9 .-]{6,30}$/.test(v), 'Numéro de téléphone invalide')
    .default(''),
  siret: z
    .union([singleLine().max(40, CLIENT_SIRET_MESSAGE), z.null()])
    .default(null)
    .transform((v) => (v === null || v.trim() === '' ? null : normalizeSiret(v)))
    .refine((v) => v === null || isValidClientSiret(v), CLIENT_SIRET_MESSAGE)
    .refine((v) => v === null || !hasWrongKey(v), CLIENT_SIRET_KEY_MESSAGE),
  adresse: clientAddressSchema.default({ rue: '', codePostal: '', ville: '', pays: DEFAULT_COUNTRY_CODE }),
  /** Left out: `entreprise` when a SIRET, SIREN or VAT number is given, else `particulier` (clientTypeOf). */
  type: z.enum(CLIENT_TYPES, { error: CLIENT_TYPE_MESSAGE }).optional(),
  tvaIntracommunautaire: z
    .union([singleLine().max(20, VAT_NUMBER_MESSAGE), z.null()])
    .default(null)
    .transform((v) => (v === null || v.trim() === '' ? null : normalizeVatNumber(v)))
    .refine((v) => v === null || isValidVatNumber(v), VAT_NUMBER_MESSAGE),
});
export type ClientInput = z.input<typeof clientInputSchema>;

export const clientSchema = z.object({
  _id: z.string(),
  nom: z.string(),
  email: z.string(),
  telephone: z.string(),
  siret: z.string().nullable(),
  /** The first 9 digits of the SIRET, or the SIREN given; null for others. */
  siren: z.string().nullable(),
  type: z.enum(CLIENT_TYPES),
  tvaIntracommunautaire: z.string().nullable(),
  adresse: z.object({
    rue: z.string(),
    codePostal: z.string(),
    ville: z.string(),
    /** The country's French name (SPEC §3: default France). */
    pays: z.string(),
    /** ISO 3166-1 alpha-2, as stored and as the XML carries it. */
    codePays: z.string(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

export const clientListSchema = z.array(clientSchema);

/**
 * GET /clients (issue 16): a page of the directory, by name; `q` searches name, e-mail, SIRET and city;
 * `type` keeps individuals or businesses (the chips of SPEC §2).
 */
export const clientListQuerySchema = z.object({
  ...pageQueryShape,
  type: z.enum(CLIENT_TYPES).optional(),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

/** SPEC §2 client detail: street, postal code and city, country, joined with commas. */
export function formatClientAddress(adresse: {
  rue: string;
  codePostal: string;
  ville: string;
  pays: string;
}): string {
  const cityLine = [adresse.codePostal, adresse.ville].filter(Boolean).join(' ');
  return [adresse.rue, cityLine, adresse.pays].filter(Boolean).join(', ');
}

/** The postal address as the output shows it: the stored code, and its French name. */
export function presentAddress(address: { rue: string; codePostal: string; ville: string; pays: string }) {
  const code = parseCountry(address.pays) ?? DEFAULT_COUNTRY_CODE;
  return {
    rue: address.rue,
    codePostal: address.codePostal,
    ville: address.ville,
    pays: countryName(code),
    codePays: code,
  };
}

/** An invoice needs both postal addresses (Code de commerce, art. R123-237 and CGI, art. 242 nonies A). */
export function isCompleteAddress(address: { rue: string; codePostal: string; ville: string }): boolean {
  return address.rue.trim() !== '' && address.codePostal.trim() !== '' && address.ville.trim() !== '';
}
