/**
 * Issue 19: sending an invoice through the approved platform (« Envoyer via la plateforme ») and its
 * lifecycle on the seller's side. The contract between the server's einvoicing/seller module and the
 * invoice detail page.
 */
import { z } from 'zod';
import { lifecycleEventSchema } from './einvoicing.js';

export const PLATFORM_SEND_LABEL = 'Envoyer via la plateforme';

export const PLATFORM_SENDING_MESSAGES = {
  notBusiness:
    'La facturation électronique concerne les clients professionnels établis en France (avec un SIRET). Envoyez cette facture par e-mail.',
  noSiret: 'Renseignez votre SIRET dans votre profil pour envoyer des factures électroniques.',
  notInDirectory:
    'Ce client n’est pas inscrit dans l’annuaire de la facturation électronique : il ne peut pas recevoir de facture électronique. Envoyez-la par e-mail.',
  directoryUnavailable:
    'L’annuaire de la facturation électronique ne répond pas pour le moment. Vous pouvez tout de même envoyer la facture : la plateforme l’acheminera.',
  sent: 'Facture déposée sur la plateforme de facturation électronique.',
  alreadySent: 'Cette facture a déjà été transmise à la plateforme.',
  creditNoteAdvice:
    'Cette facture a été refusée ou rejetée : elle reste dans vos comptes. Annulez-la par un avoir, puis émettez une facture corrigée.',
} as const;

/** Where a submission to the platform stands. */
export const PLATFORM_SUBMISSION_STATES = ['a_envoyer', 'deposee', 'rejetee', 'echec'] as const;
export type PlatformSubmissionState = (typeof PLATFORM_SUBMISSION_STATES)[number];
export const PLATFORM_SUBMISSION_LABELS: Record<PlatformSubmissionState, string> = {
  a_envoyer: 'En cours de transmission',
  deposee: 'Transmise à la plateforme',
  rejetee: 'Rejetée par la plateforme',
  echec: 'Transmission impossible',
};

/** What the directory says of the buyer (GET /factures/{id}/plateforme-agreee/annuaire). */
export const buyerDirectorySchema = z.object({
  siren: z.string(),
  /** Found in the directory, with the platform it receives on. */
  inscrit: z.boolean(),
  peutRecevoir: z.boolean(),
  nom: z.string().nullable(),
  plateforme: z.string().nullable(),
  /** The directory did not answer: sending stays possible (the platform routes the invoice). */
  indisponible: z.boolean(),
});
export type BuyerDirectory = z.infer<typeof buyerDirectorySchema>;

/** GET /factures/{id}/cycle-de-vie: whether it can go through the platform, how its sending went, its statuses. */
export const invoiceLifecycleSchema = z.object({
  /** It may be sent through the platform (a French business client, an issuer with a SIRET, not cancelled). */
  envoyable: z.boolean(),
  /** Why not, in French. */
  motif: z.string().nullable(),
  sirenClient: z.string().nullable(),
  envoi: z
    .object({
      etat: z.enum(PLATFORM_SUBMISSION_STATES),
      fluxId: z.string().nullable(),
      erreur: z.string().nullable(),
      date: z.string(),
    })
    .nullable(),
  evenements: z.array(lifecycleEventSchema),
  /** Refused by the buyer or rejected by the platform: cancel by credit note, then issue anew. */
  avoirConseille: z.boolean(),
});
export type InvoiceLifecycle = z.infer<typeof invoiceLifecycleSchema>;

/** POST /factures/{id}/plateforme-agreee */
export const platformSendResponseSchema = z.object({
  dejaEnvoyee: z.boolean(),
  cycleDeVie: invoiceLifecycleSchema,
});
export type PlatformSendResponse = z.infer<typeof platformSendResponseSchema>;

/**
 * The reform's e-invoicing covers sales between businesses established in France (CGI art. 289 bis): the
 * buyer is a business, in France, identified by its SIREN (the first 9 digits of a SIRET). Answers that
 * SIREN, or null when the invoice goes otherwise (an individual, a foreign buyer: e-reporting instead).
 */
export function einvoicingBuyerSiren(client: {
  type?: 'particulier' | 'entreprise';
  siret: string | null;
  adresse: { pays: string };
}): string | null {
  const business = client.type ? client.type === 'entreprise' : client.siret !== null;
  const pays = client.adresse.pays.trim().toLowerCase();
  const inFrance = pays === 'fr' || pays === 'france';
  const digits = (client.siret ?? '').replace(/\s/g, '');
  if (!business || !inFrance || !/^(\d{9}|\d{14})$/.test(digits)) return null;
  return digits.slice(0, 9);
}

/**
 * Where the platform's directory is asked for the buyer and delivers to: the establishment invoiced (its
 * SIRET) when the client has one, else the company (its SIREN, which reaches it only when it has a single
 * establishment on the directory). Null when the invoice does not go through a platform.
 */
export function einvoicingBuyerAddress(
  client: Parameters<typeof einvoicingBuyerSiren>[0],
): { siret: string } | { siren: string } | null {
  const siren = einvoicingBuyerSiren(client);
  if (!siren) return null;
  const digits = (client.siret ?? '').replace(/\s/g, '');
  return digits.length === 14 ? { siret: digits } : { siren };
}
