import type { Invoice } from '@facturo/shared';
import { liveEventDataSchemas } from '@facturo/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents } from '../../db/schema.js';
import { clientWithInvoice, createClient, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { until } from '../../test/server-process.js';
import { MAX_STREAMS_PER_USER } from './events.routes.js';
import { type EventStream, openEventStream } from './events-test-helpers.js';
import { LIVE_EVENTS_RETENTION_MS, purgeLiveEvents, REPLAY_LIMIT } from './live-events.repo.js';
import { publishEvents } from './publish.js';

/**
 * GET /api/events over a real socket (app.inject waits for the end of a response, which a stream
 * never reaches), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL through the LISTEN connection.
 */

let t: TestApp;
let baseUrl: string;
const streams: EventStream[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('pas de port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t?.close();
});

async function open(token: string, lastEventId?: string): Promise<EventStream> {
  const stream = await openEventStream(baseUrl, { token, lastEventId });
  streams.push(stream);
  expect(stream.status).toBe(200);
  // Subscribed once the first bytes are out (the retry field is written after the resume is read).
  await until('le flux est ouvert', () => (stream.text().startsWith('retry: ') ? true : undefined));
  return stream;
}

/** Commits one event for `userId` as a writer would: in its transaction, with NOTIFY. */
async function publish(userId: string, count: number): Promise<void> {
  await t.database.db.transaction((tx) =>
    publishEvents(tx, [{ userId, type: 'unread.changed', data: { count } }]),
  );
}

describe('GET /api/events', () => {
  it('answers 401 without a bearer token, or with a token in the query string only', async () => {
    const { token } = await signedInUser(t);
    const anonymous = await openEventStream(baseUrl);
    expect(anonymous.status).toBe(401);
    await anonymous.ended;
    expect(JSON.parse(anonymous.text()).errorType).toBe('unauthorized');
    const res = await fetch(`${baseUrl}/api/events?token=${token}`);
    expect(res.status).toBe(401);
    await res.arrayBuffer();
  });

  it('streams uncompressed, unbuffered Server-Sent Events with a retry delay', async () => {
    const { token } = await signedInUser(t);
    const stream = await openEventStream(baseUrl, { token, acceptEncoding: 'gzip, br' });
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('cache-control')).toContain('no-transform');
    expect(stream.headers.get('content-encoding')).toBeNull();
    await until('le champ retry', () => (stream.text() === 'retry: 3000\n\n' ? true : undefined));
    stream.close();
  });

  it('delivers an event committed in a transaction, with its id, type and data', async () => {
    const { token, user } = await signedInUser(t);
    const stream = await open(token);
    await publish(user._id, 3);
    const event = await stream.waitFor('unread.changed', (e) => e.event === 'unread.changed');
    expect(event.data).toEqual({ count: 3 });
    expect(event.id).toMatch(/^\d+$/);
    expect(stream.text()).toContain(`id: ${event.id}\nevent: unread.changed\ndata: {"count":3}\n\n`);
  });

  it('catches up, after a lost listener, an event that committed after a later one (out of id order)', async () => {
    const { token, user } = await signedInUser(t);
    const stream = await open(token);
    // A transaction takes its id first…
    const early = await t.database.executeSql(
      "select nextval(pg_get_serial_sequence('live_events', 'id'))::text as id",
    );
    const earlyId = Number(early.rows[0]?.id);
    // …another one commits after it, and is delivered…
    await publish(user._id, 2);
    await stream.waitFor('le second', (e) => (e.data as { count: number }).count === 2);
    // …then the first commits while the listener is away: its NOTIFY is never heard.
    await t.database.executeSql(
      `insert into live_events (id, user_id, type, data) overriding system value
       values ($1, $2, 'unread.changed', '{"count":1}'::jsonb)`,
      [earlyId, user._id],
    );
    t.app.liveEvents.catchUp();
    const late = await stream.waitFor(
      'le premier, rattrapé',
      (e) => (e.data as { count: number }).count === 1,
    );
    expect(Number(late.id)).toBe(earlyId);
    // A second catch-up sends nothing twice.
    await publish(user._id, 3);
    t.app.liveEvents.catchUp();
    await stream.waitFor('le troisième', (e) => (e.data as { count: number }).count === 3);
    await publish(user._id, 4);
    await stream.waitFor('le quatrième', (e) => (e.data as { count: number }).count === 4);
    expect(stream.events.map((e) => (e.data as { count: number }).count)).toEqual([2, 1, 3, 4]);
  });

  it('never delivers an event whose transaction rolled back', async () => {
    const { token, user } = await signedInUser(t);
    const stream = await open(token);
    await expect(
      t.database.db.transaction(async (tx) => {
        await publishEvents(tx, [{ userId: user._id, type: 'unread.changed', data: { count: 1 } }]);
        throw new Error('annulée');
      }),
    ).rejects.toThrow('annulée');
    await publish(user._id, 2);
    // Events leave in the order they were announced: had the first arrived, it would be before.
    await stream.waitFor('l’événement validé', (e) => (e.data as { count: number }).count === 2);
    expect(stream.events.map((e) => e.data)).toEqual([{ count: 2 }]);
  });

  it('sends a user only their own events', async () => {
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    const aliceStream = await open(alice.token);
    const bobStream = await open(bob.token);
    await publish(bob.user._id, 7);
    await publish(alice.user._id, 1);
    await aliceStream.waitFor('l’événement d’Alice', (e) => e.event === 'unread.changed');
    await bobStream.waitFor('l’événement de Bob', (e) => e.event === 'unread.changed');
    expect(aliceStream.events.map((e) => e.data)).toEqual([{ count: 1 }]);
    expect(bobStream.events.map((e) => e.data)).toEqual([{ count: 7 }]);
  });

  it('resumes after Last-Event-ID with what was missed, then goes on live', async () => {
    const { token, user } = await signedInUser(t);
    const first = await open(token);
    await publish(user._id, 1);
    const seen = await first.waitFor('le premier', (e) => e.event === 'unread.changed');
    first.close();
    await until('le flux fermé est désabonné', () =>
      t.app.liveEvents.subscriberCount(user._id) === 0 ? true : undefined,
    );
    await publish(user._id, 2);
    await publish(user._id, 3);
    const resumed = await open(token, seen.id);
    await resumed.waitFor('les manqués', (e) => (e.data as { count: number }).count === 3);
    await publish(user._id, 4);
    await resumed.waitFor('la suite en direct', (e) => (e.data as { count: number }).count === 4);
    expect(resumed.events.map((e) => e.data)).toEqual([{ count: 2 }, { count: 3 }, { count: 4 }]);
    const ids = resumed.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(seen.id));
  });

  it('resumes with every missed event, however many pages they take', async () => {
    const { token, user } = await signedInUser(t);
    const missed = REPLAY_LIMIT + 1;
    await t.database.db.transaction((tx) =>
      publishEvents(
        tx,
        Array.from({ length: missed }, (_, count) => ({
          userId: user._id,
          type: 'unread.changed' as const,
          data: { count },
        })),
      ),
    );
    const resumed = await open(token, '0');
    await until('tous les manqués', () => (resumed.events.length === missed ? true : undefined));
    expect(resumed.events.map((e) => (e.data as { count: number }).count)).toEqual(
      Array.from({ length: missed }, (_, count) => count),
    );
  });

  it('a fresh stream (no Last-Event-ID) gets only what comes next', async () => {
    const { token, user } = await signedInUser(t);
    await publish(user._id, 1);
    const stream = await open(token);
    await publish(user._id, 2);
    await stream.waitFor('le nouveau', (e) => e.event === 'unread.changed');
    expect(stream.events.map((e) => e.data)).toEqual([{ count: 2 }]);
  });

  it('keeps a quiet stream alive with a comment at the heartbeat interval', async () => {
    // The heartbeat stays under the server's idle timeout: 1 s here, for a 2 s timeout.
    const quiet = await startTestApp({ connectionTimeoutMs: 2_000 });
    try {
      await quiet.app.listen({ port: 0, host: '127.0.0.1' });
      const address = quiet.app.server.address();
      if (address === null || typeof address === 'string') throw new Error('pas de port');
      const { token } = await signedInUser(quiet);
      const stream = await openEventStream(`http://127.0.0.1:${address.port}`, { token });
      streams.push(stream);
      await until(
        'deux battements',
        () => (stream.text().split(': ping\n\n').length > 2 ? true : undefined),
        5_000,
      );
      // Past the idle timeout, the stream is still open.
      expect(quiet.app.liveEvents.subscriberCount()).toBe(1);
      stream.close();
    } finally {
      await quiet.close();
    }
  });

  it('refuses more than MAX_STREAMS_PER_USER streams of one user on one replica', async () => {
    const { token, user } = await signedInUser(t);
    const held = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => open(token)));
    const extra = await openEventStream(baseUrl, { token });
    expect(extra.status).toBe(429);
    await extra.ended;
    expect(JSON.parse(extra.text())).toMatchObject({ errorType: 'rate_limited' });
    for (const stream of held) stream.close();
    await until('tous fermés', () => (t.app.liveEvents.subscriberCount(user._id) === 0 ? true : undefined));
    await open(token);
  });

  it('unsubscribes a closed stream', async () => {
    const { token, user } = await signedInUser(t);
    const stream = await open(token);
    expect(t.app.liveEvents.subscriberCount(user._id)).toBe(1);
    stream.close();
    await until('désabonné', () => (t.app.liveEvents.subscriberCount(user._id) === 0 ? true : undefined));
  });
});

/** An invoice of the issuer's to a client whose e-mail is the recipient's account. */
async function invoiceTo(token: string, email: string): Promise<Invoice> {
  const client = await createClient(t, token, { email });
  const created = await t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: {
      client: client._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 100 }],
      tauxTVA: 0,
    },
  });
  expect(created.statusCode).toBe(201);
  return created.json<Invoice>();
}

describe('purgeLiveEvents', () => {
  it('drops events older than an hour and keeps the rest', async () => {
    const { user } = await signedInUser(t);
    await publish(user._id, 1);
    await publish(user._id, 2);
    const [old] = await t.database.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(eq(liveEvents.userId, user._id))
      .orderBy(asc(liveEvents.id))
      .limit(1);
    if (!old) throw new Error('pas d’événement');
    await t.database.db
      .update(liveEvents)
      .set({ createdAt: new Date(Date.now() - LIVE_EVENTS_RETENTION_MS - 60_000) })
      .where(eq(liveEvents.id, old.id));
    await purgeLiveEvents(t.database.db, new Date());
    const left = await t.database.db
      .select({ data: liveEvents.data })
      .from(liveEvents)
      .where(eq(liveEvents.userId, user._id));
    expect(left.map((row) => row.data)).toEqual([{ count: 2 }]);
  });
});

describe('invoice events', () => {
  it('tells the recipient of a platform sending, and each party of the other’s status change', async () => {
    const issuer = await signedInUser(t);
    const recipient = await signedInUser(t, { role: 'particulier', siret: null });
    const invoice = await invoiceTo(issuer.token, recipient.user.email);
    const issuerStream = await open(issuer.token);
    const recipientStream = await open(recipient.token);

    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-internal`,
      token: issuer.token,
    });
    expect(sent.statusCode).toBe(200);
    const received = await recipientStream.waitFor('invoice.received', (e) => e.event === 'invoice.received');
    expect(liveEventDataSchemas['invoice.received'].parse(received.data)).toEqual({
      factureId: invoice._id,
      numero: invoice.numero,
    });

    // Opening it marks it « vue »: the issuer hears of it, told only their own side's status.
    expect(
      (await t.request({ method: 'GET', url: `/api/factures/${invoice._id}`, token: recipient.token }))
        .statusCode,
    ).toBe(200);
    const seen = await issuerStream.waitFor('vue', (e) => e.event === 'invoice.status_changed');
    expect(seen.data).toEqual({
      factureId: invoice._id,
      statutEmetteur: 'envoyee',
      statutDestinataire: null,
    });

    const paid = await t.request({
      method: 'PATCH',
      url: `/api/factures/${invoice._id}/payer`,
      token: recipient.token,
    });
    expect(paid.statusCode).toBe(200);
    // Issue 17: a declared payment, of which the issuer is notified as well (notification.created); the
    // first view was one too (« Facture … vue par … »).
    await until('payée', () => (issuerStream.events.length === 4 ? true : undefined));

    const marked = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}/statut-emetteur`,
      token: issuer.token,
      body: { statutEmetteur: 'payee' },
    });
    expect(marked.statusCode).toBe(200);
    const changed = await recipientStream.waitFor(
      'statut émetteur',
      (e) => e.event === 'invoice.status_changed',
    );
    expect(changed.data).toEqual({
      factureId: invoice._id,
      statutEmetteur: null,
      statutDestinataire: 'payee',
    });
    // Nobody is told of their own change.
    expect(issuerStream.events.map((e) => e.event)).toEqual([
      'invoice.status_changed',
      'notification.created',
      'notification.created',
      'invoice.status_changed',
    ]);
    // Issue 17: the received invoice is a notification for the recipient's bell, and so is the issuer's
    // payment that settles it (facture_payee), announced in the same transaction as the status.
    await until('réglée', () => (recipientStream.events.length === 4 ? true : undefined));
    expect(recipientStream.events.map((e) => e.event)).toEqual([
      'invoice.received',
      'notification.created',
      'invoice.status_changed',
      'notification.created',
    ]);
  });

  it('tells nobody about an invoice that has no platform recipient', async () => {
    const issuer = await signedInUser(t);
    const { invoice } = await clientWithInvoice(t, issuer.token);
    const issuerStream = await open(issuer.token);
    const refused = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}/statut-emetteur`,
      token: issuer.token,
      body: { statutEmetteur: 'brouillon' },
    });
    expect(refused.statusCode).toBeLessThan(500);
    await publish(issuer.user._id, 9);
    await issuerStream.waitFor('le témoin', (e) => e.event === 'unread.changed');
    expect(issuerStream.events.map((e) => e.event)).toEqual(['unread.changed']);
  });
});
