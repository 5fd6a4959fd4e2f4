import type { Client, Conversation, Invoice, Message } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from '../../db/postgres.js';
import type { Database } from '../../db/types.js';
import { insertUser } from '../../modules/users/users.repo.js';
import {
  clientBody,
  ISSUER_ADDRESS,
  STRONG_PASSWORD,
  uniqueEmail,
  uniqueSiret,
} from '../../test/factories.js';
import { ownPostgresDatabase } from '../../test/own-postgres-database.js';
import { type StartedServer, startServerOn, until } from '../../test/server-process.js';
import { hashPassword } from '../password-hash.js';
import { type EventStream, openEventStream, type ReceivedEvent } from './events-test-helpers.js';
import { LISTENER_APPLICATION_NAME } from './listener.js';
import { publishEvents } from './publish.js';

/**
 * Two real server processes on one PostgreSQL database of their own, as two replicas behind a load
 * balancer: an event committed through one reaches a stream held by the other (LISTEN/NOTIFY), also
 * after the listening connections were killed.
 */
const database = ownPostgresDatabase('live');
const dbUrl = database.url;
/** The issue's bar: a user on replica A sees what happened through replica B within a second. */
const WITHIN_A_SECOND = 1_000;

type Replica = StartedServer;

const startReplica = () => startServerOn(dbUrl, { JWT_SECRET: 'secret-partage-des-repliques-0123456789' });

let check: Database;
let one: Replica;
let two: Replica;
const streams: EventStream[] = [];

beforeAll(async () => {
  await database.create();
  // The first replica migrates; the second starts on the migrated database (as a rollout would).
  one = await startReplica();
  two = await startReplica();
  check = postgresDatabase(dbUrl, { maxConnections: 2 });
}, 240_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  for (const replica of [one, two]) replica?.process.child.kill('SIGKILL');
  await check?.close();
  await database.drop();
});

/** A confirmed account written to the database, signed in through `replica`. */
async function signIn(
  replica: Replica,
  values: { role: 'professionnel' | 'particulier' },
): Promise<{ id: string; email: string; token: string }> {
  const email = uniqueEmail('live');
  const user = await insertUser(check.db, {
    email,
    passwordHash: await hashPassword(STRONG_PASSWORD),
    nom: 'Martin',
    prenom: 'Claire',
    role: values.role,
    siret: values.role === 'professionnel' ? uniqueSiret() : null,
    ...ISSUER_ADDRESS,
    emailVerifiedAt: new Date(),
  });
  if (!user) throw new Error('insertUser a échoué');
  const res = await call(replica, 'POST', '/api/auth/login', undefined, { email, password: STRONG_PASSWORD });
  expect(res.status).toBe(200);
  return { id: user.id, email, token: ((await res.json()) as { token: string }).token };
}

function call(replica: Replica, method: string, url: string, token?: string, body?: unknown) {
  return fetch(`${replica.baseUrl}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function open(replica: Replica, token: string): Promise<EventStream> {
  const stream = await openEventStream(replica.baseUrl, { token });
  streams.push(stream);
  expect(stream.status).toBe(200);
  await until('le flux est ouvert', () => (stream.text().startsWith('retry: ') ? true : undefined));
  return stream;
}

/** The backends LISTENing for the replicas, as pg_stat_activity shows them. */
async function listenerPids(): Promise<number[]> {
  const { rows } = await check.executeSql(
    'select pid from pg_stat_activity where datname = current_database() and application_name = $1',
    [LISTENER_APPLICATION_NAME],
  );
  return rows.map((row) => Number(row.pid));
}

describe('live events across two server processes', () => {
  let issuer: { id: string; token: string };
  let recipient: { id: string; email: string; token: string };
  let invoice: Invoice;
  let recipientStream: EventStream;

  it('a stream on process 1 receives, within a second, an invoice sent through process 2', async () => {
    issuer = await signIn(two, { role: 'professionnel' });
    recipient = await signIn(one, { role: 'particulier' });
    const clientRes = await call(
      two,
      'POST',
      '/api/clients',
      issuer.token,
      clientBody({ email: recipient.email }),
    );
    expect(clientRes.status).toBe(201);
    const client = (await clientRes.json()) as Client;
    const created = await call(two, 'POST', '/api/factures', issuer.token, {
      client: client._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 100 }],
      tauxTVA: 0,
    });
    expect(created.status).toBe(201);
    invoice = (await created.json()) as Invoice;

    recipientStream = await open(one, recipient.token);
    const sent = await call(two, 'POST', `/api/factures/${invoice._id}/send-internal`, issuer.token);
    expect(sent.status).toBe(200);
    const event = await recipientStream.waitFor(
      'invoice.received sur le processus 1',
      (e) => e.event === 'invoice.received',
      WITHIN_A_SECOND,
    );
    expect(event.data).toEqual({ factureId: invoice._id, numero: invoice.numero });
  });

  it('a message posted through process 2 reaches, within a second, the other party’s stream on process 1', async () => {
    const opened = await call(two, 'POST', `/api/factures/${invoice._id}/conversation`, issuer.token);
    expect(opened.status).toBe(200);
    const conversation = (await opened.json()) as Conversation;
    const posted = await call(two, 'POST', `/api/conversations/${conversation._id}/messages`, issuer.token, {
      contenu: 'Bonjour,\nla facture est-elle bien arrivée ?',
    });
    expect(posted.status).toBe(201);
    const message = (await posted.json()) as Message;
    const created = await recipientStream.waitFor(
      'message.created sur le processus 1',
      (e) => e.event === 'message.created',
      WITHIN_A_SECOND,
    );
    expect(created.data).toEqual({ conversationId: conversation._id, messageId: message._id });
    const count = await recipientStream.waitFor(
      'unread.changed sur le processus 1',
      (e) => e.event === 'unread.changed',
      WITHIN_A_SECOND,
    );
    expect(count.data).toEqual({ count: 1 });
  });

  it('an event committed straight to the database reaches both processes’ streams', async () => {
    const onTwo = await open(two, recipient.token);
    await check.db.transaction((tx) =>
      publishEvents(tx, [{ userId: recipient.id, type: 'unread.changed', data: { count: 5 } }]),
    );
    const five = (e: ReceivedEvent) =>
      e.event === 'unread.changed' && (e.data as { count: number }).count === 5;
    for (const stream of [recipientStream, onTwo])
      await stream.waitFor('unread.changed', five, WITHIN_A_SECOND);
    onTwo.close();
  });

  it('after the listening connections are killed, what is published next still arrives', async () => {
    const before = await until('les deux processus écoutent', async () => {
      const pids = await listenerPids();
      return pids.length === 2 ? pids : undefined;
    });
    const { rows } = await check.executeSql(
      // With a timeout it returns once the backend is gone: the NOTIFY below finds nobody listening.
      'select pg_terminate_backend(pid, 5000) as done from unnest($1::int[]) pid',
      [before],
    );
    expect(rows.every((row) => row.done === true)).toBe(true);

    // Published at once, while the listeners may still be away: their catch-up reads it.
    const marked = await call(two, 'PUT', `/api/factures/${invoice._id}/statut-emetteur`, issuer.token, {
      statutEmetteur: 'payee',
    });
    expect(marked.status).toBe(200);
    const event = await recipientStream.waitFor(
      'invoice.status_changed après la coupure',
      (e) => e.event === 'invoice.status_changed',
      15_000,
    );
    expect(event.data).toEqual({
      factureId: invoice._id,
      statutEmetteur: null,
      statutDestinataire: 'non_vue',
    });

    // Both listen again, on new connections, and live delivery is back to its usual pace.
    await until('les écoutes sont rétablies', async () => {
      const pids = await listenerPids();
      return pids.length === 2 && pids.every((pid) => !before.includes(pid)) ? true : undefined;
    });
    await check.db.transaction((tx) =>
      publishEvents(tx, [{ userId: recipient.id, type: 'unread.changed', data: { count: 6 } }]),
    );
    await recipientStream.waitFor(
      'unread.changed après la reconnexion',
      (e) => e.event === 'unread.changed' && (e.data as { count: number }).count === 6,
      WITHIN_A_SECOND,
    );
    // Each event once, in order, across the cut.
    const ids = recipientStream.events.map((e) => Number(e.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('a stopping process ends its streams and exits cleanly', async () => {
    one.process.child.kill('SIGTERM');
    await recipientStream.ended;
    expect(await one.process.exited).toEqual({ code: 0, signal: null });
  });
});
