import type { Invoice } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { createClient, signedInUser } from '../../test/factories.js';
import type { TestApp } from '../../test/harness.js';
import { markInvoiceSent } from '../../test/invoice-requests.js';
import { InvoiceLinks } from '../invoice-link/invoice-link-token.js';
import { runReminderSweep } from './reminder-sweep.js';

/** Paris, mid-morning: the sweep's day is the date written here. */
export const at = (day: string) => new Date(`${day}T10:00:00+01:00`);

export interface SentInvoice {
  token: string;
  issuerId: string;
  issuerEmail: string;
  clientEmail: string;
  invoice: Invoice;
}

/**
 * A professional, a client and an invoice of `euros` TTC issued on the clock's day, due 30 days later,
 * marked sent: what the sweep reminds.
 */
export async function sentInvoice(
  t: TestApp,
  { euros = 1000, business = false }: { euros?: number; business?: boolean } = {},
): Promise<SentInvoice> {
  const { token, user } = await signedInUser(t);
  const client = await createClient(
    t,
    token,
    business
      ? { type: 'entreprise', nom: 'Atelier Dupont SARL', siret: '55210055400021' }
      : { type: 'particulier', nom: 'Jeanne Client' },
  );
  const created = await t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: {
      client: client._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: euros }],
      tauxTVA: 0,
    },
  });
  if (created.statusCode !== 201) throw new Error(`Facture non créée : ${created.body}`);
  const invoice = created.json<Invoice>();
  const sent = await markInvoiceSent(t, token, invoice._id);
  if (sent.statusCode !== 200) throw new Error(`Facture non envoyée : ${sent.body}`);
  return { token, issuerId: user._id, issuerEmail: user.email, clientEmail: client.email, invoice };
}

/** The sweep as the schedule runs it, on the app's clock, for these professionals only. */
export const sweep = (t: TestApp, issuerIds: readonly string[]) =>
  runReminderSweep(
    {
      db: t.database.db,
      mail: t.mail,
      clock: t.clock,
      appUrl: t.config.appUrl,
      invoiceLinks: new InvoiceLinks(t.config.jwtSecret),
      log: t.app.log,
    },
    issuerIds,
  );

const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** The invoice's reminder rows' steps, oldest first. */
export async function stepsOf(t: TestApp, invoiceId: string): Promise<string[]> {
  const result = await t.database.db.execute(
    sql`select step from invoice_reminders where invoice_id = ${invoiceId} order by created_at, id`,
  );
  return rows(result).map((r) => String(r.step));
}

/** E-mails queued to this address in a queue's schema (delivered or not). */
export async function mailsQueuedTo(t: TestApp, email: string, schema = t.jobsSchema): Promise<number> {
  const result = await t.database.db.execute(sql`
    select count(*)::int as n from ${sql.identifier(schema)}.job where name = 'mail' and data->>'to' = ${email}`);
  return Number(rows(result)[0]?.n ?? 0);
}

/** The issuer's notifications of a kind. */
export async function notificationsOf(t: TestApp, userId: string, kind: string): Promise<string[]> {
  const result = await t.database.db.execute(
    sql`select titre from notifications where user_id = ${userId} and kind = ${kind} order by created_at`,
  );
  return rows(result).map((r) => String(r.titre));
}
