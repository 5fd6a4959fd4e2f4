import { and, asc, between, eq, inArray, min, notInArray } from 'drizzle-orm';
import {
  type ClientSnapshot,
  ereportingSubmissions,
  invoices,
  type MentionsSnapshot,
  payments,
  platformFlows,
  type StoredLine,
} from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

/** An issued invoice of the period, as the e-reporting reads it (scope decided in ereporting-data.ts). */
export interface PeriodInvoice {
  id: string;
  numero: string;
  type: 'facture' | 'acompte' | 'avoir';
  dateEmission: string;
  vatCategory: string;
  vatRate: string;
  lines: StoredLine[];
  totalHtCents: number;
  totalVatCents: number;
  totalTtcCents: number;
  clientSnapshot: ClientSnapshot;
  natureOperation: MentionsSnapshot['natureOperation'];
}

/** A confirmed payment of the period, with what the e-reporting needs of its invoice. */
export interface PeriodPayment {
  datePaiement: string;
  amountCents: number;
  invoice: PeriodInvoice;
}

const invoiceColumns = {
  id: invoices.id,
  numero: invoices.numero,
  type: invoices.type,
  dateEmission: invoices.dateEmission,
  vatCategory: invoices.vatCategory,
  vatRate: invoices.vatRate,
  lines: invoices.lines,
  totalHtCents: invoices.totalHtCents,
  totalVatCents: invoices.totalVatCents,
  totalTtcCents: invoices.totalTtcCents,
  clientSnapshot: invoices.clientSnapshot,
  mentions: invoices.mentions,
};

type InvoiceRowRead = { [K in keyof typeof invoiceColumns]: (typeof invoices.$inferSelect)[K] };

function toPeriodInvoice({ mentions, ...row }: InvoiceRowRead): PeriodInvoice {
  return { ...row, natureOperation: mentions.natureOperation ?? 'services' };
}

/** Drafts are not issued; a cancelled document never was (the dashboard's rule). */
const NOT_ISSUED = ['brouillon', 'annulee'] as const;

/** The seller's issued invoices, deposits and credit notes dated within the period, in date order. */
export async function invoicesIssuedBetween(
  db: DbOrTx,
  issuerId: string,
  debut: string,
  fin: string,
): Promise<PeriodInvoice[]> {
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .where(
      and(
        eq(invoices.issuerId, issuerId),
        notInArray(invoices.issuerStatus, [...NOT_ISSUED]),
        between(invoices.dateEmission, debut, fin),
      ),
    )
    .orderBy(asc(invoices.dateEmission), asc(invoices.createdAt));
  return rows.map(toPeriodInvoice);
}

/** The confirmed payments received within the period, whatever the date of their invoice. */
export async function paymentsReceivedBetween(
  db: DbOrTx,
  issuerId: string,
  debut: string,
  fin: string,
): Promise<PeriodPayment[]> {
  const rows = await db
    .select({
      datePaiement: payments.datePaiement,
      amountCents: payments.amountCents,
      invoice: invoiceColumns,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(
      and(
        eq(payments.issuerId, issuerId),
        eq(payments.status, 'confirme'),
        between(payments.datePaiement, debut, fin),
      ),
    )
    .orderBy(asc(payments.datePaiement), asc(payments.createdAt));
  return rows.map((row) => ({ ...row, invoice: toPeriodInvoice(row.invoice) }));
}

/**
 * The day of the seller's first sale, YYYY-MM-DD: their first invoice issued or payment received, whichever
 * is earlier (an invoice may be dated before the account was opened); null before any.
 */
export async function firstSaleDay(db: DbOrTx, issuerId: string): Promise<string | null> {
  const [[invoice], [payment]] = await Promise.all([
    db
      .select({ day: min(invoices.dateEmission) })
      .from(invoices)
      .where(and(eq(invoices.issuerId, issuerId), notInArray(invoices.issuerStatus, [...NOT_ISSUED]))),
    db
      .select({ day: min(payments.datePaiement) })
      .from(payments)
      .where(and(eq(payments.issuerId, issuerId), eq(payments.status, 'confirme'))),
  ]);
  const days = [invoice?.day, payment?.day].filter((day): day is string => typeof day === 'string');
  return days.sort()[0] ?? null;
}

/** A period's submission with the state of its platform flow (null before the flow exists). */
export interface SubmissionWithFlow {
  periodStart: string;
  submittedAt: Date;
  flowState: 'a_envoyer' | 'deposee' | 'rejetee' | 'echec' | 'recue' | null;
}

export async function submissionsOf(
  db: DbOrTx,
  userId: string,
  periodStarts: string[],
): Promise<SubmissionWithFlow[]> {
  if (periodStarts.length === 0) return [];
  const rows = await db
    .select({
      periodStart: ereportingSubmissions.periodStart,
      submittedAt: ereportingSubmissions.submittedAt,
      flowId: ereportingSubmissions.flowId,
    })
    .from(ereportingSubmissions)
    .where(
      and(eq(ereportingSubmissions.userId, userId), inArray(ereportingSubmissions.periodStart, periodStarts)),
    );
  const flowIds = rows.flatMap((row) => (row.flowId ? [row.flowId] : []));
  const flows =
    flowIds.length === 0
      ? []
      : await db
          .select({ id: platformFlows.id, state: platformFlows.state })
          .from(platformFlows)
          .where(and(eq(platformFlows.userId, userId), inArray(platformFlows.id, flowIds)));
  const stateOf = new Map(flows.map((flow) => [flow.id, flow.state]));
  return rows.map((row) => ({
    periodStart: row.periodStart,
    submittedAt: row.submittedAt,
    flowState: row.flowId ? (stateOf.get(row.flowId) ?? null) : null,
  }));
}
