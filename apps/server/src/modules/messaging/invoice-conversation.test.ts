import { MESSAGING_MESSAGES } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin } from '../admin/admin-test-helpers.js';
import {
  type Account,
  conversations,
  openSupport,
  readMessages,
  send,
  sharedInvoice,
  unread,
  unsharedInvoice,
} from './messaging-test-helpers.js';

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => t?.close());

const openFor = (token: string, invoiceId: string) =>
  t.request({ method: 'POST', url: `/api/factures/${invoiceId}/conversation`, token });

describe('the conversation of an invoice sent on the platform', () => {
  it('opens once for its two parties, who talk with the invoice number as subject', async () => {
    const { issuer, recipient, invoice } = await sharedInvoice(t);
    const opened = await openFor(recipient.token, invoice._id);
    expect(opened.statusCode, opened.body).toBe(200);
    const conversation = opened.json<{ _id: string }>();
    expect(opened.json()).toMatchObject({
      kind: 'facture',
      sujet: invoice.numero,
      factureId: invoice._id,
      participants: [{ _id: issuer.user._id, prenom: 'Zoé', nom: 'Lefèvre' }],
      planUtilisateur: null,
    });
    // Either party, any number of times: the same conversation.
    const fromIssuer = await openFor(issuer.token, invoice._id);
    expect(fromIssuer.json()).toMatchObject({
      _id: conversation._id,
      participants: [{ _id: recipient.user._id, prenom: 'Jean', nom: 'Dupont' }],
    });
    expect((await openFor(recipient.token, invoice._id)).json()._id).toBe(conversation._id);

    await send(t, recipient.token, conversation._id, 'Pouvez-vous corriger l’adresse ?');
    expect(await unread(t, issuer.token)).toBe(1);
    expect(await unread(t, recipient.token)).toBe(0);
    const [listed] = await conversations(t, issuer.token);
    expect(listed).toMatchObject({ _id: conversation._id, nonLus: 1 });
    const read = await readMessages(t, issuer.token, conversation._id);
    expect(read.map((m) => [m.contenu, m.estMoi])).toEqual([['Pouvez-vous corriger l’adresse ?', false]]);
    expect(await unread(t, issuer.token)).toBe(0);
    expect((await readMessages(t, recipient.token, conversation._id))[0]?.vu).toBe(true);
  });

  it('is refused for an invoice not sent on the platform, and unknown to anyone but its parties', async () => {
    const issuer = await signedInUser(t);
    const invoice = await unsharedInvoice(t, issuer.token);
    const res = await openFor(issuer.token, invoice._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorType: 'conflict', message: MESSAGING_MESSAGES.invoiceNotShared });

    const stranger = await signedInUser(t);
    for (const id of [invoice._id, '00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      const answer = await openFor(stranger.token, id);
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json().errorType).toBe('not_found');
    }
  });
});

describe('the conversation list', () => {
  it('puts the most recent activity first, and a new message moves its conversation to the top', async () => {
    const { issuer, recipient, invoice } = await sharedInvoice(t);
    const about = (await openFor(issuer.token, invoice._id)).json<{ _id: string }>()._id;
    t.clock.advance(1_000);
    const support = (await openSupport(t, issuer.token))._id;
    const order = async () => (await conversations(t, issuer.token)).map((c) => c._id);
    expect(await order()).toEqual([support, about]);

    t.clock.advance(1_000);
    await send(t, recipient.token, about, 'Une question sur la facture');
    const listed = await conversations(t, issuer.token);
    expect(listed.map((c) => c._id)).toEqual([about, support]);
    const [top, next] = listed;
    expect(Date.parse(top?.derniereActivite ?? '')).toBeGreaterThan(Date.parse(next?.derniereActivite ?? ''));
    expect(top).toMatchObject({ nonLus: 1, dernierMessage: { contenu: 'Une question sur la facture' } });

    t.clock.advance(1_000);
    await send(t, issuer.token, support, 'Bonjour le support');
    expect(await order()).toEqual([support, about]);
    t.clock.reset();
  });
});

describe('isolation', () => {
  it('a stranger gets 404 on every call about someone else’s conversation, an admin on an invoice’s', async () => {
    const { issuer, invoice } = await sharedInvoice(t);
    const invoiceConversation = (await openFor(issuer.token, invoice._id)).json<{ _id: string }>()._id;
    await send(t, issuer.token, invoiceConversation, 'Bonjour');
    const owner = await signedInUser(t);
    const support = (await openSupport(t, owner.token))._id;
    await send(t, owner.token, support, 'Aide');
    const stranger = await signedInUser(t);

    const attempts = [
      { token: stranger.token, id: invoiceConversation },
      { token: stranger.token, id: support },
      // Admins are support, not readers of every conversation.
      { token: admin.token, id: invoiceConversation },
    ];
    for (const { token, id } of attempts) {
      for (const [method, body] of [
        ['GET', undefined],
        ['POST', { contenu: 'Intrusion' }],
      ] as const) {
        const res = await t.request({ method, url: `/api/conversations/${id}/messages`, token, body });
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json()).toMatchObject({ errorType: 'not_found', message: MESSAGING_MESSAGES.notFound });
      }
      expect((await conversations(t, token)).map((c) => c._id)).not.toContain(id);
    }
    expect(await openFor(admin.token, invoice._id).then((r) => r.statusCode)).toBe(404);
    // Nothing was written or marked by the attempts.
    expect(await unread(t, stranger.token)).toBe(0);
    expect((await readMessages(t, owner.token, support)).map((m) => [m.contenu, m.vu])).toEqual([
      ['Aide', false],
    ]);
    const unknown = await t.request({
      method: 'GET',
      url: '/api/conversations/pas-un-id/messages',
      token: stranger.token,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('every call needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/conversations'],
      ['GET', '/api/messages/unread-count'],
      ['POST', '/api/conversations/create-support'],
    ] as const) {
      expect((await t.request({ method, url })).statusCode, url).toBe(401);
    }
  });
});
