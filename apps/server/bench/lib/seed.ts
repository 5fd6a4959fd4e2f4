import argon2 from 'argon2';
import pg from 'pg';
import { callJson } from './http.js';

/** How many issuers create invoices at once in the creation measures (the issue's « 16 issuers »). */
export const ISSUERS = 16;
/** The professional whose list the list measures read. */
export const LIST_SIZE = 10_000;
/** Issued invoices the PDF downloads cycle through. */
const DOWNLOADED = 20;
export const BENCH_PASSWORD = 'Bench!Facturo2026';

export interface Account {
  id: string;
  email: string;
  token: string;
  /** The login answer's user, as the web app keeps it in local storage. */
  user: unknown;
  clientId: string;
}

export interface Seeded {
  /** LIST_SIZE invoices; `newestId` is the first row of its list. */
  list: Account & { newestId: string };
  /** One invoice, `newestId`: the browser's reference page. */
  single: Account & { newestId: string };
  /** ISSUERS professionals with one client each, who create invoices. */
  issuers: Account[];
  /** Issued (sent) invoices of one more professional, whose PDFs are downloaded. */
  downloads: { account: Account; invoiceIds: string[] };
}

/** The body of POST /api/factures: five lines, as the issue's typical invoice. */
export function invoiceBody(clientId: string): Record<string, unknown> {
  return {
    client: clientId,
    objet: 'Accompagnement du projet',
    delaiPaiement: 30,
    lignes: Array.from({ length: 5 }, (_, i) => ({
      description: `Prestation de conseil n°${i + 1} — atelier « stratégie »`,
      quantite: 1.5,
      prixUnitaire: 123.45,
    })),
  };
}

/** 13 random digits and the Luhn check digit: a SIRET the rules accept, unique for the bench. */
function randomSiret(): string {
  const digits = Array.from({ length: 13 }, () => Math.floor(Math.random() * 10));
  const luhn = (withCheck: number[]) =>
    withCheck
      .slice()
      .reverse()
      .reduce((total, d, i) => total + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  const check = [...Array(10).keys()].find((c) => luhn([...digits, c]) % 10 === 0) ?? 0;
  return [...digits, check].join('');
}

/**
 * A professional and one client written straight to the database (confirmed, in their unlimited trial), then
 * signed in over HTTP: the bench is about lists, documents and writes, not sign-up.
 */
export async function signedInProfessional(
  db: pg.Client,
  base: string,
  who: { email: string; siret: string; clientEmail: string; passwordHash: string },
): Promise<Account> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, nom, prenom, role, siret, adresse, code_postal, ville,
       email_verified_at, plan, trial_ends_at)
     VALUES ($1, $2, 'Martin', 'Claire', 'professionnel', $3, '12 rue des Lilas', '75011', 'Paris', now(),
       'essai', now() + interval '15 days')
     RETURNING id`,
    [who.email, who.passwordHash, who.siret],
  );
  const id = rows[0]!.id;
  const client = await db.query<{ id: string }>(
    `INSERT INTO clients (owner_id, nom, email, siret, rue, code_postal, ville, pays, type)
     VALUES ($1, 'Atelier Lumière', $2, '55210055400021', '3 place du Marché', '69002', 'Lyon', 'FR', 'entreprise')
     RETURNING id`,
    [id, who.clientEmail],
  );
  const login = await callJson<{ token: string; user: unknown }>(
    base,
    { method: 'POST', path: '/api/auth/login', body: { email: who.email, password: BENCH_PASSWORD } },
    200,
  );
  return { id, email: who.email, token: login.token, user: login.user, clientId: client.rows[0]!.id };
}

async function accounts(db: pg.Client, base: string, label: string, n: number): Promise<Account[]> {
  const passwordHash = await argon2.hash(BENCH_PASSWORD, { type: argon2.argon2id });
  const made: Account[] = [];
  for (let i = 0; i < n; i++) {
    made.push(
      await signedInProfessional(db, base, {
        email: `${label}-${i}@bench.facturo.test`,
        siret: randomSiret(),
        clientEmail: `compta-${label}-${i}@atelier.test`,
        passwordHash,
      }),
    );
  }
  return made;
}

async function createInvoice(base: string, account: Account): Promise<{ _id: string; numero: string }> {
  return callJson(
    base,
    { method: 'POST', path: '/api/factures', token: account.token, body: invoiceBody(account.clientId) },
    201,
  );
}

/**
 * LIST_SIZE − 1 copies of one invoice made over HTTP (so every column holds what the server writes),
 * in one INSERT … SELECT over generate_series: issue dates spread over 320 days with many on the same
 * day (the keyset's tie-breaks), a mix of statuses. The columns are read from the catalogue, so a column
 * added by a migration is copied too.
 */
async function cloneInvoices(db: pg.Client, templateId: string): Promise<void> {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = 'invoices' AND is_generated = 'NEVER'
     ORDER BY ordinal_position`,
  );
  const varied: Record<string, string> = {
    id: 'gen_random_uuid()',
    numero: `'FAC-' || extract(year FROM current_date - g % 320)::int || '-' || lpad(g::text, 5, '0')`,
    year: 'extract(year FROM current_date - g % 320)::int',
    sequence: 'g',
    date_emission: 'current_date - g % 320',
    date_echeance: 'current_date - g % 320 + 30',
    issuer_status: `(ARRAY['creee', 'envoyee', 'payee', 'envoyee'])[1 + g % 4]`,
    sent_at: `CASE WHEN g % 4 = 0 THEN NULL ELSE now() - g * interval '1 minute' END`,
    paid_at: `CASE WHEN g % 4 = 2 THEN now() - g * interval '30 seconds' ELSE NULL END`,
    created_at: `now() - g * interval '1 minute'`,
    updated_at: `now() - g * interval '1 minute'`,
  };
  const columns = rows.map((r) => r.column_name);
  const values = columns.map((c) => varied[c] ?? `t.${c}`);
  await db.query(
    `INSERT INTO invoices (${columns.join(', ')})
     SELECT ${values.join(', ')} FROM invoices t, generate_series(2, $2::int) g WHERE t.id = $1`,
    [templateId, LIST_SIZE],
  );
  await db.query('ANALYZE invoices');
}

export async function seed(databaseUrl: string, base: string): Promise<Seeded> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const [listAccount] = await accounts(db, base, 'liste', 1);
    const [singleAccount] = await accounts(db, base, 'une', 1);
    const [downloadAccount] = await accounts(db, base, 'pdf', 1);
    const issuers = await accounts(db, base, 'emetteur', ISSUERS);
    const template = await createInvoice(base, listAccount!);
    await cloneInvoices(db, template._id);
    const single = await createInvoice(base, singleAccount!);
    const invoiceIds: string[] = [];
    for (let i = 0; i < DOWNLOADED; i++) {
      const invoice = await createInvoice(base, downloadAccount!);
      await callJson(
        base,
        {
          method: 'PUT',
          path: `/api/factures/${invoice._id}/statut-emetteur`,
          token: downloadAccount!.token,
          body: { statutEmetteur: 'envoyee' },
        },
        200,
      );
      invoiceIds.push(invoice._id);
    }
    return {
      list: { ...listAccount!, newestId: template._id },
      single: { ...singleAccount!, newestId: single._id },
      issuers,
      downloads: { account: downloadAccount!, invoiceIds },
    };
  } finally {
    await db.end();
  }
}
