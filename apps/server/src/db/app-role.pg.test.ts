import { randomUUID } from 'node:crypto';
import type { JournalVerification } from '@facturo/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/password-hash.js';
import { insertUser } from '../modules/users/users.repo.js';
import {
  CLIENT_ADDRESS,
  ISSUER_ADDRESS,
  STRONG_PASSWORD,
  uniqueEmail,
  uniqueSiret,
} from '../test/factories.js';
import { ownPostgresDatabase } from '../test/own-postgres-database.js';
import { type StartedServer, startServerOn } from '../test/server-process.js';
import { postgresDatabase } from './postgres.js';

/*
 * The production set-up of README « Database roles »: the tables belong to an owner role that only runs the
 * migrations (DATABASE_MIGRATION_URL); the server's pool (DATABASE_URL) uses a role with data rights alone.
 * The server works so; its role cannot turn the journal's triggers off, nor delete, rewrite or move back
 * what they protect; and a tail deleted by a superuser (triggers off) is still reported.
 */

const database = ownPostgresDatabase('roles');
const suffix = randomUUID().replace(/-/g, '').slice(0, 8);
const OWNER = `facturo_owner_${suffix}`;
const APP = `facturo_app_${suffix}`;
const urlAs = (role: string) => {
  const url = new URL(database.url);
  url.username = role;
  return url.toString();
};
const dbName = new URL(database.url).pathname.slice(1);

/** The statements of README « Database roles », with this test's names (trust authentication: no password). */
async function createRoles(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  await database.withClient(async (admin) => {
    await admin.query(`CREATE ROLE ${OWNER} LOGIN`);
    await admin.query(`CREATE ROLE ${APP} LOGIN`);
    await admin.query(`ALTER DATABASE ${dbName} OWNER TO ${OWNER}`);
    await admin.query(`REVOKE ALL ON DATABASE ${dbName} FROM PUBLIC`);
    await admin.query(`GRANT CONNECT, TEMPORARY, CREATE ON DATABASE ${dbName} TO ${APP}`);
  }, serverUrl);
  await database.withClient(async (owner) => {
    await owner.query(`GRANT USAGE ON SCHEMA public TO ${APP}`);
    await owner.query(
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${OWNER} IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP}`,
    );
    await owner.query(
      `ALTER DEFAULT PRIVILEGES FOR ROLE ${OWNER} IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${APP}`,
    );
  }, urlAs(OWNER));
}

let server: StartedServer | undefined;

beforeAll(async () => {
  await database.create();
  await createRoles();
  server = await startServerOn(urlAs(APP), { DATABASE_MIGRATION_URL: urlAs(OWNER) });
}, 180_000);

afterAll(async () => {
  server?.process.child.kill('SIGTERM');
  await server?.process.exited;
  await database.drop();
  await database.withClient(async (admin) => {
    await admin.query(`DROP ROLE IF EXISTS ${APP}`);
    await admin.query(`DROP ROLE IF EXISTS ${OWNER}`);
  }, process.env.TEST_DATABASE_URL);
});

async function api(method: string, url: string, token: string, body?: unknown): Promise<Response> {
  return fetch(`${server?.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
}

/** A professional written by the owner (as the factories do), signed in over HTTP. */
async function signIn(): Promise<{ id: string; token: string }> {
  const owner = postgresDatabase(urlAs(OWNER), { maxConnections: 1 });
  try {
    const user = await insertUser(owner.db, {
      email: uniqueEmail('roles'),
      passwordHash: await hashPassword(STRONG_PASSWORD),
      nom: 'Martin',
      prenom: 'Claire',
      role: 'professionnel',
      siret: uniqueSiret(),
      ...ISSUER_ADDRESS,
      plan: 'essai',
      trialEndsAt: new Date(Date.now() + 15 * 24 * 3600 * 1000),
      emailVerifiedAt: new Date(),
    });
    if (!user) throw new Error('insertUser a échoué');
    const res = await fetch(`${server?.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: STRONG_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return { id: user.id, token: ((await res.json()) as { token: string }).token };
  } finally {
    await owner.close();
  }
}

/** One invoice created over HTTP: one journal entry (its number). */
async function invoice(token: string): Promise<void> {
  const client = await api('POST', '/api/clients', token, {
    nom: 'Boulangerie Martin',
    email: uniqueEmail('client'),
    adresse: CLIENT_ADDRESS,
  });
  expect(client.status, await client.clone().text()).toBe(201);
  const created = await api('POST', '/api/factures', token, {
    client: ((await client.json()) as { _id: string })._id,
    delaiPaiement: 30,
    lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 100 }],
    tauxTVA: 0,
  });
  expect(created.status, await created.clone().text()).toBe(201);
}

async function verification(token: string): Promise<JournalVerification> {
  const res = await api('GET', '/api/journal/verification', token);
  expect(res.status).toBe(200);
  return (await res.json()) as JournalVerification;
}

/** The error PostgreSQL answers `statement` with, on the application's own role. */
async function refusalAsApp(statement: string): Promise<{ code?: string; message: string }> {
  return database.withClient(async (client: pg.Client) => {
    try {
      await client.query(statement);
    } catch (error) {
      return error as { code?: string; message: string };
    }
    throw new Error(`accepté : ${statement}`);
  }, urlAs(APP));
}

describe('the application on a role with data rights alone', () => {
  it('migrates through the owner, works, and cannot undo the journal; a superuser’s deletion is reported', async () => {
    const owners = await database.withClient(async (admin) => {
      const { rows } = await admin.query<{ name: string; owner: string }>(
        `SELECT c.relname AS name, pg_get_userbyid(c.relowner) AS owner FROM pg_class c
          WHERE c.relname IN ('journal_entries', 'journal_heads', 'users') ORDER BY c.relname`,
      );
      return rows;
    });
    expect(owners).toEqual([
      { name: 'journal_entries', owner: OWNER },
      { name: 'journal_heads', owner: OWNER },
      { name: 'users', owner: OWNER },
    ]);

    const issuer = await signIn();
    await invoice(issuer.token);
    await invoice(issuer.token);
    expect(await verification(issuer.token)).toMatchObject({ valide: true, evenements: 2 });

    const where = `WHERE issuer_id = '${issuer.id}'`;
    // Turning the triggers off takes the table's owner, or a superuser.
    for (const statement of [
      'ALTER TABLE journal_entries DISABLE TRIGGER ALL',
      'ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_append_only',
      'ALTER TABLE journal_heads DISABLE TRIGGER journal_heads_forward_only',
      'DROP TRIGGER journal_entries_append_only ON journal_entries',
      'SET session_replication_role = replica',
      'TRUNCATE journal_entries',
    ]) {
      expect(await refusalAsApp(statement), statement).toMatchObject({ code: '42501' });
    }
    // With the triggers on, the rows they guard stay as they are.
    for (const statement of [
      `DELETE FROM journal_entries ${where}`,
      `UPDATE journal_entries SET content = '{}' ${where}`,
      `DELETE FROM journal_heads ${where}`,
      `UPDATE journal_heads SET seq = 1, hash = (SELECT hash FROM journal_entries ${where} AND seq = 1) ${where}`,
    ]) {
      expect(await refusalAsApp(statement), statement).toMatchObject({ code: '23001' });
    }
    expect(await verification(issuer.token)).toMatchObject({ valide: true, evenements: 2 });

    // A superuser can still turn them off: the deleted tail no longer reaches the head.
    await database.withClient(async (admin) => {
      await admin.query('BEGIN');
      await admin.query('SET LOCAL session_replication_role = replica');
      await admin.query(`DELETE FROM journal_entries ${where} AND seq = 2`);
      await admin.query('COMMIT');
    });
    const broken = {
      valide: false,
      evenements: 1,
      premiereRupture: {
        seq: 2,
        date: null,
        raison: 'entrée manquante : la n° 2, la dernière enregistrée, a disparu de la fin du registre',
      },
    };
    expect(await verification(issuer.token)).toEqual(broken);
    // The server keeps working; its next entry follows the head, so the hole stays.
    await invoice(issuer.token);
    expect(await verification(issuer.token)).toMatchObject({
      valide: false,
      evenements: 1,
      premiereRupture: { seq: 2, raison: 'entrée manquante : la n° 2 a disparu du registre' },
    });
  });
});
