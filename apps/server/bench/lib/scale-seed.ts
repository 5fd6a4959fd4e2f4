import { performance } from 'node:perf_hooks';
import { SERIES_OF } from '@facturo/shared';
import argon2 from 'argon2';
import pg from 'pg';
import { templateRow } from './copy-rows.js';
import { callJson } from './http.js';
import { copyInvoices, InvoiceCopier, type Templates } from './scale-invoices.js';
import { copyPeople, emailOf, siretOf } from './scale-people.js';
import type { ScaleShape } from './scale-plan.js';
import { BENCH_PASSWORD, invoiceBody, signedInProfessional } from './seed.js';

export interface ScaleSeeded {
  /** The professional whose requests are measured, signed in on this database's server. */
  measured: { id: string; token: string; clientId: string };
  professionals: number;
  invoices: number;
  payments: number;
  clients: number;
  seconds: number;
}

/**
 * One invoice made over HTTP by a professional of its own, marked sent and credited: every column of the rows
 * the bench copies is taken from it unless the plan decides it.
 */
async function makeTemplates(db: pg.Client, base: string, passwordHash: string): Promise<Templates> {
  const { token, clientId } = await signedInProfessional(db, base, {
    email: 'modele@bench.facturo.test',
    siret: siretOf(0),
    clientEmail: 'compta@atelier.test',
    passwordHash,
  });
  const invoice = await callJson<{ _id: string }>(
    base,
    { method: 'POST', path: '/api/factures', token, body: invoiceBody(clientId) },
    201,
  );
  await callJson(
    base,
    {
      method: 'PUT',
      path: `/api/factures/${invoice._id}/statut-emetteur`,
      token,
      body: { statutEmetteur: 'envoyee' },
    },
    200,
  );
  const credit = await callJson<{ _id: string }>(
    base,
    {
      method: 'POST',
      path: `/api/factures/${invoice._id}/avoir`,
      token,
      body: { motif: 'Erreur de facturation' },
    },
    201,
  );
  return {
    invoice: await templateRow(db, 'invoices', invoice._id),
    credit: await templateRow(db, 'invoices', credit._id),
  };
}

/** The counters the triggers would have kept, written once from the rows (as migration 0025 did). */
async function setCounters(db: pg.Client): Promise<void> {
  // Each document type's series, from the one rule (SERIES_OF) the server numbers with.
  const seriesOfType = `CASE type ${Object.entries(SERIES_OF)
    .map(([type, series]) => `WHEN '${type}' THEN '${series}'`)
    .join(' ')} END`;
  await db.query(`
    INSERT INTO issuer_counts (issuer_id, invoices)
    SELECT issuer_id, count(*)::int FROM invoices GROUP BY issuer_id
    ON CONFLICT (issuer_id) DO UPDATE SET invoices = EXCLUDED.invoices`);
  await db.query(`
    INSERT INTO invoice_counters (issuer_id, series, year, last_number)
    SELECT issuer_id, ${seriesOfType}, year, max(sequence)
    FROM invoices GROUP BY 1, 2, 3
    ON CONFLICT (issuer_id, series, year) DO UPDATE SET last_number = EXCLUDED.last_number`);
}

/**
 * `shape.invoices` invoices over `shape.professionals` professionals, written by COPY with the triggers off
 * (session_replication_role = replica, a superuser's setting: the foreign keys hold by construction and the
 * counters are set once at the end), then vacuumed and analysed as a database in use would be.
 */
export async function seedScale(databaseUrl: string, base: string, shape: ScaleShape): Promise<ScaleSeeded> {
  const start = performance.now();
  const db = new pg.Client({ connectionString: databaseUrl });
  const second = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await second.connect();
  try {
    // One hash for every account: argon2 is slow on purpose, and the bench signs in as the measured one only.
    const passwordHash = await argon2.hash(BENCH_PASSWORD, { type: argon2.argon2id });
    const templates = await makeTemplates(db, base, passwordHash);
    for (const c of [db, second]) await c.query('SET session_replication_role = replica');
    const issuerTemplate = JSON.parse(templates.invoice.get('issuer_snapshot') ?? '{}') as Record<
      string,
      unknown
    >;
    const clientTemplate = JSON.parse(templates.invoice.get('client_snapshot') ?? '{}') as Record<
      string,
      unknown
    >;
    const professionals = await copyPeople(
      db,
      shape.professionals,
      passwordHash,
      issuerTemplate,
      clientTemplate,
    );
    const copier = new InvoiceCopier(db, second, templates, professionals);
    await copyInvoices(copier, professionals, shape);
    const invoices = await copier.invoices.end();
    const payments = await copier.payments.end();
    for (const c of [db, second]) await c.query('SET session_replication_role = DEFAULT');
    await setCounters(db);
    await db.query('VACUUM ANALYZE users, clients, invoices, payments, issuer_counts, invoice_counters');
    const measured = professionals[0]!;
    const { token } = await callJson<{ token: string }>(
      base,
      { method: 'POST', path: '/api/auth/login', body: { email: emailOf(0), password: BENCH_PASSWORD } },
      200,
    );
    return {
      measured: { id: measured.id, token, clientId: measured.clientIds[0]! },
      professionals: professionals.length,
      invoices,
      payments,
      clients: professionals.reduce((total, p) => total + p.clientIds.length, 0),
      seconds: (performance.now() - start) / 1000,
    };
  } finally {
    await second.end();
    await db.end();
  }
}
