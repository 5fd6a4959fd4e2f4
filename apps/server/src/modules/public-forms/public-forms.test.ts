import { rateLimitedMessage, singleLineMessage } from '@facturo/shared';
import { CONTACT_SENT_MESSAGE, WAITLIST_JOINED_MESSAGE } from '@facturo/shared/public-forms';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, waitlistEntries } from '../../db/schema.js';
import { uniqueEmail } from '../../test/factories.js';
import { randomIp, startTestApp, type TestApp } from '../../test/harness.js';
import { readOutbox, waitForMail } from '../../test/outbox.js';
import { purgeOldContactMessages } from './public-forms.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

function contact(overrides: Record<string, unknown> = {}) {
  return {
    nom: 'Camille Martin',
    email: uniqueEmail('contact'),
    sujet: 'abonnement',
    message: 'Bonjour, puis-je changer de formule en cours de mois ?',
    ...overrides,
  };
}

const storedContacts = (email: string) =>
  t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
const storedWaitlist = (email: string) =>
  t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email));

describe('POST /api/contact', () => {
  it('stores the message once and e-mails it to support, replies going to the visitor', async () => {
    const body = contact({ email: uniqueEmail('Visiteur').toUpperCase() });
    const res = await t.request({ method: 'POST', url: '/api/contact', body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: CONTACT_SENT_MESSAGE });

    const email = body.email.toLowerCase();
    const rows = await storedContacts(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ nom: 'Camille Martin', sujet: 'abonnement', message: body.message });

    const mail = await waitForMail(
      t.outboxDir,
      'support@facturo.test',
      '[Contact] Abonnement et facturation',
    );
    expect(mail.subject).toContain('Camille Martin');
    expect(mail.text).toContain(body.message);
    expect(mail.text).toContain(email);
    expect(mail.replyTo).toContain(email);
    expect(mail.text).not.toContain('Merci de ne pas y répondre');
    // No copy to the visitor: the form cannot make Facturo write to any address.
    expect((await readOutbox(t.outboxDir)).filter((m) => m.to === email)).toEqual([]);
  });

  it.each([
    [
      'an empty body',
      {},
      ['Votre nom est requis', 'Adresse email requise', 'Choisissez un sujet', 'Votre message est requis'],
    ],
    ['a malformed address', contact({ email: 'pas-une-adresse' }), ['Adresse email invalide']],
    ['an unknown subject', contact({ sujet: 'promotion' }), ['Choisissez un sujet']],
    [
      'a message too short',
      contact({ message: 'Salut' }),
      ['Votre message doit contenir au moins 10 caractères'],
    ],
    ['a message too long', contact({ message: 'x'.repeat(5001) }), ['5000 caractères au maximum']],
    [
      'a name with a line break',
      contact({ nom: 'Camille\r\nBcc: tous@exemple.fr' }),
      [singleLineMessage(['nom'])],
    ],
  ])('refuses %s with a French 400 and stores nothing', async (_case, body, messages) => {
    const res = await t.request({ method: 'POST', url: '/api/contact', body });
    expect(res.statusCode).toBe(400);
    const error = res.json();
    expect(error.errorType).toBe('validation_error');
    expect(error.errors).toEqual(expect.arrayContaining(messages));
    expect(error.message).toBe(messages[0]);
    if ('email' in body && typeof body.email === 'string') {
      expect(await storedContacts(body.email.toLowerCase())).toEqual([]);
    }
  });

  it('limits messages per address and per IP address with a 429', async () => {
    const email = uniqueEmail('insistant');
    for (let i = 0; i < 3; i++) {
      const ok = await t.request({ method: 'POST', url: '/api/contact', body: contact({ email }) });
      expect(ok.statusCode).toBe(201);
    }
    const limited = await t.request({ method: 'POST', url: '/api/contact', body: contact({ email }) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      errorType: 'rate_limited',
      message: rateLimitedMessage(limited.json().retryAfterSeconds),
    });
    expect(await storedContacts(email)).toHaveLength(3);

    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const ok = await t.request({ method: 'POST', url: '/api/contact', body: contact(), ip });
      expect(ok.statusCode).toBe(201);
    }
    const fromSameIp = contact();
    const blocked = await t.request({ method: 'POST', url: '/api/contact', body: fromSameIp, ip });
    expect(blocked.statusCode).toBe(429);
    expect(await storedContacts(fromSameIp.email)).toEqual([]);
  });
});

describe('POST /api/contact when the mail queue is down', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await startTestApp(
      {},
      {
        enqueueMail: async () => {
          throw new Error('file de messages indisponible');
        },
      },
    );
  });
  afterAll(async () => down.close());

  it('answers an error and keeps no message that support would never receive', async () => {
    const body = contact();
    const res = await down.request({ method: 'POST', url: '/api/contact', body });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errorType: 'internal_error', message: 'Erreur interne' });
    const rows = await down.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, body.email));
    expect(rows).toEqual([]);
  });
});

describe('retention of contact messages', () => {
  it('deletes the messages older than the period /privacy promises, and only those', async () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const email = uniqueEmail('archive');
    const at = (iso: string) => ({
      nom: 'Ancien',
      email,
      sujet: 'autre',
      message: 'Un vieux message.',
      createdAt: new Date(iso),
    });
    await t.database.db
      .insert(contactMessages)
      .values([at('2023-11-21T09:59:00Z'), at('2023-11-21T10:01:00Z'), at('2026-11-20T10:00:00Z')]);
    await purgeOldContactMessages(t.database.db, now);
    const kept = (await storedContacts(email)).map((row) => row.createdAt.toISOString()).sort();
    expect(kept).toEqual(['2023-11-21T10:01:00.000Z', '2026-11-20T10:00:00.000Z']);
  });
});

describe('POST /api/waitlist', () => {
  it('stores an address once per feature, and answers the same to a second request', async () => {
    const email = uniqueEmail('impatient');
    const first = await t.request({
      method: 'POST',
      url: '/api/waitlist',
      body: { email: email.toUpperCase(), fonctionnalite: 'cartes-paiement' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: WAITLIST_JOINED_MESSAGE });

    const again = await t.request({
      method: 'POST',
      url: '/api/waitlist',
      body: { email, fonctionnalite: 'cartes-paiement' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: WAITLIST_JOINED_MESSAGE });

    const other = await t.request({
      method: 'POST',
      url: '/api/waitlist',
      body: { email, fonctionnalite: 'assurance' },
    });
    expect(other.statusCode).toBe(201);

    const rows = await storedWaitlist(email);
    expect(rows.map((r) => r.fonctionnalite).sort()).toEqual(['assurance', 'cartes-paiement']);
  });

  it.each([
    ['a malformed address', { email: 'nope', fonctionnalite: 'assurance' }, 'Adresse email invalide'],
    ['an unknown feature', { email: 'a@exemple.fr', fonctionnalite: 'crypto' }, 'Fonctionnalité inconnue'],
    ['no feature', { email: 'a@exemple.fr' }, 'Fonctionnalité inconnue'],
  ])('refuses %s with a French 400', async (_case, body, message) => {
    const res = await t.request({ method: 'POST', url: '/api/waitlist', body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorType: 'validation_error', message });
  });

  it('limits sign-ups per IP address with a 429', async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      const ok = await t.request({
        method: 'POST',
        url: '/api/waitlist',
        body: { email: uniqueEmail('rafale'), fonctionnalite: 'depenses' },
        ip,
      });
      expect(ok.statusCode).toBe(201);
    }
    const email = uniqueEmail('de-trop');
    const limited = await t.request({
      method: 'POST',
      url: '/api/waitlist',
      body: { email, fonctionnalite: 'depenses' },
      ip,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errorType).toBe('rate_limited');
    expect(await storedWaitlist(email)).toEqual([]);
  });
});
