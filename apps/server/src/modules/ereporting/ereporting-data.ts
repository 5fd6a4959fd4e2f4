import {
  centsToEuros,
  type EreportingData,
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
