import { z } from 'zod';
import { loginResponseSchema, verifyEmailRequestSchema } from './auth.js';
import { singleLine } from './text.js';

/**
 * Issue 17, « A smooth first day »: a particulier invited by a document sent on the platform opens
 * /invitation?token=…, sees who sent which document, and chooses names and password there.
 */

/** The kinds of document an invitation is about: an invoice (deposit and credit note included) or a quote. */
export const INVITATION_DOCUMENT_KINDS = ['facture', 'devis'] as const;
export type InvitationDocumentKind = (typeof INVITATION_DOCUMENT_KINDS)[number];

export const INVITATION_MESSAGES = {
  unknown: 'Ce lien d’invitation n’est pas valide. Vérifiez qu’il est complet, ou demandez un nouveau lien.',
  expired:
    'Ce lien d’invitation a expiré ou a été remplacé par un plus récent. Demandez un nouveau lien pour choisir votre mot de passe.',
  used: 'Ce lien d’invitation a déjà servi : votre compte est créé. Connectez-vous pour retrouver vos documents.',
} as const;

const invitationTokenSchema = verifyEmailRequestSchema.shape.token;

/** Body of POST /invitations/read: the token travels in a body, never in an API URL. */
export const invitationReadRequestSchema = z.object({ token: invitationTokenSchema });
export type InvitationReadRequest = z.input<typeof invitationReadRequestSchema>;

/** What the token's holder may learn: who sent which document, and the invited address. Nothing more. */
export const invitationSchema = z.object({
  email: z.string(),
  emetteur: z.string(),
  document: z
    .object({
      kind: z.enum(INVITATION_DOCUMENT_KINDS),
      /** « Facture », « Facture d'acompte », « Avoir », « Devis ». */
      libelle: z.string(),
      numero: z.string(),
      montantTTC: z.number(),
    })
    .nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

const invitationNameSchema = (label: string) =>
  singleLine({ error: `${label} requis` })
    .min(1, `${label} requis`)
    .max(100, `${label} trop long`);

/** Body of POST /invitations/accept; the password policy is checked by the service, to list every broken rule. */
export const invitationAcceptRequestSchema = z.object({
  token: invitationTokenSchema,
  prenom: invitationNameSchema('Prénom'),
  nom: invitationNameSchema('Nom'),
  password: singleLine({ error: 'Mot de passe requis', trim: false }).max(1024),
});
export type InvitationAcceptRequest = z.input<typeof invitationAcceptRequestSchema>;

/** A signed-in session, and where the document is. */
export const invitationAcceptResponseSchema = loginResponseSchema.extend({
  document: z.object({ kind: z.enum(INVITATION_DOCUMENT_KINDS), id: z.string() }).nullable(),
});
export type InvitationAcceptResponse = z.infer<typeof invitationAcceptResponseSchema>;
