import { z } from 'zod';
import { emailSchema } from './auth.js';
import { UPCOMING_FEATURES } from './public-pages.js';
import { multiLine, singleLine } from './text.js';

export const CONTACT_SUBJECTS = ['question', 'abonnement', 'technique', 'donnees', 'autre'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  question: 'Question sur le produit',
  abonnement: 'Abonnement et facturation',
  technique: 'Problème technique',
  donnees: 'Données personnelles (RGPD)',
  autre: 'Autre',
};
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** Body of POST /contact. */
export const contactRequestSchema = z.object({
  // One line: the name goes into the support e-mail's subject line.
  nom: singleLine({ error: 'Votre nom est requis' })
    .min(1, 'Votre nom est requis')
    .max(100, '100 caractères au maximum'),
  email: emailSchema,
  sujet: z.enum(CONTACT_SUBJECTS, { error: 'Choisissez un sujet' }),
  message: multiLine({ error: 'Votre message est requis' })
    .trim()
    .min(10, 'Votre message doit contenir au moins 10 caractères')
    .max(CONTACT_MESSAGE_MAX_LENGTH, `${CONTACT_MESSAGE_MAX_LENGTH} caractères au maximum`),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

/** Body of POST /waitlist. */
export const waitlistRequestSchema = z.object({
  email: emailSchema,
  fonctionnalite: z.enum(UPCOMING_FEATURES, { error: 'Fonctionnalité inconnue' }),
});
export type WaitlistRequest = z.input<typeof waitlistRequestSchema>;

export const CONTACT_SENT_MESSAGE =
  'Merci, votre message a bien été envoyé. Notre équipe vous répond par email sous deux jours ouvrés.';
export const WAITLIST_JOINED_MESSAGE =
  'C’est noté : nous vous écrirons dès que cette fonctionnalité sera disponible.';

export const publicFormResponseSchema = z.object({ message: z.string() });
