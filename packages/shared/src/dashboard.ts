import { z } from 'zod';
import { URSSAF_ACTIVITIES } from './legal-constants.js';

/**
 * Issue 17: the dashboard (/tableau-de-bord) and the micro-entrepreneur's URSSAF helper. Every amount in
 * euros, as everywhere in the API; every figure is an SQL aggregate on the server.
 */

/** An unpaid invoice and when it falls due: `joursRetard` > 0 once past its due date. */
export const dueInvoiceSchema = z.object({
  id: z.string(),
  numero: z.string(),
  /** The client's name for the issuer, the issuer's for a particulier. */
  contrepartie: z.string(),
  dateEcheance: z.string(),
  resteAPayer: z.number(),
  joursRetard: z.number(),
});
export type DueInvoice = z.infer<typeof dueInvoiceSchema>;

export const monthFiguresSchema = z.object({
  /** YYYY-MM. */
  mois: z.string(),
  /** TTC of the invoices issued that month, net of their deposits; credit notes count negative. */
  facture: z.number(),
  /** Confirmed payments dated that month. */
  encaisse: z.number(),
});
export type MonthFigures = z.infer<typeof monthFiguresSchema>;

/** A client among the five invoiced the most (all issued documents), with what they still owe. */
export const topClientSchema = z.object({
  clientId: z.string(),
  nom: z.string(),
  facture: z.number(),
  enAttente: z.number(),
});
export type TopClient = z.infer<typeof topClientSchema>;

export const overdueFiguresSchema = z.object({ montant: z.number(), nombre: z.number() });

export const professionalDashboardSchema = z.object({
  vue: z.literal('professionnel'),
  /** YYYY-MM-DD in Paris: the day the figures are of. */
  aujourdhui: z.string(),
  encaisseMois: z.number(),
  encaisseAnnee: z.number(),
  /** What the sent invoices still ask for. */
  enAttente: z.number(),
  enRetard: overdueFiguresSchema,
  /** Average days from issue to full payment (last confirmed payment); null before any is fully paid. */
  delaiMoyenJours: z.number().nullable(),
  /** The last 12 months, oldest first, the current one last. */
  mois: z.array(monthFiguresSchema),
  topClients: z.array(topClientSchema),
  prochainesEcheances: z.array(dueInvoiceSchema),
  /** False for a new professional: nothing issued yet (the page shows where to start). */
  aDesFactures: z.boolean(),
});
export type ProfessionalDashboard = z.infer<typeof professionalDashboardSchema>;

export const particulierDashboardSchema = z.object({
  vue: z.literal('particulier'),
  aujourdhui: z.string(),
  /** What the invoices received still ask for. */
  aPayer: z.number(),
  enRetard: overdueFiguresSchema,
  /** Confirmed payments of the invoices received, dated this year. */
  payeAnnee: z.number(),
  prochainesEcheances: z.array(dueInvoiceSchema),
  aDesFactures: z.boolean(),
});
export type ParticulierDashboard = z.infer<typeof particulierDashboardSchema>;

/** GET /tableau-de-bord: the professional's figures, or a particulier's (its `vue` tells which). */
export const dashboardSchema = z.discriminatedUnion('vue', [
  professionalDashboardSchema,
  particulierDashboardSchema,
]);
export type Dashboard = z.infer<typeof dashboardSchema>;

/** A declaration period: a month (M1…M12) or a quarter (T1…T4). */
export const URSSAF_PERIOD_CODES = [
  'M1',
  'M2',
  'M3',
  'M4',
  'M5',
  'M6',
  'M7',
  'M8',
  'M9',
  'M10',
  'M11',
  'M12',
  'T1',
  'T2',
  'T3',
  'T4',
] as const;
export type UrssafPeriodCode = (typeof URSSAF_PERIOD_CODES)[number];
const URSSAF_PERIOD_PATTERN = /^(M(1[0-2]|[1-9])|T[1-4])$/;

export const urssafQuerySchema = z.object({
  annee: z.coerce
    .number({ error: 'L’année doit être un nombre.' })
    .int('L’année doit être un nombre entier.')
    .min(2000, 'Année invalide.')
    .max(2100, 'Année invalide.')
    .optional(),
  periode: z
    .enum(URSSAF_PERIOD_CODES, {
      error: 'La période doit être un mois (M1 à M12) ou un trimestre (T1 à T4).',
    })
    .optional(),
});
export type UrssafQuery = z.infer<typeof urssafQuerySchema>;

export const urssafActivityBodySchema = z.object({
  activite: z.enum(URSSAF_ACTIVITIES, {
    error: 'Choisissez une activité : vente, services_bic ou bnc.',
  }),
});
export type UrssafActivityBody = z.infer<typeof urssafActivityBodySchema>;

export const urssafSummarySchema = z.object({
  annee: z.number(),
  activite: z.enum(URSSAF_ACTIVITIES).nullable(),
  /** Revenue collected (confirmed payments) per month of the year, January first. */
  mois: z.array(z.object({ mois: z.string(), encaisse: z.number() })),
  trimestres: z.array(z.object({ trimestre: z.number(), encaisse: z.number() })),
  periode: z.object({
    code: z.string(),
    libelle: z.string(),
    du: z.string(),
    au: z.string(),
    /** The revenue collected in the period: what the declaration asks for. */
    montantADeclarer: z.number(),
  }),
  /** Null until an activity is chosen. */
  cotisation: z
    .object({
      /** Rate in percent (12.3 for 12,3 %). */
      taux: z.number(),
      montant: z.number(),
      source: z.string(),
    })
    .nullable(),
});
export type UrssafSummary = z.infer<typeof urssafSummarySchema>;

const MONTH_NAMES = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

export interface UrssafPeriod {
  code: string;
  libelle: string;
  /** First day, YYYY-MM-DD. */
  du: string;
  /** Last day, YYYY-MM-DD. */
  au: string;
  /** The day after the last, YYYY-MM-DD (for half-open SQL ranges). */
  fin: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The days of a declaration period of a year, and its French name (« 2e trimestre 2026 », « mars 2026 »). */
export function urssafPeriod(year: number, code: string): UrssafPeriod {
  const match = URSSAF_PERIOD_PATTERN.exec(code);
  if (!match) throw new Error(`Période inconnue : ${code}`);
  const n = Number(code.slice(1));
  const [firstMonth, months] = code.startsWith('T') ? [(n - 1) * 3 + 1, 3] : [n, 1];
  const lastMonth = firstMonth + months - 1;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  const after = lastMonth === 12 ? `${year + 1}-01-01` : `${year}-${pad(lastMonth + 1)}-01`;
  const libelle = code.startsWith('T')
    ? `${n === 1 ? '1er' : `${n}e`} trimestre ${year}`
    : `${MONTH_NAMES[n - 1]} ${year}`;
  return {
    code,
    libelle,
    du: `${year}-${pad(firstMonth)}-01`,
    au: `${year}-${pad(lastMonth)}-${pad(lastDay)}`,
    fin: after,
  };
}

/** The social contribution on an amount collected, in integer cents rounded to the cent. */
export function urssafContributionCents(collectedCents: number, basisPoints: number): number {
  return Math.round((collectedCents * basisPoints) / 10_000);
}

/** « mars 2026 » from YYYY-MM, for the chart and its table. */
export function monthLabel(yyyyMm: string): string {
  const month = Number(yyyyMm.slice(5, 7));
  return `${MONTH_NAMES[month - 1] ?? ''} ${yyyyMm.slice(0, 4)}`;
}
