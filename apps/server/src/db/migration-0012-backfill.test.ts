import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/migrations-up-to.js';

/**
 * Issue 17's migration gives every invoice paid before payments existed one confirmed payment of what was
 * due, so « reste à payer » and the dashboard read old invoices like new ones. Proved on a database at the
 * previous migration with real rows, then migrated.
 */
const PREVIOUS = '0011_list_pages_and_originals';

describe('migration 0012: payments of invoices already paid', () => {
  let client: PGlite;
  let database: Awaited<ReturnType<typeof databaseBefore>>;

  beforeAll(async () => {
    database = await databaseBefore(PREVIOUS);
    client = database.client;
    await client.exec(`
      insert into users (id, email, role) values ('00000000-0000-4000-8000-000000000001', 'pro@example.fr', 'professionnel');
      insert into clients (id, owner_id, nom, email) values ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000001', 'Client', 'c@example.fr');
    `);
    const invoice = (id: string, numero: string, extra: Record<string, string>) => {
      const columns = {
        id: `'${id}'`,
        issuer_id: `'00000000-0000-4000-8000-000000000001'`,
        client_id: `'00000000-0000-4000-8000-0000000000c1'`,
        numero: `'${numero}'`,
        year: '2026',
        sequence: numero.slice(-3),
        date_emission: `'2026-03-01'`,
        date_echeance: `'2026-03-31'`,
        delai_paiement: '30',
        lines: `'[]'`,
        total_ht_cents: '10000',
        total_vat_cents: '0',
        total_ttc_cents: '10000',
        issuer_snapshot: `'{}'`,
        client_snapshot: `'{}'`,
        mentions: `'{}'`,
        ...extra,
      };
      return `insert into invoices (${Object.keys(columns).join(', ')}) values (${Object.values(columns).join(', ')});`;
    };
    await client.exec(
      [
        // Paid by the issuer at 23:30 UTC on 14 April: 15 April in Paris.
        invoice('00000000-0000-4000-8000-0000000000a1', 'FAC-2026-001', {
          issuer_status: `'payee'`,
          paid_at: `'2026-04-14T23:30:00Z'`,
          sent_at: `'2026-03-01T10:00:00Z'`,
        }),
        // A final invoice with a deposit of 30 € and a credit note of 20 €, declared paid by its recipient.
        invoice('00000000-0000-4000-8000-0000000000a2', 'FAC-2026-002', {
          prepaid_cents: '3000',
          recipient_status: `'payee'`,
          issuer_status: `'envoyee'`,
          paid_at: `'2026-05-02T08:00:00Z'`,
          sent_at: `'2026-03-01T10:00:00Z'`,
        }),
        invoice('00000000-0000-4000-8000-0000000000a3', 'AV-2026-003', {
          type: `'avoir'`,
          total_ttc_cents: '2000',
          credited_invoice_id: `'00000000-0000-4000-8000-0000000000a2'`,
        }),
        // Unpaid; and one paid but fully credited, which leaves nothing to record.
        invoice('00000000-0000-4000-8000-0000000000a4', 'FAC-2026-004', {
          sent_at: `'2026-03-01T10:00:00Z'`,
        }),
        invoice('00000000-0000-4000-8000-0000000000a5', 'FAC-2026-005', {
          issuer_status: `'payee'`,
          paid_at: `'2026-04-01T10:00:00Z'`,
        }),
        invoice('00000000-0000-4000-8000-0000000000a6', 'AV-2026-006', {
          type: `'avoir'`,
          credited_invoice_id: `'00000000-0000-4000-8000-0000000000a5'`,
        }),
      ].join('\n'),
    );
    await database.migrateToLatest();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('records one confirmed payment of what was due, on the Paris day it was paid, by the side that paid', async () => {
    const { rows } = await client.query<Record<string, unknown>>(`
      select i.numero, p.date_paiement::text as day, p.amount_cents::int as amount, p.method, p.status, p.source
      from payments p join invoices i on i.id = p.invoice_id order by i.numero`);
    expect(rows).toEqual([
      {
        numero: 'FAC-2026-001',
        day: '2026-04-15',
        amount: 10000,
        method: 'autre',
        status: 'confirme',
        source: 'emetteur',
      },
      {
        numero: 'FAC-2026-002',
        day: '2026-05-02',
        amount: 5000,
        method: 'autre',
        status: 'confirme',
        source: 'destinataire',
      },
    ]);
  });

  it('keeps invoices.paid_cents equal to the confirmed payments, and 0 elsewhere', async () => {
    const { rows } = await client.query<Record<string, unknown>>(
      'select numero, paid_cents::int as paid from invoices order by numero',
    );
    expect(rows).toEqual([
      { numero: 'AV-2026-003', paid: 0 },
      { numero: 'AV-2026-006', paid: 0 },
      { numero: 'FAC-2026-001', paid: 10000 },
      { numero: 'FAC-2026-002', paid: 5000 },
      { numero: 'FAC-2026-004', paid: 0 },
      { numero: 'FAC-2026-005', paid: 0 },
    ]);
  });
});
