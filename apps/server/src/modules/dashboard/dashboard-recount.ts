import {
  centsToEuros,
  type DocumentLifeFacts,
  daysBetween,
  daysLate,
  documentLife,
  type ProfessionalDashboard,
  remainingDueCents,
} from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { clients, type InvoiceRow, invoices, payments } from '../../db/schema.js';
import { monthStart } from '../../lib/paris-date.js';
import type { TestApp } from '../../test/harness.js';

/*
 * A professional's dashboard counted the plain way, for tests: every row read back as it is stored, then
 * each figure added up in TypeScript from the shared rules (documentLife, remainingDueCents), one row at a
 * time, without any of the server's SQL. What the one-statement dashboard must agree with.
 */

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function factsOf(row: InvoiceRow, creditedCents: number): DocumentLifeFacts {
  return {
    type: row.type,
    statutEmetteur: row.issuerStatus,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    channel: row.channel,
    viewedAt: row.viewedAt?.toISOString() ?? null,
    dispute: row.dispute,
    declaredCents: row.declaredCents,
    dateEcheance: row.dateEcheance,
    totalTtcCents: row.totalTtcCents,
    prepaidCents: row.prepaidCents,
    creditedCents,
    paidCents: row.paidCents,
  };
}

export async function recountDashboard(
  t: TestApp,
  issuerId: string,
  today: string,
): Promise<ProfessionalDashboard> {
  const db = t.database.db;
  const rows = await db.select().from(invoices).where(eq(invoices.issuerId, issuerId));
  const creditNotes = await db.select().from(invoices).where(eq(invoices.type, 'avoir'));
  const confirmed = (await db.select().from(payments)).filter(
    (p) => p.issuerId === issuerId && p.status === 'confirme',
  );
  const names = new Map(
    (await db.select().from(clients).where(eq(clients.ownerId, issuerId))).map((c) => [c.id, c.nom]),
  );

  const documents = rows
    .filter((row) => row.issuedAt !== null)
    .map((row) => {
      const facts = factsOf(
        row,
        sum(creditNotes.filter((c) => c.creditedInvoiceId === row.id).map((c) => c.totalTtcCents)),
      );
      const life = documentLife(facts, 'emetteur', today);
      const open =
        row.type !== 'avoir' && life.etat !== 'annulee' && life.etat !== 'payee' && life.resteCents > 0;
      const invoiced = row.type === 'avoir' ? -row.totalTtcCents : row.totalTtcCents - row.prepaidCents;
      const paymentDays = confirmed.filter((p) => p.invoiceId === row.id).map((p) => p.datePaiement);
      return { row, facts, life, open, invoiced, paymentDays };
    });
  const open = documents.filter((d) => d.open);
  const overdue = open.filter((d) => d.row.dateEcheance < today);

  const delays = documents
    .filter((d) => d.row.type !== 'avoir' && remainingDueCents(d.facts) === 0 && d.paymentDays.length > 0)
    .map((d) => daysBetween(d.row.dateEmission, [...d.paymentDays].sort().at(-1) as string));

  const collectedBetween = (from: string, until: string) =>
    sum(confirmed.filter((p) => p.datePaiement >= from && p.datePaiement < until).map((p) => p.amountCents));

  const months = Array.from({ length: 12 }, (_, i) => monthStart(today, i - 11));
  const perClient = new Map<string, { invoiced: number; outstanding: number }>();
  for (const d of documents) {
    const client = perClient.get(d.row.clientId) ?? { invoiced: 0, outstanding: 0 };
    client.invoiced += d.invoiced;
    if (d.open) client.outstanding += d.life.resteCents;
    perClient.set(d.row.clientId, client);
  }
  const name = (id: string) => names.get(id) ?? '';

  const year = today.slice(0, 4);
  return {
    vue: 'professionnel',
    aujourdhui: today,
    encaisseMois: centsToEuros(collectedBetween(monthStart(today), monthStart(today, 1))),
    encaisseAnnee: centsToEuros(collectedBetween(`${year}-01-01`, `${Number(year) + 1}-01-01`)),
    enAttente: centsToEuros(sum(open.map((d) => d.life.resteCents))),
    enRetard: { montant: centsToEuros(sum(overdue.map((d) => d.life.resteCents))), nombre: overdue.length },
    delaiMoyenJours: delays.length === 0 ? null : Math.round(sum(delays) / delays.length),
    mois: months.map((first) => {
      const month = first.slice(0, 7);
      return {
        mois: month,
        facture: centsToEuros(
          sum(documents.filter((d) => d.row.dateEmission.startsWith(month)).map((d) => d.invoiced)),
        ),
        encaisse: centsToEuros(
          sum(confirmed.filter((p) => p.datePaiement.startsWith(month)).map((p) => p.amountCents)),
        ),
      };
    }),
    topClients: [...perClient.entries()]
      .sort(([a, x], [b, y]) => y.invoiced - x.invoiced || (name(a) < name(b) ? -1 : 1))
      .slice(0, 5)
      .map(([clientId, c]) => ({
        clientId,
        nom: name(clientId),
        facture: centsToEuros(c.invoiced),
        enAttente: centsToEuros(c.outstanding),
      })),
    prochainesEcheances: [...open]
      .sort(
        (a, b) =>
          a.row.dateEcheance.localeCompare(b.row.dateEcheance) || (a.row.numero < b.row.numero ? -1 : 1),
      )
      .slice(0, 5)
      .map((d) => ({
        id: d.row.id,
        numero: d.row.numero,
        contrepartie: d.row.clientSnapshot.nom,
        dateEcheance: d.row.dateEcheance,
        resteAPayer: centsToEuros(d.life.resteCents),
        joursRetard: Math.max(0, daysLate(d.row.dateEcheance, today)),
      })),
    aDesFactures: rows.length > 0,
  };
}
