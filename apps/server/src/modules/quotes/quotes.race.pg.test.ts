import type { Client, Invoice, Quote } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from '../../db/postgres.js';
import type { Database } from '../../db/types.js';
import { parisDate } from '../../lib/paris-date.js';
import { hashPassword } from '../../lib/password-hash.js';
import {
  clientBody,
  ISSUER_ADDRESS,
  STRONG_PASSWORD,
  uniqueEmail,
  uniqueSiret,
} from '../../test/factories.js';
import { ownPostgresDatabase } from '../../test/own-postgres-database.js';
import { type StartedServer, startServerOn } from '../../test/server-process.js';
import { insertUser } from '../users/users.repo.js';

/*
 * Numbers under concurrent creation on two server processes sharing one PostgreSQL database, as two
 * replicas behind a load balancer (DESIGN §5): quotes in DEV, and invoices, deposits and final invoices
 * in the one FAC series, without gap or duplicate; deposits never above their quote however they race.
 */
const database = ownPostgresDatabase('quotes');
let one: StartedServer;
let two: StartedServer;
let check: Database;

beforeAll(async () => {
  await database.create();
  const env = { JWT_SECRET: 'secret-partage-des-repliques-devis-0123456789' };
  // The first process migrates; the second starts on the migrated database.
  one = await startServerOn(database.url, env);
  two = await startServerOn(database.url, env);
  check = postgresDatabase(database.url, { maxConnections: 2 });
}, 240_000);

afterAll(async () => {
  for (const server of [one, two]) server?.process.child.kill('SIGKILL');
  await check?.close();
  await database.drop();
});

const year = () => parisDate(new Date()).slice(0, 4);
const series = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${year()}-${String(i + 1).padStart(4, '0')}`);

async function call<T>(server: StartedServer, method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** A professional written to the database (a plan granted by an admin: no quota), signed in through process one. */
async function professional(): Promise<string> {
  const email = uniqueEmail('race');
  await insertUser(check.db, {
    email,
    passwordHash: await hashPassword(STRONG_PASSWORD),
    nom: 'Martin',
    prenom: 'Claire',
    role: 'professionnel',
    plan: 'business',
    planGrantedByAdmin: true,
    siret: uniqueSiret(),
    ...ISSUER_ADDRESS,
    emailVerifiedAt: new Date(),
  });
  const res = await fetch(`${one.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STRONG_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const on = (i: number) => (i % 2 ? two : one);
const lignes = [{ description: 'Conseil', quantite: 1, prixUnitaire: 1000 }];

describe('quote and invoice numbers on two processes', () => {
  it('gives DEV and FAC numbers once each, in order, however quotes, deposits and invoices race', async () => {
    const token = await professional();
    const client = (await call<Client>(one, 'POST', '/clients', token, clientBody())).body;
    const quotes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call<Quote>(on(i), 'POST', '/devis', token, { client: client._id, lignes }),
      ),
    );
    expect(quotes.map((r) => r.status)).toEqual(Array(30).fill(201));
    expect(quotes.map((r) => r.body.numero).sort()).toEqual(series('DEV', 30));

    const accepted = quotes.slice(0, 10).map((r) => r.body);
    for (const quote of accepted) {
      const res = await call(one, 'PUT', `/devis/${quote._id}/statut-emetteur`, token, {
        statutEmetteur: 'acceptee',
      });
      expect(res.status).toBe(200);
    }
    // Per accepted quote: two deposits and its final invoice at once, through both processes; and plain
    // invoices beside them. A deposit that comes after its final invoice is refused (409), never numbered.
    const requests = accepted.flatMap((quote, i) => [
      call<Invoice>(on(i), 'POST', `/devis/${quote._id}/acompte`, token, { pourcentage: 30 }),
      call<Invoice>(on(i + 1), 'POST', `/devis/${quote._id}/acompte`, token, { montant: 200 }),
      call<Invoice>(on(i), 'POST', `/devis/${quote._id}/facturer`, token),
      call<Invoice>(on(i + 1), 'POST', '/factures', token, {
        client: client._id,
        delaiPaiement: 30,
        lignes,
        tauxTVA: 0,
      }),
    ]);
    const results = await Promise.all(requests);
    expect(results.filter((r) => r.status !== 201 && r.status !== 409)).toEqual([]);
    const created = results.filter((r) => r.status === 201).map((r) => r.body);
    expect(created.map((invoice) => invoice.numero).sort()).toEqual(series('FAC', created.length));
    // Every final invoice deducts exactly the deposits that were made before it: none came after.
    for (const quote of accepted) {
      const mine = created.filter((invoice) => invoice.devis?._id === quote._id);
      const deposits = mine.filter((invoice) => invoice.type === 'acompte');
      const final = mine.find((invoice) => invoice.type === 'facture');
      expect(final?.acomptes.map((d) => d.numero).sort()).toEqual(deposits.map((d) => d.numero).sort());
      expect(final?.montantAcomptes).toBe(deposits.reduce((sum, d) => sum + d.montantTTC, 0));
    }
    const more = await call<Quote>(two, 'POST', '/devis', token, { client: client._id, lignes });
    expect(more.body.numero).toBe(`DEV-${year()}-0031`);
  }, 120_000);

  it('lets simultaneous deposits on one quote reach its total and no more', async () => {
    const token = await professional();
    const client = (await call<Client>(one, 'POST', '/clients', token, clientBody())).body;
    const quote = (await call<Quote>(one, 'POST', '/devis', token, { client: client._id, lignes })).body;
    await call(two, 'PUT', `/devis/${quote._id}/statut-emetteur`, token, { statutEmetteur: 'acceptee' });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call<Invoice>(on(i), 'POST', `/devis/${quote._id}/acompte`, token, { pourcentage: 30 }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    const read = (await call<Quote>(two, 'GET', `/devis/${quote._id}`, token)).body;
    expect(read.montantAcomptes).toBe(900);
  }, 60_000);
});
