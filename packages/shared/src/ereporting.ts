import { z } from 'zod';
import { isCalendarDay } from './calendar-day.js';
import { EREPORTING_FIRST_MONTH, ereportingPeriodicity } from './legal-constants.js';
import type { VatRegime } from './vat.js';

/** Issue 19: e-reporting of B2C and international sales (transactions) and of service payments. */

export const EREPORTING_MESSAGES = {
  badPeriod: 'Période invalide : attendue sous la forme AAAA-MM (premier mois de la période).',
  notAPeriodStart: 'Ce mois ne commence pas une période d’e-reporting de votre régime de TVA.',
  tooEarly: 'L’e-reporting commence avec la période de septembre 2026.',
  notEnded: 'Cette période n’est pas terminée : elle pourra être transmise à sa fin.',
  alreadySubmitted: 'Cette période a déjà été transmise : elle ne peut pas l’être une seconde fois.',
} as const;

/** One period, named by its first month: « 2026-11 ». */
export const ereportingPeriodCodeSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, EREPORTING_MESSAGES.badPeriod)
  .refine((code) => isCalendarDay(`${code}-01`), EREPORTING_MESSAGES.badPeriod);

export interface EreportingPeriodBounds {
  code: string;
  /** First and last calendar days (YYYY-MM-DD), both included. */
  debut: string;
  fin: string;
}

const monthIndex = (code: string) => Number(code.slice(0, 4)) * 12 + Number(code.slice(5, 7)) - 1;
const monthCode = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/** Whether `code` starts a period of the regime's rhythm (January, March, May… for two months). */
export function isEreportingPeriodStart(code: string, regime: VatRegime): boolean {
  return monthIndex(code) % ereportingPeriodicity(regime).months === 0;
}

export function ereportingPeriodBounds(code: string, regime: VatRegime): EreportingPeriodBounds {
  const last = monthIndex(code) + ereportingPeriodicity(regime).months - 1;
  const lastMonth = monthCode(last);
  const year = Number(lastMonth.slice(0, 4));
  const month = Number(lastMonth.slice(5, 7));
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { code, debut: `${code}-01`, fin: `${lastMonth}-${String(lastDay).padStart(2, '0')}` };
}

/** The period holding the day `today` (YYYY-MM-DD). */
export function ereportingPeriodOf(today: string, regime: VatRegime): EreportingPeriodBounds {
  const index = monthIndex(today.slice(0, 7));
  const months = ereportingPeriodicity(regime).months;
  return ereportingPeriodBounds(monthCode(index - (index % months)), regime);
}

/**
 * The periods shown, newest first: the one in progress and every one before it, back to the period of the
 * first sale (`firstSale`, YYYY-MM-DD: the first invoice issued or payment received, whatever the day the
 * account was opened — invoices may predate it) but never before the reform's first period. Every ended
 * period stays listed, however old, so that it can still be reviewed and submitted. No sale yet: only the
 * period in progress.
 */
export function ereportingPeriods(
  today: string,
  regime: VatRegime,
  firstSale: string | null,
): EreportingPeriodBounds[] {
  const months = ereportingPeriodicity(regime).months;
  const current = monthIndex(ereportingPeriodOf(today, regime).code);
  const since = firstSale ? Math.min(monthIndex(firstSale.slice(0, 7)), current) : current;
  const first = Math.max(monthIndex(EREPORTING_FIRST_MONTH), since);
  const periods: EreportingPeriodBounds[] = [];
  for (let index = current; index + months - 1 >= first; index -= months) {
    periods.push(ereportingPeriodBounds(monthCode(index), regime));
  }
  return periods;
}

/** Where a period stands: in progress, to submit, or submitted and then as the platform says. */
export const EREPORTING_STATES = ['en_cours', 'a_soumettre', 'a_envoyer', 'deposee', 'rejetee'] as const;
export type EreportingState = (typeof EREPORTING_STATES)[number];
export const EREPORTING_STATE_LABELS: Record<EreportingState, string> = {
  en_cours: 'En cours',
  a_soumettre: 'À transmettre',
  a_envoyer: 'En cours d’envoi',
  deposee: 'Déposée',
  rejetee: 'Rejetée',
};

export const ereportingPeriodSchema = z.object({
  code: z.string(),
  debut: z.string(),
  fin: z.string(),
  periodicite: z.string(),
  etat: z.enum(EREPORTING_STATES),
  /** Invoices in scope (B2C and international) and confirmed service payments of the period. */
  nombreTransactions: z.number(),
  nombrePaiements: z.number(),
  soumisLe: z.string().nullable(),
});
export type EreportingPeriod = z.infer<typeof ereportingPeriodSchema>;
export const ereportingPeriodListSchema = z.object({ periodes: z.array(ereportingPeriodSchema) });

/** Why a sale is reported: sold to an individual, or to a business established abroad. */
export const EREPORTING_CATEGORIES = ['particulier', 'international'] as const;

const amount = z.number();
/**
 * The flow types of XP Z12-013 (FlowType) an e-reporting flow can be, by its content: international B2B
 * sales one by one (FRR 10.1, Unitary…TransactionReport), B2C sales aggregated per day (10.3,
 * Aggregated…TransactionReport), payments of B2C services aggregated (10.4, Aggregated…PaymentReport),
 * payments of international services one by one (10.2, Unitary…PaymentReport), several of them together
 * (MultiFlowReport).
 */
export const EREPORTING_FLOW_TYPES = [
  'UnitaryCustomerTransactionReport',
  'AggregatedCustomerTransactionReport',
  'UnitaryCustomerPaymentReport',
  'AggregatedCustomerPaymentReport',
  'MultiFlowReport',
] as const;
export type EreportingFlowType = (typeof EREPORTING_FLOW_TYPES)[number];

export const ereportingDataSchema = z.object({
  /**
   * What kind of flow this is (the standard's submission has no flow type: the content carries it) and its
   * processing rule, B2C or B2BInt (null when both kinds of sale are in it: the platform computes it).
   */
  flux: z.object({
    type: z.enum(EREPORTING_FLOW_TYPES),
    regleTraitement: z.enum(['B2C', 'B2BInt']).nullable(),
  }),
  periode: z.object({ code: z.string(), debut: z.string(), fin: z.string(), periodicite: z.string() }),
  vendeur: z.object({ nom: z.string(), siren: z.string().nullable(), regimeTva: z.string() }),
  transactions: z.object({
    factures: z.array(
      z.object({
        numero: z.string(),
        type: z.string(),
        date: z.string(),
        categorie: z.enum(EREPORTING_CATEGORIES),
        pays: z.string(),
        categorieTva: z.string(),
        montantHT: amount,
        montantTVA: amount,
        montantTTC: amount,
      }),
    ),
    /** Per day, VAT category and rate: the aggregates the reform asks for. */
    parJour: z.array(
      z.object({
        date: z.string(),
        categorieTva: z.string(),
        taux: z.number(),
        baseHT: amount,
        montantTVA: amount,
        nombreFactures: z.number(),
      }),
    ),
    totaux: z.array(
      z.object({ categorieTva: z.string(), taux: z.number(), baseHT: amount, montantTVA: amount }),
    ),
  }),
  paiements: z.object({
    liste: z.array(
      z.object({ date: z.string(), numeroFacture: z.string(), taux: z.number(), montant: amount }),
    ),
    parJour: z.array(z.object({ date: z.string(), taux: z.number(), montant: amount })),
    total: amount,
  }),
});
export type EreportingData = z.infer<typeof ereportingDataSchema>;

export const ereportingDetailSchema = z.object({
  periode: ereportingPeriodSchema,
  donnees: ereportingDataSchema,
});
export type EreportingDetail = z.infer<typeof ereportingDetailSchema>;
