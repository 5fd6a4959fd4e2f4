import { z } from 'zod';
import { accentColorSchema, bicSchema, ibanSchema } from './bank.js';
import { issuerDetailsShape } from './issuer-details.js';
import { issuerVatNumberSchema } from './issuer-vat-number.js';
import { isStrongPassword, PASSWORD_MAX_LENGTH, PASSWORD_POLICY_MESSAGE } from './password.js';
import { acceptingReadOnly } from './read-only.js';
import { PLANS, ROLES } from './roles.js';
import {
  hasWrongKey,
  isValidSiret,
  normalizeSiret,
  SIRET_KEY_MESSAGE,
  SIRET_MESSAGE,
  SIRET_REGISTER_MESSAGE,
} from './siret.js';
import { singleLine, singleLineText } from './text.js';
import { VAT_REGIMES } from './vat.js';

/** What an exempt professional prints instead of a register (Code de commerce, art. L123-1-1). */
export const REGISTRATION_EXEMPT_TEXT = 'Dispensé d’immatriculation';

/** RFC 5321 caps an address at 254 characters. */
const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 100;
const TOKEN_MAX_LENGTH = 200;

export const emailSchema = singleLine({ error: 'Adresse email requise' })
  .toLowerCase()
  .min(1, 'Adresse email requise')
  .max(EMAIL_MAX_LENGTH, 'Adresse email trop longue')
  .pipe(z.email('Adresse email invalide'));

const nameSchema = (label: string) =>
  singleLine({ error: `${label} requis` })
    .min(1, `${label} requis`)
    .max(NAME_MAX_LENGTH, `${label} trop long`);

const siretSchema = (message: string) =>
  singleLine({ error: message })
    .max(40, message)
    .transform(normalizeSiret)
    .refine(isValidSiret, message)
    .refine((v) => !hasWrongKey(v), SIRET_KEY_MESSAGE);

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: singleLine({ error: 'Mot de passe requis', trim: false })
    .max(PASSWORD_MAX_LENGTH, PASSWORD_POLICY_MESSAGE)
    .refine(isStrongPassword, PASSWORD_POLICY_MESSAGE),
  nom: nameSchema('Nom'),
  prenom: nameSchema('Prénom'),
  siret: siretSchema(SIRET_REGISTER_MESSAGE),
  /** Accepted for compatibility with the spec's payload; registration always creates a professionnel. */
  role: singleLineText(40).optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  requiresEmailVerification: z.boolean(),
  userEmail: z.string(),
  siret: z.string(),
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: singleLine({ error: 'Mot de passe requis', trim: false }).min(1, 'Mot de passe requis').max(1024),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const emailOnlyRequestSchema = z.object({ email: emailSchema });
export type EmailOnlyRequest = z.input<typeof emailOnlyRequestSchema>;

const tokenSchema = singleLine({ error: 'Lien invalide ou expiré.' })
  .min(1, 'Lien invalide ou expiré.')
  .max(TOKEN_MAX_LENGTH, 'Lien invalide ou expiré.');

export const verifyEmailRequestSchema = z.object({ token: tokenSchema });

export const resetPasswordConfirmRequestSchema = z.object({
  token: tokenSchema,
  newPassword: singleLine({ error: PASSWORD_POLICY_MESSAGE, trim: false })
    .max(PASSWORD_MAX_LENGTH, PASSWORD_POLICY_MESSAGE)
    .refine(isStrongPassword, PASSWORD_POLICY_MESSAGE),
});
export type ResetPasswordConfirmRequest = z.input<typeof resetPasswordConfirmRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const userSchema = z.object({
  _id: z.string(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  siret: z.string().nullable(),
  adresse: z.string(),
  codePostal: z.string(),
  ville: z.string(),
  /** Issue 12: the VAT regime and the details printed on the issuer's invoices. */
  ...issuerDetailsShape,
  /** #RRGGBB upper case. */
  couleurAccent: z.string(),
  /** Whether a logo is printed on the invoices (GET /users/me/logo returns it). */
  aUnLogo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isBanned: z.boolean(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  planActuel: z.enum(PLANS),
  factureCount: z.number(),
  espaceMo: z.number(),
  subscriptionActive: z.boolean(),
  /** Issue 14: an e-mail about messages still unread after 15 minutes (opt-out in the profile). */
  notifierMessagesParEmail: z.boolean(),
  /**
   * Its SIRET is also an older open account's, which receives the platform's flows for it until an admin
   * gives it back (one company, one account).
   */
  siretEnDouble: z.boolean(),
  /**
   * A closed account's read-only archive: the last day it can be read (YYYY-MM-DD), null for an open
   * account (closed-account.ts). Optional so that a session stored by an older version still reads.
   */
  consultationSeuleJusquAu: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({ user: userSchema, token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const emailStatusResponseSchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
});

export const updateProfileRequestSchema = z
  .object({
    nom: nameSchema('Nom'),
    prenom: nameSchema('Prénom'),
    adresse: singleLineText(200),
    codePostal: singleLineText(10).refine(
      (v) => v === '' || /^[0-9A-Za-z -]{2,10}$/.test(v),
      'Code postal invalide',
    ),
    ville: singleLineText(100),
    // '' or null removes it. The union holds no transform, so a refused string keeps its own message
    // (zod reports a pipe that failed inside a union as a bare "Entrée invalide").
    siret: z
      .union([singleLine({ error: SIRET_MESSAGE }).max(40, SIRET_MESSAGE), z.null()])
      .transform((v) => (v === null || v === '' ? null : normalizeSiret(v)))
      .refine((v) => v === null || isValidSiret(v), SIRET_MESSAGE)
      .refine((v) => v === null || !hasWrongKey(v), SIRET_KEY_MESSAGE),
    // Leaving the franchise needs a VAT number, and a French one must carry the SIREN: the server checks
    // both against the profile as it will be (a PUT may change one without the other).
    regimeTva: z.enum(VAT_REGIMES, { error: 'Régime de TVA invalide (franchise ou reel)' }),
    optionDebits: z.boolean({ error: 'Option sur les débits invalide (true ou false)' }),
    tvaIntracommunautaire: issuerVatNumberSchema,
    rcsRm: singleLineText(120),
    assureur: singleLineText(200),
    assuranceCouverture: singleLineText(300),
    // '' removes them; a BIC is refused without an IBAN, which the server checks on the merged profile.
    iban: ibanSchema,
    bic: bicSchema,
    couleurAccent: accentColorSchema,
    notifierMessagesParEmail: z.boolean({ error: 'Préférence d’e-mail invalide (true ou false)' }),
  })
  .partial()
  .strict();
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** Body of PUT /users/me: the profile fields, plus whatever else GET /users/me returned, ignored. */
export const updateProfileBodySchema = acceptingReadOnly(updateProfileRequestSchema, userSchema);

/**
 * An invoice must name the seller's register (RCS/RM) or say « Dispensé d’immatriculation »
 * (art. L123-1-1 for exempt micro-entrepreneurs): a profile with neither is warned before invoicing.
 */
export function lacksRegistration(profile: { rcsRm: string }): boolean {
  return profile.rcsRm.trim() === '';
}

export const REGISTRATION_MISSING_WARNING =
  'Votre profil n’indique ni votre immatriculation (RCS ou RM) ni « Dispensé d’immatriculation » : l’une ou l’autre doit figurer sur vos factures.';
