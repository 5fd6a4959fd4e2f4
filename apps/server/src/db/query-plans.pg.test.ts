import { parisDay } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderCandidates } from '../modules/reminders/reminder-candidates.repo.js';
import { invoicesIssuedThisMonth } from '../modules/subscription/quotas.js';
import { createClient, signedInUser } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { markInvoiceSent } from '../test/invoice-requests.js';
import {
  indexesRead,
  nodesOf,
  planOf,
  planTree,
  readsOf,
  type SentStatement,
  sequentialScans,
  statementsSentBy,
} from '../test/query-plans.js';

/*
 * The plans PostgreSQL makes for the statements of the pages that read a professional's whole history (the
 * list, its totals, the dashboard, the receipts book, the FEC) and for the reminder sweep, on a table where
 * that professional has 10,000 invoices among 90,000: each reads the professional's rows through an index,
 * never the whole table, so its cost follows that professional's rows and not everyone's. The statements
 * are the server's own, recorded while it answers over HTTP (test/query-plans.ts), then EXPLAINed with
 * their values after ANALYZE. PostgreSQL only: the plans are its planner's.
 */

/*
 * The professional is a tenth of the table, as one among many is: for a professional owning a fifth of it,
 * reading the whole table is the planner's right choice (its bitmap of 20,000 rows among 100,000 costs more
 * than the sequential read), and no index changes that.
 */
const OWN_INVOICES = 10_000;
const OTHERS = 4;
const OTHERS_INVOICES = 20_000;
const TABLES = ['invoices', 'payments'] as const;

let t: TestApp;
let token: string;
let issuerId: string;

/**
 * `count` copies of an invoice made over HTTP, for `issuer` and `client`, in one INSERT … SELECT: issue
 * dates over two years, and every fifth unsent, two in five paid, one in five half paid, one in fifty
 * disputed, as a working professional's history. Columns read from the catalogue, so a column a migration
 * adds is copied too.
 */
async function cloneHistory(
  templateId: string,
  issuer: string,
  client: string,
  count: number,
): Promise<void> {
  const { rows } = await t.database.executeSql(
    `select column_name from information_schema.columns
     where table_schema = 'public' and table_name = 'invoices' and is_generated = 'NEVER'
     order by ordinal_position`,
  );
  const sent = 'g % 5 <> 0';
  const varied: Record<string, string> = {
    id: 'gen_random_uuid()',
    issuer_id: '$2::uuid',
    client_id: '$3::uuid',
    numero: `'FAC-P-' || g`,
    sequence: 'g',
    year: 'extract(year from current_date - g % 730)::int',
    date_emission: 'current_date - g % 730',
    date_echeance: 'current_date - g % 730 + 30',
    issuer_status: `case when not (${sent}) then 'creee' when g % 5 in (2, 3) then 'payee' else 'envoyee' end`,
    sent_at: `case when ${sent} then now() - g * interval '1 minute' end`,
    issued_at: `case when ${sent} then now() - g * interval '1 minute' end`,
    channel: `case when ${sent} then 'email' end`,
    paid_at: `case when g % 5 in (2, 3) then now() - g * interval '30 seconds' end`,
    paid_cents: `case when g % 5 in (2, 3) then t.total_ttc_cents when g % 5 = 4 then t.total_ttc_cents / 2
      else 0 end`,
    dispute: `case when g % 50 = 1 then 'litige' end`,
    created_at: `now() - g * interval '1 minute'`,
    updated_at: `now() - g * interval '1 minute'`,
  };
  const columns = rows.map((row) => String(row.column_name));
  const values = columns.map((column) => varied[column] ?? `t.${column}`);
  await t.database.executeSql(
    `insert into invoices (${columns.join(', ')})
     select ${values.join(', ')} from invoices t, generate_series(1, $4::int) g where t.id = $1`,
    [templateId, issuer, client, count],
  );
}

/** A confirmed payment for each paid or half-paid copy, 20 days after its issue. */
async function paymentsOfHistory(issuer: string): Promise<void> {
  await t.database.executeSql(
    `insert into payments (invoice_id, issuer_id, date_paiement, amount_cents, method, status, source, confirmed_at)
     select id, issuer_id, date_emission + 20, paid_cents, 'virement', 'confirme', 'emetteur', now()
     from invoices where issuer_id = $1 and paid_cents > 0`,
    [issuer],
  );
}

async function professionalWithHistory(count: number): Promise<{ token: string; id: string }> {
  const pro = await signedInUser(t);
  const client = await createClient(t, pro.token);
  const created = await t.request({
    method: 'POST',
    url: '/api/factures',
    token: pro.token,
    body: {
      client: client._id,
      delaiPaiement: 30,
      objet: 'Accompagnement',
      lignes: [{ description: 'Conseil', quantite: 2, prixUnitaire: 450 }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const templateId = created.json<{ _id: string }>()._id;
  expect((await markInvoiceSent(t, pro.token, templateId)).statusCode).toBe(200);
  await cloneHistory(templateId, pro.user._id, client._id, count);
  await paymentsOfHistory(pro.user._id);
  return { token: pro.token, id: pro.user._id };
}

beforeAll(async () => {
  t = await startTestApp({}, { privateDatabase: true });
  const own = await professionalWithHistory(OWN_INVOICES);
  token = own.token;
  issuerId = own.id;
  for (let i = 0; i < OTHERS; i++) await professionalWithHistory(OTHERS_INVOICES);
  await t.database.executeSql('analyze invoices');
  await t.database.executeSql('analyze payments');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The statements reading invoices or payments that one GET sent, answered 200. */
async function readsOfRequest(url: string): Promise<SentStatement[]> {
  const statements = await statementsSentBy(async () => {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  });
  const reads = readsOf(statements, TABLES);
  expect(reads.length, `aucune lecture des factures pour ${url}`).toBeGreaterThan(0);
  return reads;
}

const year = () => parisDay(t.clock.now()).slice(0, 4);

describe("the plans of a professional's pages at 10,000 invoices among 90,000", () => {
  it.each([
    ['the list page', () => '/api/factures?limit=50'],
    ['the list filtered on overdue', () => '/api/factures?limit=50&status=en_retard'],
    ['the totals', () => '/api/factures/totaux'],
    ['the dashboard', () => '/api/tableau-de-bord'],
    ['the receipts book of the year', () => `/api/livre-recettes?debut=${year()}-01-01&fin=${year()}-12-31`],
    ['the FEC of the year', () => `/api/fec?annee=${year()}`],
  ])(
    '%s reads invoices and payments through their indexes, never a whole table nor in parallel',
    async (_page, url) => {
      for (const statement of await readsOfRequest(url())) {
        const plan = await planOf(t.database, statement);
        expect(sequentialScans(plan, TABLES), `${planTree(plan)}\n${statement.text}`).toEqual([]);
        // Parallel workers are off on the application's sessions (db/postgres.ts): a plan never gathers.
        const gathers = nodesOf(plan).filter((node) => node['Node Type'].startsWith('Gather'));
        expect(gathers, planTree(plan)).toEqual([]);
      }
    },
  );
});

describe('the whole list’s total', () => {
  it('reads the issuer’s counter and its few unissued invoices, not its history', async () => {
    const counts = (await readsOfRequest('/api/factures?limit=50')).filter((s) =>
      /count\(\*\)/i.test(s.text),
    );
    expect(counts).toHaveLength(1);
    const plan = await planOf(t.database, counts[0]!);
    expect(indexesRead(plan), planTree(plan)).toContain('invoices_unissued_idx');
    expect(indexesRead(plan), planTree(plan)).not.toContain('invoices_issuer_page_idx');
  });
});

describe('the free plan’s monthly quota', () => {
  it('reads one month of the issuer’s invoices, bounded by the index, not its history', async () => {
    const statements = await statementsSentBy(async () => {
      await invoicesIssuedThisMonth(t.database.db, { id: issuerId, quotasResetAt: null }, t.clock.now());
    });
    const [count] = readsOf(statements, ['invoices']);
    expect(count).toBeDefined();
    const plan = await planOf(t.database, count!);
    const bounded = nodesOf(plan).filter(
      (node) =>
        node['Index Name'] === 'invoices_issuer_page_idx' && /date_emission/.test(node['Index Cond'] ?? ''),
    );
    expect(bounded, planTree(plan)).toHaveLength(1);
    expect(sequentialScans(plan, TABLES)).toEqual([]);
  });
});

describe('the reminder sweep', () => {
  it('reads the sent, open, undisputed invoices by due date through their partial index', async () => {
    const today = parisDay(t.clock.now());
    const statements = await statementsSentBy(async () => {
      await reminderCandidates(t.database.db, today);
    });
    const [sweep] = readsOf(statements, ['invoices']);
    expect(sweep).toBeDefined();
    const plan = await planOf(t.database, sweep!);
    expect(indexesRead(plan), planTree(plan)).toContain('invoices_reminder_sweep_idx');
    expect(sequentialScans(plan, TABLES)).toEqual([]);
  });

  it('finds due invoices as before (the index changes the path, not the answer)', async () => {
    const today = parisDay(t.clock.now());
    const candidates = await reminderCandidates(t.database.db, today, [issuerId]);
    const { rows } = await t.database.executeSql(
      `select count(*)::int as n from invoices where issuer_id = $1 and sent_at is not null`,
      [issuerId],
    );
    expect(Number(rows[0]?.n)).toBeGreaterThan(candidates.length);
    expect(candidates.length).toBeGreaterThan(0);
  });
});
