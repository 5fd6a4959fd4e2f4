import { NOTIFICATION_DEFAULTS, type ResolvedNotificationPrefs } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { waitForMail } from '../../test/outbox.js';
import { sharedInvoice } from '../messaging/messaging-test-helpers.js';
import { call, createQuote, eventsOf, issuer, newClient } from '../quotes/quote-test-kit.js';
import { mailsQueuedTo, notificationsOf, notifyNow, unreadOf } from './notifications-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** A quote sent on the platform to a client with an account, who can answer it. */
async function quoteOut(prefs?: Partial<ResolvedNotificationPrefs>) {
  const seller = await issuer(t, { prenom: 'Nora', nom: 'Benali' });
  if (prefs) await putPrefs(seller.token, { ...NOTIFICATION_DEFAULTS, ...prefs });
  const buyer = await signedInUser(t, { prenom: 'Jean', nom: 'Dupont', role: 'particulier', siret: null });
  const client = await newClient(t, seller.token, { email: buyer.user.email });
  const quote = await createQuote(t, seller.token, client._id);
  const sent = await call(t, seller.token, 'POST', `/devis/${quote._id}/send-internal`);
  expect(sent.statusCode, sent.body).toBe(200);
  return { seller, buyer, quote };
}

const answer = (token: string, id: string, statutDestinataire: 'acceptee' | 'refusee') =>
  call(t, token, 'PUT', `/devis/${id}/statut-destinataire`, { statutDestinataire });

const putPrefs = async (token: string, body: unknown) => {
  const res = await call(t, token, 'PUT', '/notifications/preferences', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ResolvedNotificationPrefs>();
};

describe('what notifies whom', () => {
  it('an invoice received on the platform: its recipient, live, with a link to it', async () => {
    const { recipient, invoice } = await sharedInvoice(t);
    const [received, ...others] = await notificationsOf(t, recipient.token);
    expect(others).toEqual([]);
    expect(received).toMatchObject({
      kind: 'facture_recue',
      titre: `Zoé Lefèvre vous a envoyé la facture ${invoice.numero}`,
      lien: `/factures/${invoice._id}`,
      lu: false,
    });
    expect(await unreadOf(t, recipient.token)).toBe(1);
    const live = (await eventsOf(t, recipient.user._id)).filter((e) => e.type === 'notification.created');
    expect(live.map((e) => e.data)).toEqual([{ notificationId: received?._id, nonLues: 1 }]);
  });

  it('a quote accepted: its issuer, in the app and by e-mail; refused: in the app only', async () => {
    const accepted = await quoteOut();
    expect((await answer(accepted.buyer.token, accepted.quote._id, 'acceptee')).statusCode).toBe(200);
    const [notice] = await notificationsOf(t, accepted.seller.token);
    expect(notice).toMatchObject({
      kind: 'devis_accepte',
      titre: `Jean Dupont a accepté le devis ${accepted.quote.numero}`,
      lien: `/devis/${accepted.quote._id}`,
    });
    const mail = await waitForMail(t.outboxDir, accepted.seller.email, 'a accepté le devis');
    expect(mail.subject).toBe(`Jean Dupont a accepté le devis ${accepted.quote.numero} — Facturo`);
    expect(mail.text).toContain(`${t.config.appUrl}/devis/${accepted.quote._id}`);
    expect(mail.text).toContain(`${t.config.appUrl}/profil#alertes`);
    // The one who answered is not told about their own answer.
    expect(await notificationsOf(t, accepted.buyer.token)).toEqual([]);

    const refused = await quoteOut();
    expect((await answer(refused.buyer.token, refused.quote._id, 'refusee')).statusCode).toBe(200);
    expect((await notificationsOf(t, refused.seller.token)).map((n) => n.titre)).toEqual([
      `Jean Dupont a refusé le devis ${refused.quote.numero}`,
    ]);
    expect(await mailsQueuedTo(t, refused.seller.email, 'a refusé le devis')).toBe(0);
  });
});

describe('reading the centre', () => {
  it('newest first, in pages that follow one another', async () => {
    const { token, user } = await signedInUser(t);
    for (const titre of ['Premier', 'Deuxième', 'Troisième']) await notifyNow(t, user._id, titre);
    const first = await notificationsOf(t, token, '?limit=2');
    expect(first.map((n) => n.titre)).toEqual(['Troisième', 'Deuxième']);
    const next = await notificationsOf(t, token, `?limit=2&before=${first[1]?._id}`);
    expect(next.map((n) => n.titre)).toEqual(['Premier']);
    expect(await notificationsOf(t, token, `?before=${next[0]?._id}`)).toEqual([]);
    const bad = await call(t, token, 'GET', '/notifications?before=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorType: 'validation_error' });
  });

  it('opening one marks it read; « tout lire » the rest; the count follows', async () => {
    const { token, user } = await signedInUser(t);
    for (const titre of ['Un', 'Deux', 'Trois']) await notifyNow(t, user._id, titre);
    const [trois] = await notificationsOf(t, token);
    const read = await call(t, token, 'POST', `/notifications/${trois?._id}/lire`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ nonLues: 2 });
    // Reading again changes nothing.
    expect((await call(t, token, 'POST', `/notifications/${trois?._id}/lire`)).json()).toEqual({
      nonLues: 2,
    });
    expect((await notificationsOf(t, token)).map((n) => n.lu)).toEqual([true, false, false]);
    const all = await call(t, token, 'POST', '/notifications/tout-lire');
    expect(all.json()).toEqual({ nonLues: 0 });
    expect(await unreadOf(t, token)).toBe(0);
    expect((await notificationsOf(t, token)).every((n) => n.lu)).toBe(true);
  });

  it("another user's notification is a 404, never listed nor read; signed out is a 401", async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    await notifyNow(t, owner.user._id, 'Privé');
    const [mine] = await notificationsOf(t, owner.token);
    for (const id of [mine?._id, '6b8f0a4e-3c55-4b4e-9d3a-2f0e7c1d9a11', 'pas-un-id']) {
      const res = await call(t, other.token, 'POST', `/notifications/${id}/lire`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errorType: 'not_found', message: 'Notification introuvable.' });
    }
    expect(await notificationsOf(t, other.token)).toEqual([]);
    expect(await notificationsOf(t, other.token, `?before=${mine?._id}`)).toEqual([]);
    expect(await unreadOf(t, owner.token)).toBe(1);
    expect((await t.request({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('choices per kind', () => {
  it('defaults: every kind in the app, e-mails for a payment and an accepted quote', async () => {
    const { token } = await signedInUser(t);
    const res = await call(t, token, 'GET', '/notifications/preferences');
    expect(res.json()).toEqual(NOTIFICATION_DEFAULTS);
    expect(NOTIFICATION_DEFAULTS.facture_payee).toEqual({ app: true, email: true });
    expect(NOTIFICATION_DEFAULTS.devis_accepte).toEqual({ app: true, email: true });
    expect(NOTIFICATION_DEFAULTS.devis_refuse).toEqual({ app: true, email: false });
  });

  it('an e-mail opted out: still in the app, no e-mail queued', async () => {
    const { seller, buyer, quote } = await quoteOut({ devis_accepte: { app: true, email: false } });
    expect((await answer(buyer.token, quote._id, 'acceptee')).statusCode).toBe(200);
    expect((await notificationsOf(t, seller.token)).map((n) => n.kind)).toEqual(['devis_accepte']);
    expect(await mailsQueuedTo(t, seller.email, 'a accepté le devis')).toBe(0);
  });

  it('the app opted out: no notification, no live event, the e-mail still sent', async () => {
    const { seller, buyer, quote } = await quoteOut({ devis_accepte: { app: false, email: true } });
    expect((await answer(buyer.token, quote._id, 'acceptee')).statusCode).toBe(200);
    expect(await notificationsOf(t, seller.token)).toEqual([]);
    expect((await eventsOf(t, seller.id)).some((e) => e.type === 'notification.created')).toBe(false);
    await waitForMail(t.outboxDir, seller.email, 'a accepté le devis');
  });

  it('kept whole; a kind without e-mail never gets one; bad bodies are refused in French', async () => {
    const { token, user } = await signedInUser(t);
    const saved = await putPrefs(token, {
      ...NOTIFICATION_DEFAULTS,
      relance_envoyee: { app: false, email: true },
    });
    expect(saved.relance_envoyee).toEqual({ app: false, email: false });
    expect((await call(t, token, 'GET', '/notifications/preferences')).json()).toEqual(saved);
    await notifyNow(t, user._id, 'Relance envoyée à Dupont');
    expect(await notificationsOf(t, token)).toEqual([]);
    for (const body of [
      { ...NOTIFICATION_DEFAULTS, inconnu: { app: true, email: true } },
      { ...NOTIFICATION_DEFAULTS, facture_payee: { app: 'oui', email: true } },
      { facture_payee: { app: true, email: true } },
    ]) {
      const res = await call(t, token, 'PUT', '/notifications/preferences', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ errorType: 'validation_error' });
      expect(res.json<{ message: string }>().message).toMatch(/[éèàç]|invalide|attendu|requis/i);
    }
  });

  it('a closed account is not notified', async () => {
    const { token, user, password } = await signedInUser(t);
    const closed = await t.request({ method: 'DELETE', url: '/api/users/me', token, body: { password } });
    expect(closed.statusCode, closed.body).toBe(204);
    await notifyNow(t, user._id, 'Facture payée', 'facture_payee');
    const [{ n } = { n: -1 }] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from notifications where user_id = ${user._id}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(n).toBe(0);
    expect(await mailsQueuedTo(t, user.email, 'Facture payée')).toBe(0);
  });
});
