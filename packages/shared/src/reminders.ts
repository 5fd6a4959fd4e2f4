/**
 * Issue 17: automatic reminders of unpaid invoices. The contract between the server's reminders module
 * and the web's reminder settings and history.
 */
import { z } from 'zod';
import { multiLine, singleLine } from './text.js';

/** One step of a professional's reminder plan. */
export interface ReminderStepSetting {
  /** Stable key, written in invoice_reminders.step: 'avant_3', 'apres_1', 'apres_7', 'apres_15'. */
  cle: string;
  /** Days from the due date: negative before it, positive after. */
  decalageJours: number;
  actif: boolean;
  /** The e-mail's subject and body, with {variables} (REMINDER_VARIABLES). */
  objet: string;
  corps: string;
}

/** What a subject or body may mention, replaced when the e-mail is written. */
export const REMINDER_VARIABLES = [
  'client',
  'numero',
  'montant_du',
  'echeance',
  'jours_retard',
  'lien_paiement',
  'iban',
] as const;
export type ReminderVariable = (typeof REMINDER_VARIABLES)[number];

export const REMINDER_VARIABLE_LABELS: Record<ReminderVariable, string> = {
  client: 'nom du client',
  numero: 'numéro de la facture',
  montant_du: 'montant restant dû',
  echeance: 'date d’échéance',
  jours_retard: 'jours de retard',
  lien_paiement: 'lien vers la facture sur Facturo',
  iban: 'IBAN pour le virement',
};

export const REMINDER_STEP_KEYS = ['avant_3', 'apres_1', 'apres_7', 'apres_15'] as const;
export type ReminderStepKey = (typeof REMINDER_STEP_KEYS)[number];
/** A reminder sent by the professional's « Relancer maintenant »: may repeat. */
export const MANUAL_REMINDER_STEP = 'manuel';

/** The plan's steps are fixed; each one's day from the due date. */
export const REMINDER_STEP_OFFSETS: Record<ReminderStepKey, number> = {
  avant_3: -3,
  apres_1: 1,
  apres_7: 7,
  apres_15: 15,
};

export const REMINDER_STEP_LABELS: Record<ReminderStepKey | typeof MANUAL_REMINDER_STEP, string> = {
  avant_3: '3 jours avant l’échéance',
  apres_1: '1 jour après l’échéance',
  apres_7: '7 jours après l’échéance',
  apres_15: '15 jours après l’échéance',
  manuel: 'Relance manuelle',
};

const BEFORE_BODY = `Bonjour {client},

Pour rappel, la facture {numero} d’un montant de {montant_du} arrive à échéance le {echeance}.

Vous pouvez la régler par virement : {iban}. Elle est aussi disponible ici : {lien_paiement}

Si le règlement est déjà parti, merci de ne pas tenir compte de ce message.

Bien cordialement`;

const afterBody = (tone: string) => `Bonjour {client},

${tone} la facture {numero}, échue le {echeance}, reste impayée : {montant_du} restent dus ({jours_retard} jours de retard).

Merci de procéder au règlement par virement : {iban}. La facture est aussi disponible ici : {lien_paiement}

Si le règlement est déjà parti, merci de ne pas tenir compte de ce message.

Bien cordialement`;

/** The plan of a professional who never changed it. */
export const DEFAULT_REMINDER_STEPS: readonly ReminderStepSetting[] = [
  {
    cle: 'avant_3',
    decalageJours: REMINDER_STEP_OFFSETS.avant_3,
    actif: true,
    objet: 'Rappel : la facture {numero} arrive à échéance le {echeance}',
    corps: BEFORE_BODY,
  },
  {
    cle: 'apres_1',
    decalageJours: REMINDER_STEP_OFFSETS.apres_1,
    actif: true,
    objet: 'Facture {numero} : échéance dépassée',
    corps: afterBody('Sauf erreur de notre part,'),
  },
  {
    cle: 'apres_7',
    decalageJours: REMINDER_STEP_OFFSETS.apres_7,
    actif: true,
    objet: 'Relance : facture {numero} impayée',
    corps: afterBody('Malgré notre précédent rappel,'),
  },
  {
    cle: 'apres_15',
    decalageJours: REMINDER_STEP_OFFSETS.apres_15,
    actif: true,
    objet: 'Dernière relance : facture {numero} impayée',
    corps: afterBody('Malgré nos rappels,'),
  },
];

/** The {names} of a text that are not REMINDER_VARIABLES, in order of appearance, once each. */
export function unknownReminderVariables(text: string): string[] {
  const known = new Set<string>(REMINDER_VARIABLES);
  const found = [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '');
  return [...new Set(found.filter((name) => !known.has(name)))];
}

/**
 * Replaces each known {variable}; the texts were validated, so nothing else is in braces. A variable given
 * as null has nothing to say (no link for a client without an account): the sentence holding it is left
 * out, so that no placeholder words (« Elle est aussi disponible ici : la facture jointe ») take its place.
 */
export function fillReminderText(text: string, values: Record<ReminderVariable, string | null>): string {
  const absent = REMINDER_VARIABLES.filter((name) => values[name] === null).map((name) => `{${name}}`);
  const kept =
    absent.length === 0
      ? text
      : text
          .split('\n')
          .map((line) => {
            if (!absent.some((v) => line.includes(v))) return line;
            // Sentences end at . ! ? or … followed by a space; the line keeps those without an absent value.
            const sentences = line.split(/(?<=[.!?…])\s+/);
            return sentences.filter((sentence) => !absent.some((v) => sentence.includes(v))).join(' ');
          })
          .join('\n');
  return kept.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    name in values ? (values[name as ReminderVariable] ?? '') : whole,
  );
}

/** A subject (one line) or a body (lines), with the project's text rule, then the known variables only. */
const reminderText = (field: string, max: number, lines: boolean) =>
  (lines ? multiLine().trim() : singleLine())
    .min(1, `${field} ne peut pas être vide.`)
    .max(max, `${field} ne peut pas dépasser ${max} caractères.`)
    .superRefine((text, ctx) => {
      const unknown = unknownReminderVariables(text);
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `${field} contient une variable inconnue : ${unknown.map((v) => `{${v}}`).join(', ')}. Variables possibles : ${REMINDER_VARIABLES.map((v) => `{${v}}`).join(', ')}.`,
        });
      }
    });

export const reminderStepSchema = z.object({
  cle: z.enum(REMINDER_STEP_KEYS, { message: 'Étape de relance inconnue.' }),
  actif: z.boolean(),
  objet: reminderText('L’objet', 200, false),
  corps: reminderText('Le message', 5000, true),
});

/** PUT /api/relances/plan: the whole plan, each of the four steps once. */
export const reminderPlanInputSchema = z.object({
  actif: z.boolean(),
  etapes: z
    .array(reminderStepSchema)
    .length(REMINDER_STEP_KEYS.length, 'Le plan compte exactement quatre étapes.')
    .refine((steps) => new Set(steps.map((s) => s.cle)).size === steps.length, {
      message: 'Chaque étape ne peut figurer qu’une fois.',
    }),
});
export type ReminderPlanInput = z.infer<typeof reminderPlanInputSchema>;

export const reminderPlanSchema = z.object({
  actif: z.boolean(),
  etapes: z.array(
    z.object({
      cle: z.enum(REMINDER_STEP_KEYS),
      decalageJours: z.number().int(),
      actif: z.boolean(),
      objet: z.string(),
      corps: z.string(),
    }),
  ),
});
export type ReminderPlan = z.infer<typeof reminderPlanSchema>;

/** One reminder of an invoice's history (GET /api/factures/{id}/relances). */
export const invoiceReminderSchema = z.object({
  _id: z.string(),
  etape: z.string(),
  libelle: z.string(),
  destinataire: z.string(),
  /** Euros still due when it was sent. */
  montantDu: z.number(),
  joursRetard: z.number().int(),
  envoyeeLe: z.string(),
});
export type InvoiceReminder = z.infer<typeof invoiceReminderSchema>;

/** Late-payment penalties (Code de commerce L441-10): remaining × multiplier × rate × days / 365, in cents. */
export function latePenaltyCents(
  remainingCents: number,
  rateBasisPoints: number,
  multiplier: number,
  days: number,
): number {
  if (days <= 0 || remainingCents <= 0) return 0;
  const numerator = BigInt(remainingCents) * BigInt(multiplier) * BigInt(rateBasisPoints) * BigInt(days);
  const denominator = 10_000n * 365n;
  // Half up, exactly: no floating point between the cents.
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}
