import { randomUUID } from 'node:crypto';
import { formatDocumentNumber } from '@facturo/shared';
import type pg from 'pg';
import { CopyWriter, checkColumns, fromTemplate } from './copy-rows.js';
import type { Professional } from './scale-people.js';
import {
  DAY_MS,
  MEASURED_INVOICES,
  measuredDays,
  type PlannedInvoice,
  planInvoice,
  type ScaleShape,
  SPAN_DAYS,
  seededRandom,
} from './scale-plan.js';

/** The rows made over HTTP that the copied invoices and credit notes take their other columns from. */
export interface Templates {
  invoice: Map<string, string | null>;
  credit: Map<string, string | null>;
}

/** The columns the plan decides; every other one is the template's. */
const PLANNED = [
  'id',
  'type',
  'issuer_id',
  'client_id',
  'numero',
  'year',
  'sequence',
  'date_emission',
  'date_echeance',
  'date_livraison',
  'lines',
  'total_ht_cents',
  'total_vat_cents',
  'total_ttc_cents',
  'issuer_status',
  'recipient_status',
  'paid_at',
  'sent_at',
  'issued_at',
  'channel',
  'viewed_at',
  'paid_cents',
  'issuer_snapshot',
  'client_snapshot',
  'credited_invoice_id',
  'refs',
  'created_at',
  'updated_at',
] as const;

type PlannedColumn = (typeof PLANNED)[number];

/** Writes the invoices, credit notes and payments of the plan, in the order of their dates. */
export class InvoiceCopier {
  readonly invoices: CopyWriter;
  readonly payments: CopyWriter;
  private readonly columns: string[];
  private readonly startMs: number;
  private readonly vatPercent: number;
  private readonly lineExtras: Record<string, unknown>;
  private readonly creditSign: number;
  private readonly delay: number;
  /** Per professional, the last number of each series in the current year. */
  private year = 0;
  private readonly fac: Int32Array;
  private readonly av: Int32Array;
  /** Credit notes waiting for their day. */
  private readonly credits = new Map<
    number,
    { plan: PlannedInvoice; credited: CreditedRef; taxes: Totals }[]
  >();

  constructor(
    invoicesDb: pg.Client,
    paymentsDb: pg.Client,
    private readonly templates: Templates,
    private readonly professionals: Professional[],
  ) {
    this.columns = [...templates.invoice.keys()];
    checkColumns(templates.invoice, PLANNED);
    this.invoices = CopyWriter.open(invoicesDb, 'invoices', this.columns);
    this.payments = CopyWriter.open(paymentsDb, 'payments', [
      'id',
      'invoice_id',
      'issuer_id',
      'date_paiement',
      'amount_cents',
      'method',
      'status',
      'source',
      'confirmed_at',
      'created_at',
    ]);
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    this.startMs = today - (SPAN_DAYS - 1) * DAY_MS;
    this.vatPercent = Number(templates.invoice.get('vat_rate') ?? 0);
    const [firstLine] = JSON.parse(templates.invoice.get('lines') ?? '[]') as Record<string, unknown>[];
    const {
      description: _d,
      quantityThousandths: _q,
      unitPriceCents: _u,
      totalCents: _t,
      ...extras
    } = firstLine ?? {};
    this.lineExtras = extras;
    this.creditSign = Math.sign(Number(templates.credit.get('total_ttc_cents'))) || 1;
    this.delay = Number(templates.invoice.get('delai_paiement') ?? 30);
    this.fac = new Int32Array(professionals.length);
    this.av = new Int32Array(professionals.length);
  }

  /** The calendar day `day` days into the span (YYYY-MM-DD). */
  private date(day: number): string {
    return new Date(this.startMs + day * DAY_MS).toISOString().slice(0, 10);
  }

  private at(day: number, second = 9 * 3600): string {
    return new Date(this.startMs + day * DAY_MS + second * 1000).toISOString();
  }

  /** Numbers restart each calendar year, per series (FAC-2026-0001, AV-2026-0001). */
  private number(series: 'FAC' | 'AV', professional: number, day: number) {
    const year = new Date(this.startMs + day * DAY_MS).getUTCFullYear();
    if (year !== this.year) {
      this.year = year;
      this.fac.fill(0);
      this.av.fill(0);
    }
    const counters = series === 'FAC' ? this.fac : this.av;
    counters[professional] = counters[professional]! + 1;
    const sequence = counters[professional]!;
    return { year, sequence, numero: formatDocumentNumber(series, year, sequence) };
  }

  private row(values: Partial<Record<PlannedColumn, string | null>>, template: Map<string, string | null>) {
    return fromTemplate(template, this.columns, values);
  }

  async invoice(plan: PlannedInvoice): Promise<void> {
    const professional = this.professionals[plan.professional]!;
    const id = randomUUID();
    const { year, sequence, numero } = this.number('FAC', plan.professional, plan.day);
    const taxes = totals(plan.totalCents, this.vatPercent);
    const sent = plan.fate !== 'creee';
    const sentAt = sent ? this.at(plan.day + plan.sentAfter, plan.second + 600) : null;
    const paidCents = plan.payments.reduce((total, p) => total + p.cents, 0);
    const lastPayment = plan.payments.at(-1);
    const status = plan.fate === 'payee' ? 'payee' : sent ? 'envoyee' : 'creee';
    await this.invoices.write(
      this.row(
        {
          id,
          type: 'facture',
          issuer_id: professional.id,
          client_id: professional.clientIds[plan.client]!,
          numero,
          year: String(year),
          sequence: String(sequence),
          date_emission: this.date(plan.day),
          date_echeance: this.date(plan.day + this.delay),
          date_livraison: this.date(plan.day),
          lines: JSON.stringify(plan.lines.map((line) => ({ ...line, ...this.lineExtras }))),
          total_ht_cents: String(taxes.ht),
          total_vat_cents: String(taxes.vat),
          total_ttc_cents: String(taxes.ttc),
          issuer_status: status,
          recipient_status: sent && plan.viewed ? 'vue' : 'non_vue',
          paid_at:
            plan.fate === 'payee' && lastPayment ? this.at(plan.day + lastPayment.after, 15 * 3600) : null,
          sent_at: sentAt,
          issued_at: sentAt,
          channel: sent ? 'email' : null,
          viewed_at: sent && plan.viewed ? this.at(plan.day + plan.sentAfter, plan.second + 4000) : null,
          paid_cents: String(paidCents),
          issuer_snapshot: professional.issuerSnapshot,
          client_snapshot: professional.clientSnapshots[plan.client]!,
          credited_invoice_id: null,
          created_at: this.at(plan.day, plan.second),
          updated_at: sentAt ?? this.at(plan.day, plan.second),
        },
        this.templates.invoice,
      ),
    );
    for (const payment of plan.payments) {
      const when = this.at(plan.day + payment.after, 15 * 3600);
      await this.payments.write([
        randomUUID(),
        id,
        professional.id,
        this.date(plan.day + payment.after),
        String(payment.cents),
        payment.method,
        'confirme',
        'emetteur',
        when,
        when,
      ]);
    }
    if (plan.fate === 'avoir') {
      const day = plan.day + plan.creditAfter;
      const waiting = this.credits.get(day) ?? [];
      const credited = { id, numero, dateEmission: this.date(plan.day), totalTtcCents: taxes.ttc };
      waiting.push({ plan, credited, taxes });
      this.credits.set(day, waiting);
    }
  }

  /** The credit notes dated `day`, numbered in their own series on that day. */
  async creditsOf(day: number): Promise<void> {
    for (const { plan, credited, taxes } of this.credits.get(day) ?? []) {
      const professional = this.professionals[plan.professional]!;
      const { year, sequence, numero } = this.number('AV', plan.professional, day);
      const sign = this.creditSign;
      const at = this.at(day, plan.second);
      await this.invoices.write(
        this.row(
          {
            id: randomUUID(),
            type: 'avoir',
            issuer_id: professional.id,
            client_id: professional.clientIds[plan.client]!,
            numero,
            year: String(year),
            sequence: String(sequence),
            date_emission: this.date(day),
            date_echeance: this.date(day),
            date_livraison: this.date(plan.day),
            lines: JSON.stringify(
              plan.lines.map((line) => ({ ...line, ...this.lineExtras, totalCents: sign * line.totalCents })),
            ),
            total_ht_cents: String(sign * taxes.ht),
            total_vat_cents: String(sign * taxes.vat),
            total_ttc_cents: String(sign * taxes.ttc),
            issuer_snapshot: professional.issuerSnapshot,
            client_snapshot: professional.clientSnapshots[plan.client]!,
            credited_invoice_id: credited.id,
            // What the credit note prints of its invoice, as the server writes it (credit-notes.ts).
            refs: JSON.stringify({ creditedInvoice: credited }),
            issued_at: at,
            created_at: at,
            updated_at: at,
          },
          this.templates.credit,
        ),
      );
    }
    this.credits.delete(day);
  }
}

/** The credited invoice as a credit note's refs name it. */
interface CreditedRef {
  id: string;
  numero: string;
  dateEmission: string;
  totalTtcCents: number;
}

interface Totals {
  ht: number;
  vat: number;
  ttc: number;
}

const totals = (ht: number, vatPercent: number): Totals => {
  const vat = Math.round((ht * vatPercent) / 100);
  return { ht, vat, ttc: ht + vat };
};

/**
 * Day by day over three years, every professional's invoices of the day: the measured one's from its own
 * schedule and generator (the same rows in every database), the others' drawn so that the whole reaches
 * `shape.invoices`. Rows go in date order, as years of use would have laid them in the table.
 */
export async function copyInvoices(copier: InvoiceCopier, professionals: Professional[], shape: ScaleShape) {
  const measuredRandom = seededRandom(2_000);
  const othersRandom = seededRandom(shape.invoices);
  const schedule = measuredDays();
  const others = professionals.length - 1;
  // Each other professional's chance of an invoice on a given day (credit notes, ~5 % of them, included).
  const daily = (shape.invoices - MEASURED_INVOICES) / 1.05 / Math.max(1, others) / SPAN_DAYS;
  let next = 0;
  for (let day = 0; day < SPAN_DAYS; day++) {
    await copier.creditsOf(day);
    while (next < schedule.length && schedule[next] === day) {
      await copier.invoice(planInvoice(0, professionals[0]!.clientIds.length, day, measuredRandom));
      next++;
    }
    for (let p = 1; p <= others; p++) {
      if (othersRandom() < daily) {
        await copier.invoice(planInvoice(p, professionals[p]!.clientIds.length, day, othersRandom));
      }
    }
  }
}
