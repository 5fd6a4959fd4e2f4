import {
  centsToEuros,
  type EreportingData,
  type EreportingFlowType,
  type EreportingPeriodBounds,
  ereportingPeriodicity,
  parseCountry,
  sirenOf,
  vatBreakdownCents,
} from '@facturo/shared';
import type { UserRow } from '../../db/schema.js';
import type { PeriodInvoice, PeriodPayment } from './ereporting.repo.js';

/**
 * Which sales the e-reporting covers (issue 19): those that are not domestic B2B e-invoices — to an
 * individual (B2C), or to a business established abroad (international). A snapshot written before
 * issue 12 has no type: a business then is a client with a SIRET.
 */
export function reportingCategory(invoice: PeriodInvoice): 'particulier' | 'international' | null {
  const client = invoice.clientSnapshot;
  const type = client.type ?? (client.siret ? 'entreprise' : 'particulier');
  if (type === 'particulier') return 'particulier';
  const country = parseCountry(client.adresse.pays) ?? 'FR';
  return country === 'FR' ? null : 'international';
}

/** A credit note reduces the period's sales: its stored amounts are positive, reported negative. */
const signOf = (invoice: PeriodInvoice) => (invoice.type === 'avoir' ? -1 : 1);

/** The invoice's bases and VAT per rate, as printed (VAT computed on each rate's base). */
function breakdown(invoice: PeriodInvoice) {
  return vatBreakdownCents(
    invoice.lines.map((line) => ({ totalCents: line.totalCents, tauxTVA: line.vatRate ?? 0 })),
  );
}

interface Sum {
  baseCents: number;
  vatCents: number;
  count: number;
}

function add(map: Map<string, Sum>, key: string, baseCents: number, vatCents: number, counted: boolean) {
  const sum = map.get(key) ?? { baseCents: 0, vatCents: 0, count: 0 };
  sum.baseCents += baseCents;
  sum.vatCents += vatCents;
  if (counted) sum.count += 1;
  map.set(key, sum);
}

/**
 * The data of one period as it is shown for review and submitted: the transactions (each invoice, then per
 * day, VAT category and rate, and per category and rate) and the payments of services (VAT on services is
 * due when paid, hence reported then), by day and rate. Amounts in euros, computed from integer cents.
 */
export function ereportingData(
  seller: UserRow,
  period: EreportingPeriodBounds,
  issued: PeriodInvoice[],
  received: PeriodPayment[],
): EreportingData {
  const inScope = issued.flatMap((invoice) => {
    const categorie = reportingCategory(invoice);
    return categorie ? [{ invoice, categorie }] : [];
  });
  const byDay = new Map<string, Sum>();
  const totals = new Map<string, Sum>();
  for (const { invoice } of inScope) {
    const sign = signOf(invoice);
    for (const entry of breakdown(invoice)) {
      const rateKey = `${invoice.vatCategory}|${entry.taux}`;
      add(
        byDay,
        `${invoice.dateEmission}|${rateKey}`,
        sign * entry.baseHTCents,
        sign * entry.montantTVACents,
        true,
      );
      add(totals, rateKey, sign * entry.baseHTCents, sign * entry.montantTVACents, false);
    }
  }
  const servicePayments = received.filter(
    ({ invoice }) => reportingCategory(invoice) !== null && invoice.natureOperation !== 'biens',
  );
  const paymentsByDay = new Map<string, Sum>();
  for (const payment of servicePayments) {
    add(
      paymentsByDay,
      `${payment.datePaiement}|${Number(payment.invoice.vatRate)}`,
      payment.amountCents,
      0,
      true,
    );
  }
  return {
    flux: flowOf(
      inScope.map(({ categorie }) => categorie),
      servicePayments.map(({ invoice }) => reportingCategory(invoice)),
    ),
    periode: {
      code: period.code,
      debut: period.debut,
      fin: period.fin,
      periodicite: ereportingPeriodicity(seller.regimeTva).label,
    },
    vendeur: {
      nom: [seller.prenom, seller.nom].filter(Boolean).join(' '),
      siren: sirenOf(seller.siret),
      regimeTva: seller.regimeTva,
    },
    transactions: {
      factures: inScope.map(({ invoice, categorie }) => ({
        numero: invoice.numero,
        type: invoice.type,
        date: invoice.dateEmission,
        categorie,
        pays: parseCountry(invoice.clientSnapshot.adresse.pays) ?? 'FR',
        categorieTva: invoice.vatCategory,
        montantHT: centsToEuros(signOf(invoice) * invoice.totalHtCents),
        montantTVA: centsToEuros(signOf(invoice) * invoice.totalVatCents),
        montantTTC: centsToEuros(signOf(invoice) * invoice.totalTtcCents),
      })),
      parJour: [...byDay.entries()].map(([key, sum]) => {
        const [date = '', categorieTva = '', taux = '0'] = key.split('|');
        return {
          date,
          categorieTva,
          taux: Number(taux),
          baseHT: centsToEuros(sum.baseCents),
          montantTVA: centsToEuros(sum.vatCents),
          nombreFactures: sum.count,
        };
      }),
      totaux: [...totals.entries()].map(([key, sum]) => {
        const [categorieTva = '', taux = '0'] = key.split('|');
        return {
          categorieTva,
          taux: Number(taux),
          baseHT: centsToEuros(sum.baseCents),
          montantTVA: centsToEuros(sum.vatCents),
        };
      }),
    },
    paiements: {
      liste: servicePayments.map((payment) => ({
        date: payment.datePaiement,
        numeroFacture: payment.invoice.numero,
        taux: Number(payment.invoice.vatRate),
        montant: centsToEuros(payment.amountCents),
      })),
      parJour: [...paymentsByDay.entries()].map(([key, sum]) => {
        const [date = '', taux = '0'] = key.split('|');
        return { date, taux: Number(taux), montant: centsToEuros(sum.baseCents) };
      }),
      total: centsToEuros(servicePayments.reduce((total, payment) => total + payment.amountCents, 0)),
    },
  };
}

/**
 * The flow type of the period's report (XP Z12-013 FlowType) by what it holds: sales to individuals are
 * reported aggregated per day (FRR 10.3), international sales one by one (10.1), and the payments of services
 * likewise (10.4 aggregated for individuals, 10.2 one by one abroad); two kinds or more make a MultiFlowReport.
 * A period without any sale is a transaction report with nothing in it. The processing rule follows the
 * buyers: B2C, B2BInt, or null when both are in it (the platform then computes it).
 */
export function flowOf(
  sales: readonly ('particulier' | 'international')[],
  servicePayments: readonly ('particulier' | 'international' | null)[],
): EreportingData['flux'] {
  const kinds = new Set<EreportingFlowType>();
  for (const sale of sales)
    kinds.add(
      sale === 'particulier' ? 'AggregatedCustomerTransactionReport' : 'UnitaryCustomerTransactionReport',
    );
  for (const payment of servicePayments)
    kinds.add(
      payment === 'international' ? 'UnitaryCustomerPaymentReport' : 'AggregatedCustomerPaymentReport',
    );
  const [only, ...others] = kinds;
  const buyers = new Set([...sales, ...servicePayments.map((payment) => payment ?? 'particulier')]);
  return {
    type: others.length > 0 ? 'MultiFlowReport' : (only ?? 'AggregatedCustomerTransactionReport'),
    regleTraitement: buyers.size !== 1 ? null : buyers.has('international') ? 'B2BInt' : 'B2C',
  };
}
