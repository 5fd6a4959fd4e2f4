import { z } from 'zod';
import { emailSchema } from './auth.js';
import { normalizeSiret } from './siret.js';
import { singleLine, singleLineText } from './text.js';

export const CLIENT_REQUIRED_MESSAGE = 'Veuillez remplir les champs obligatoires';
export const CLIENT_SIRET_MESSAGE = 'Le SIRET (14 chiffres) ou le SIREN (9 chiffres) du client est invalide';
export const DEFAULT_COUNTRY = 'France';

/** A business client is identified by its SIREN (9 digits) or one of its establishments' SIRET (14). */
export function isValidClientSiret(raw: string): boolean {
  return /^(\d{9}|\d{14})$/.test(normalizeSiret(raw));
}

/** SPEC §2 Clients: the Entreprises chip is the clients with a SIRET, Particuliers the others. */
export function isBusinessClient(client: { siret: string | null }): boolean {
  return client.siret !== null && client.siret !== '';
}

export const clientAddressSchema = z.object({
  rue: singleLineText(200).default(''),
  codePostal: singleLineText(10).default(''),
  ville: singleLineText(100).default(''),
  pays: singleLineText(60)
    .default(DEFAULT_COUNTRY)
    .transform((pays) => pays || DEFAULT_COUNTRY),
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
    .refine((v) => v === null || isValidClientSiret(v), CLIENT_SIRET_MESSAGE),
  adresse: clientAddressSchema.default({ rue: '', codePostal: '', ville: '', pays: DEFAULT_COUNTRY }),
});
export type ClientInput = z.input<typeof clientInputSchema>;

export const clientSchema = z.object({
  _id: z.string(),
  nom: z.string(),
  email: z.string(),
  telephone: z.string(),
  siret: z.string().nullable(),
  adresse: z.object({ rue: z.string(), codePostal: z.string(), ville: z.string(), pays: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

export const clientListSchema = z.array(clientSchema);

/** SPEC §2 client detail: street, postal code and city, country, joined with commas. */
export function formatClientAddress(adresse: ClientAddress): string {
  const cityLine = [adresse.codePostal, adresse.ville].filter(Boolean).join(' ');
  return [adresse.rue, cityLine, adresse.pays].filter(Boolean).join(', ');
}
