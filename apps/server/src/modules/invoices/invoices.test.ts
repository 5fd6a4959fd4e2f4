import {
  type Client,
  DEFAULT_LEGAL_MENTIONS,
  INVOICE_LINE_MESSAGE,
  INVOICE_REQUIRED_MESSAGE,
  type Invoice,
  type InvoiceStatuses,
  MESSAGES,
  type User,
} from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parisDate } from '../../lib/paris-date.js';
import { STRONG_PASSWORD, signedInUser, uniqueEmail } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { linkIn, readOutbox, waitForMail } from '../../test/outbox.js';
import { waitFor } from '../../test/smtp-server.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const year = () => parisDate(new Date()).slice(0, 4);

async function newClient(token: string, overrides: Record<string, unknown> = {}): Promise<Client> {
  const res = await t.request({
    method: 'POST',
    url: '/api/clients',
    token,
    body: {
      nom: 'Boulangerie Martin',
      email: uniqueEmail('client'),
      adresse: { rue: '1 rue Haute', codePostal: '44000', ville: 'Nantes' },
      ...overrides,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<Client>();
}

const lines = [
  { description: 'Conseil', quantite: 3, prixUnitaire: 33.33 },
  { description: 'Déplacement', quantite: '0,5', prixUnitaire: '19.99' },
];

async function createInvoice(token: string, clientId: string, overrides: Record<string, unknown> = {}) {
  return t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: { client: clientId, delaiPaiement: 30, lignes: lines, tauxTVA: 0, ...overrides },
  });
}

async function issuerWithInvoice() {
  const issuer = await signedInUser(t, { adresse: '5 quai Rive', codePostal: '13002', ville: 'Marseille' });
  const client = await newClient(issuer.token);
  const res = await createInvoice(issuer.token, client._id);
  expect(res.statusCode).toBe(201);
  return { issuer, client, invoice: res.json<Invoice>() };
}

describe('creating invoices', () => {
  it('numbers, computes and snapshots a new invoice', async () => {
    const issuer = await signedInUser(t, {
      prenom: 'Nora',
      nom: 'Benali',
      adresse: '5 quai Rive',
      codePostal: '13002',
      ville: 'Marseille',
    });
    const client = await newClient(issuer.token, { siret: '55210055400021' });
    const next = await t.request({
      method: 'GET',
      url: '/api/factures/info-numerotation',
      token: issuer.token,
    });
    expect(next.json()).toEqual({ prochainNumero: `FAC-${year()}-0001` });

    const res = await createInvoice(issuer.token, client._id, {
      objet: 'Mission de mars',
      montantHT: 1,
      montantTTC: 999999,
      lignes: [...lines, { description: '', quantite: '', prixUnitaire: '' }],
    });
    expect(res.statusCode).toBe(201);
    const invoice = res.json<Invoice>();
    const today = parisDate(new Date());
    expect(invoice).toMatchObject({
      numero: `FAC-${year()}-0001`,
      dateEmission: today,
      dateEcheance: addDays(today, 30),
      delaiPaiement: 30,
      objet: 'Mission de mars',
      // 3 × 33,33 = 99,99 and 0,5 × 19,99 = 9,995 → 10,00: the totals sent by the browser are ignored.
      lignes: [
        { description: 'Conseil', quantite: 3, prixUnitaire: 33.33, montant: 99.99 },
        { description: 'Déplacement', quantite: 0.5, prixUnitaire: 19.99, montant: 10 },
      ],
      montantHT: 109.99,
      tauxTVA: 0,
      montantTVA: 0,
      montantTTC: 109.99,
      statut: 'creee',
      statutEmetteur: 'creee',
      statutDestinataire: null,
      payee: false,
      verrouillee: false,
      role: 'emetteur',
      destinataire: null,
      emetteur: { prenom: 'Nora', nom: 'Benali', ville: 'Marseille', siret: issuer.user.siret },
      client: {
        _id: client._id,
        nom: 'Boulangerie Martin',
        siret: '55210055400021',
        adresse: { ville: 'Nantes', pays: 'France' },
      },
      mentionsLegales: {
        conditionsPaiement: DEFAULT_LEGAL_MENTIONS.conditionsPaiement,
        natureOperation: 'services',
      },
    });
    const second = await createInvoice(issuer.token, client._id, { delaiPaiement: 45 });
    expect(second.json<Invoice>()).toMatchObject({
      numero: `FAC-${year()}-0002`,
      dateEcheance: addDays(today, 45),
    });
    const me = await t.request({ method: 'GET', url: '/api/users/me', token: issuer.token });
    expect(me.json<User>().factureCount).toBe(2);
  });

  it('keeps the invoice as issued when the client or the profile change later', async () => {
    const { issuer, client, invoice } = await issuerWithInvoice();
    await t.request({
      method: 'PUT',
      url: `/api/clients/${client._id}`,
      token: issuer.token,
      body: { nom: 'Nouveau nom', email: client.email },
    });
    await t.request({ method: 'PUT', url: '/api/users/me', token: issuer.token, body: { ville: 'Toulon' } });
    const again = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
    });
    expect(again.json<Invoice>()).toMatchObject({
      client: { nom: 'Boulangerie Martin' },
      emetteur: { ville: 'Marseille' },
    });
  });

  it('refuses bad lines and missing fields with the spec messages', async () => {
    const issuer = await signedInUser(t);
    const client = await newClient(issuer.token);
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ lignes: [] }, INVOICE_LINE_MESSAGE],
      [{ lignes: [{ description: '', quantite: '', prixUnitaire: '' }] }, INVOICE_LINE_MESSAGE],
      [{ lignes: [{ description: 'X', quantite: 0, prixUnitaire: 10 }] }, /^Ligne 1 invalide/],
      [{ lignes: [lines[0], { description: 'X', quantite: 1, prixUnitaire: -5 }] }, /^Ligne 2 invalide/],
      [{ lignes: [{ description: 'X', quantite: '1.2345', prixUnitaire: 10 }] }, /^Ligne 1 invalide/],
      [{ lignes: [{ description: 'X', quantite: 'deux', prixUnitaire: 10 }] }, /^Ligne 1 invalide/],
      [{ lignes: [{ description: '', quantite: 1, prixUnitaire: 10 }] }, /^Ligne 1 invalide/],
      [{ lignes: [{ description: 'X', quantite: 1, prixUnitaire: 10.001 }] }, /^Ligne 1 invalide/],
      [{ client: undefined }, INVOICE_REQUIRED_MESSAGE],
      [{ delaiPaiement: 20 }, 'Délai de paiement invalide (15, 30, 45 ou 60 jours)'],
      [{ delaiPaiement: undefined, dateEcheance: '2001-01-01' }, /^Date d'échéance invalide/],
      [{ tauxTVA: 20 }, /./],
      [{ lignes: 'pas une liste' }, /./],
    ];
    for (const [overrides, message] of cases) {
      const res = await createInvoice(issuer.token, client._id, overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().errorType).toBe('validation_error');
      if (typeof message === 'string') expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(message);
    }
    const unknownClient = await createInvoice(issuer.token, '0b5a3c4e-0000-4000-8000-000000000000');
    expect(unknownClient.statusCode).toBe(404);
    const list = await t.request({ method: 'GET', url: '/api/factures', token: issuer.token });
    expect(list.json()).toEqual([]);
    // Nothing was numbered by the failures.
    const next = await t.request({
      method: 'GET',
      url: '/api/factures/info-numerotation',
      token: issuer.token,
    });
    expect(next.json().prochainNumero).toBe(`FAC-${year()}-0001`);
  });

  it('cannot bill a client of another professional', async () => {
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    const alicesClient = await newClient(alice.token);
    const res = await createInvoice(bob.token, alicesClient._id);
    expect(res.statusCode).toBe(404);
  });

  it('sends particuliers to professional mode', async () => {
    const { token } = await signedInUser(t, { role: 'particulier', siret: null });
    const res = await createInvoice(token, '0b5a3c4e-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorType: 'requires_upgrade', requiresUpgrade: true });
  });
});

describe('lifecycle', () => {
  it('edits an unsent invoice fully, then freezes it once sent', async () => {
    const { issuer, client, invoice } = await issuerWithInvoice();
    const otherClient = await newClient(issuer.token, { nom: 'Autre client' });
    const edit = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
      body: {
        client: otherClient._id,
        delaiPaiement: 15,
        lignes: [{ description: 'Refonte', quantite: 2, prixUnitaire: 250 }],
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json<Invoice>()).toMatchObject({
      numero: invoice.numero,
      montantTTC: 500,
      delaiPaiement: 15,
      client: { nom: 'Autre client' },
    });

    const badEdit = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
      body: { client: client._id, lignes: [] },
    });
    expect(badEdit.json().message).toBe(INVOICE_LINE_MESSAGE);

    await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}/statut-emetteur`,
      token: issuer.token,
      body: { statutEmetteur: 'envoyee' },
    });
    const locked = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
      body: { client: client._id, lignes: lines },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().errorType).toBe('invoice_locked');
    expect(
      (await t.request({ method: 'DELETE', url: `/api/factures/${invoice._id}`, token: issuer.token }))
        .statusCode,
    ).toBe(409);
    const after = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
    });
    expect(after.json<Invoice>()).toMatchObject({
      montantTTC: 500,
      verrouillee: true,
      statutEmetteur: 'envoyee',
    });
  });

  it('cancels a deleted invoice, even the latest, and never gives its number again', async () => {
    const issuer = await signedInUser(t);
    const client = await newClient(issuer.token);
    const first = (await createInvoice(issuer.token, client._id)).json<Invoice>();
    const second = (await createInvoice(issuer.token, client._id)).json<Invoice>();
    // The latest one: before, its number went back to the counter, though its PDF may have been out.
    expect(
      (await t.request({ method: 'DELETE', url: `/api/factures/${second._id}`, token: issuer.token }))
        .statusCode,
    ).toBe(204);
    const kept = await t.request({ method: 'GET', url: `/api/factures/${second._id}`, token: issuer.token });
    expect(kept.statusCode).toBe(200);
    expect(kept.json<Invoice>()).toMatchObject({
      numero: `FAC-${year()}-0002`,
      statutEmetteur: 'annulee',
      verrouillee: true,
    });
    const info = await t.request({
      method: 'GET',
      url: '/api/factures/info-numerotation',
      token: issuer.token,
    });
    expect(info.json().prochainNumero).toBe(`FAC-${year()}-0003`);
    const third = await createInvoice(issuer.token, client._id);
    expect(third.json<Invoice>().numero).toBe(`FAC-${year()}-0003`);

    // An older one is cancelled the same way.
    expect(
      (await t.request({ method: 'DELETE', url: `/api/factures/${first._id}`, token: issuer.token }))
        .statusCode,
    ).toBe(204);
    const all = await t.request({ method: 'GET', url: '/api/factures', token: issuer.token });
    expect(all.json<Invoice[]>().map((i) => i.numero)).toEqual([`FAC-${year()}-0003`]);
    for (const status of ['annulee', 'annulée']) {
      const onlyCancelled = await t.request({
        method: 'GET',
        url: `/api/factures?status=${encodeURIComponent(status)}`,
        token: issuer.token,
      });
      expect(onlyCancelled.json<Invoice[]>().map((i) => [i.numero, i.statutEmetteur])).toEqual([
        [`FAC-${year()}-0002`, 'annulee'],
        [`FAC-${year()}-0001`, 'annulee'],
      ]);
    }
    const next = await t.request({
      method: 'GET',
      url: '/api/factures/info-numerotation',
      token: issuer.token,
    });
    expect(next.json().prochainNumero).toBe(`FAC-${year()}-0004`);
  });

  it('refuses to delete a client that has invoices', async () => {
    const { issuer, client } = await issuerWithInvoice();
    const res = await t.request({ method: 'DELETE', url: `/api/clients/${client._id}`, token: issuer.token });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorType).toBe('client_has_invoices');
    const invoices = await t.request({
      method: 'GET',
      url: `/api/factures/client/${client._id}`,
      token: issuer.token,
    });
    expect(invoices.json<Invoice[]>()).toHaveLength(1);
  });
});

describe('issuer statuses', () => {
  async function setIssuer(token: string, id: string, statutEmetteur: string) {
    return t.request({
      method: 'PUT',
      url: `/api/factures/${id}/statut-emetteur`,
      token,
      body: { statutEmetteur },
    });
  }

  it('follows the state machine and reports it truthfully', async () => {
    const { issuer, invoice } = await issuerWithInvoice();
    const statuts = async () =>
      (
        await t.request({ method: 'GET', url: `/api/factures/${invoice._id}/statuts`, token: issuer.token })
      ).json<InvoiceStatuses>();
    expect(await statuts()).toEqual({
      statutEmetteur: 'creee',
      statutDestinataire: null,
      canModifyEmetteur: true,
      canModifyDestinataire: false,
      transitions: ['brouillon', 'envoyee', 'payee'],
    });
    expect((await setIssuer(issuer.token, invoice._id, 'brouillon')).json<Invoice>().statutEmetteur).toBe(
      'brouillon',
    );
    const drafts = await t.request({
      method: 'GET',
      url: '/api/factures?status=brouillon',
      token: issuer.token,
    });
    expect(drafts.json<Invoice[]>()).toHaveLength(1);
    expect((await setIssuer(issuer.token, invoice._id, 'creee')).statusCode).toBe(200);
    // The short form of SPEC §7: PUT /factures/{id} {statut}.
    const sent = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
      body: { statut: 'envoyee' },
    });
    expect(sent.json<Invoice>()).toMatchObject({ statutEmetteur: 'envoyee', verrouillee: true });
    expect((await statuts()).transitions).toEqual(['payee']);

    const back = await setIssuer(issuer.token, invoice._id, 'creee');
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({
      errorType: 'invalid_status_transition',
      message: 'Changement de statut impossible : « Envoyée » vers « Créée ».',
    });
    expect((await setIssuer(issuer.token, invoice._id, 'annulee')).statusCode).toBe(409);
    expect((await setIssuer(issuer.token, invoice._id, 'vue')).statusCode).toBe(400);

    const paid = await setIssuer(issuer.token, invoice._id, 'payee');
    expect(paid.json<Invoice>()).toMatchObject({
      statutEmetteur: 'payee',
      payee: true,
      datePaiement: expect.any(String),
    });
    // Paid stays paid (see invoice-status.test.ts for every state).
    const undone = await setIssuer(issuer.token, invoice._id, 'envoyee');
    expect(undone.statusCode).toBe(409);
    expect((await statuts()).transitions).toEqual([]);
  });

  it('treats a cancelled invoice as final: no status change, no sending either way', async () => {
    const { issuer, invoice } = await issuerWithInvoice();
    await t.request({ method: 'DELETE', url: `/api/factures/${invoice._id}`, token: issuer.token });
    const statuts = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}/statuts`,
      token: issuer.token,
    });
    expect(statuts.json<InvoiceStatuses>()).toMatchObject({
      statutEmetteur: 'annulee',
      canModifyEmetteur: false,
      transitions: [],
    });
    for (const target of ['payee', 'envoyee', 'creee']) {
      const refused = await setIssuer(issuer.token, invoice._id, target);
      expect(refused.statusCode, target).toBe(409);
      expect(refused.json().errorType).toBe('invalid_status_transition');
    }
    const sends = [
      await t.request({
        method: 'POST',
        url: `/api/factures/${invoice._id}/send-internal`,
        token: issuer.token,
      }),
      await t.request({
        method: 'POST',
        url: `/api/factures/${invoice._id}/send-email`,
        token: issuer.token,
        body: { to: uniqueEmail('client'), subject: `Facture ${invoice.numero}` },
      }),
    ];
    for (const send of sends) {
      expect(send.statusCode).toBe(409);
      expect(send.json()).toEqual({
        errorType: 'invoice_cancelled',
        message: MESSAGES.cancelledInvoiceNotSent,
      });
    }
    // The refusals roll back their transactions, e-mail jobs included: nothing was marked sent.
    const after = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
    });
    expect(after.json<Invoice>()).toMatchObject({
      statutEmetteur: 'annulee',
      envoyeeLe: null,
      destinataire: null,
    });
  });
});

describe('sending on the platform', () => {
  it('sends a new address the signed link, creates no account until accepted, then it sees, opens and pays', async () => {
    const { issuer, client, invoice } = await issuerWithInvoice();
    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-internal`,
      token: issuer.token,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<Invoice>()).toMatchObject({
      statutEmetteur: 'envoyee',
      verrouillee: true,
      envoyeeLe: expect.any(String),
      // No account before its owner consents (DESIGN §5).
      destinataire: null,
    });

    const mail = await waitForMail(t.outboxDir, client.email, `Vous avez reçu la facture ${invoice.numero}`);
    expect(mail.text).toContain(
      `${issuer.user.prenom} ${issuer.user.nom} vous a envoyé la facture ${invoice.numero}`,
    );
    const token = new URL(linkIn(mail, '/facture-en-ligne/')).pathname.split('/').at(-1);
    const created = await t.request({
      method: 'POST',
      url: `/api/facture-en-ligne/${token}/compte`,
      body: { prenom: 'Inès', nom: 'Durand', password: STRONG_PASSWORD, accepteConditions: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    const recipient = created.json<{ token: string; user: User }>();
    expect(recipient.user).toMatchObject({ role: 'particulier', emailVerified: true });

    const received = await t.request({
      method: 'GET',
      url: '/api/factures/received',
      token: recipient.token,
    });
    expect(received.json<Invoice[]>()).toHaveLength(1);
    expect(received.json<Invoice[]>()[0]).toMatchObject({
      numero: invoice.numero,
      statut: 'non_vue',
      statutDestinataire: 'non_vue',
      statutEmetteur: null,
      role: 'destinataire',
      emetteur: { nom: issuer.user.nom },
    });
    const opened = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}`,
      token: recipient.token,
    });
    expect(opened.json<Invoice>()).toMatchObject({ statutDestinataire: 'vue', statutEmetteur: null });

    const statuts = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}/statuts`,
      token: recipient.token,
    });
    expect(statuts.json<InvoiceStatuses>()).toEqual({
      statutEmetteur: null,
      statutDestinataire: 'vue',
      canModifyEmetteur: false,
      canModifyDestinataire: true,
      transitions: ['payee'],
    });
    // Each side changes only its own status.
    const otherSide = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}/statut-emetteur`,
      token: recipient.token,
      body: { statutEmetteur: 'payee' },
    });
    expect(otherSide.statusCode).toBe(403);
    const issuerOnRecipientSide = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}/statut-destinataire`,
      token: issuer.token,
      body: { statutDestinataire: 'payee' },
    });
    expect(issuerOnRecipientSide.statusCode).toBe(403);
    const onlyPaid = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}/statut-destinataire`,
      token: recipient.token,
      body: { statutDestinataire: 'refusee' },
    });
    expect(onlyPaid.statusCode).toBe(409);
    const noEdit = await t.request({
      method: 'DELETE',
      url: `/api/factures/${invoice._id}`,
      token: recipient.token,
    });
    expect(noEdit.statusCode).toBe(403);

    const paid = await t.request({
      method: 'PATCH',
      url: `/api/factures/${invoice._id}/payer`,
      token: recipient.token,
    });
    // Issue 17: the recipient's « payée » is a declared payment, counted once the issuer confirms it.
    expect(paid.json<Invoice>()).toMatchObject({
      statutDestinataire: 'payee',
      payee: false,
      datePaiement: null,
    });
    const issuerView = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
    });
    expect(issuerView.json<Invoice>()).toMatchObject({
      statutEmetteur: 'envoyee',
      statutDestinataire: null,
      payee: false,
    });
    // Declared, not yet confirmed by the issuer: « Paiement signalé », not among the paid ones.
    const paidFilter = await t.request({
      method: 'GET',
      url: '/api/factures/received?status=payée',
      token: recipient.token,
    });
    expect(paidFilter.json<Invoice[]>()).toHaveLength(0);
  });

  it('sends the same link again when sent again, says it was already sent, and creates nobody', async () => {
    const { issuer, client, invoice } = await issuerWithInvoice();
    const send = () =>
      t.request({ method: 'POST', url: `/api/factures/${invoice._id}/send-internal`, token: issuer.token });
    const subject = `Vous avez reçu la facture ${invoice.numero}`;
    const linkMails = (count: number) =>
      waitFor(async () => {
        const mails = (await readOutbox(t.outboxDir)).filter(
          (m) => m.to === client.email && m.subject.includes(subject),
        );
        return mails.length === count ? mails : undefined;
      });

    const first = await send();
    expect(first.json()).toMatchObject({ dejaEnvoyee: false, invitationEnvoyee: true });
    await linkMails(1);
    const second = await send();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      statutEmetteur: 'envoyee',
      dejaEnvoyee: true,
      invitationEnvoyee: true,
    });
    const [firstMail, secondMail] = await linkMails(2);
    if (!firstMail || !secondMail) throw new Error('deux envois attendus');
    // One invoice, one address, one link: no older e-mail goes stale.
    expect(linkIn(secondMail, '/facture-en-ligne/')).toBe(linkIn(firstMail, '/facture-en-ligne/'));
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: client.email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('delivers to an existing account and notifies it by e-mail', async () => {
    const existing = await signedInUser(t, { prenom: 'Jeanne' });
    const issuer = await signedInUser(t);
    const client = await newClient(issuer.token, { email: existing.user.email });
    const invoice = (await createInvoice(issuer.token, client._id)).json<Invoice>();
    await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-internal`,
      token: issuer.token,
    });
    const mail = await waitForMail(
      t.outboxDir,
      existing.user.email,
      `Vous avez reçu la facture ${invoice.numero}`,
    );
    expect(linkIn(mail, '/factures/')).toBe(`${t.config.appUrl}/factures/${invoice._id}`);
    const received = await t.request({ method: 'GET', url: '/api/factures/received', token: existing.token });
    expect(received.json<Invoice[]>().map((i) => i._id)).toEqual([invoice._id]);
    // The recipient's own issued list is unaffected.
    expect((await t.request({ method: 'GET', url: '/api/factures', token: existing.token })).json()).toEqual(
      [],
    );
  });

  it('does not send an invoice to its own issuer', async () => {
    const issuer = await signedInUser(t);
    const client = await newClient(issuer.token, { email: issuer.user.email });
    const invoice = (await createInvoice(issuer.token, client._id)).json<Invoice>();
    const res = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-internal`,
      token: issuer.token,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('isolation', () => {
  it('lets nobody else read, change, pay, send or delete an invoice', async () => {
    const { issuer, client, invoice } = await issuerWithInvoice();
    const stranger = await signedInUser(t);
    const id = invoice._id;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/factures/${id}`],
      ['PUT', `/api/factures/${id}`, { client: client._id, lignes: lines }],
      ['PUT', `/api/factures/${id}`, { statut: 'payee' }],
      ['DELETE', `/api/factures/${id}`],
      ['GET', `/api/factures/${id}/statuts`],
      ['PUT', `/api/factures/${id}/statut-emetteur`, { statutEmetteur: 'payee' }],
      ['PUT', `/api/factures/${id}/statut-destinataire`, { statutDestinataire: 'payee' }],
      ['PATCH', `/api/factures/${id}/payer`],
      ['POST', `/api/factures/${id}/send-internal`],
      ['GET', `/api/factures/client/${client._id}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await t.request({ method: method as 'GET', url, token: stranger.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    for (const url of [
      '/api/factures',
      '/api/factures/received',
      '/api/export/factures',
      '/api/export/user-data',
      '/api/export-factures-rgpd',
    ]) {
      const res = await t.request({ method: 'GET', url, token: stranger.token });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(invoice.numero === '' ? 'x' : id);
    }
    const untouched = await t.request({ method: 'GET', url: `/api/factures/${id}`, token: issuer.token });
    expect(untouched.json<Invoice>()).toMatchObject({ statutEmetteur: 'creee', payee: false });
    expect(
      (await t.request({ method: 'GET', url: '/api/factures/not-a-uuid', token: issuer.token })).statusCode,
    ).toBe(404);
  });

  it('needs a session for every invoice call', async () => {
    for (const url of ['/api/factures', '/api/factures/received', '/api/factures/info-numerotation']) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('invoice exports', () => {
  it('exports the user’s issued and received invoices with their clients', async () => {
    const { issuer, invoice } = await issuerWithInvoice();
    const rgpd = await t.request({ method: 'GET', url: '/api/export-factures-rgpd', token: issuer.token });
    expect(rgpd.headers['content-disposition']).toMatch(
      /filename="export-factures-rgpd-professionnel-\d{4}-\d{2}-\d{2}\.json"/,
    );
    expect(rgpd.json()).toMatchObject({
      role: 'professionnel',
      totalFactures: 1,
      totalClients: 1,
      factures: [{ numero: invoice.numero }],
    });
    const all = await t.request({ method: 'GET', url: '/api/export/user-data', token: issuer.token });
    expect(all.json()).toMatchObject({
      profil: { email: issuer.user.email, factureCount: 1 },
      mentionsLegales: { personnalisees: false },
      clients: [{ nom: 'Boulangerie Martin' }],
      factures: { emises: [{ numero: invoice.numero }], recues: [] },
    });
    const plain = await t.request({ method: 'GET', url: '/api/export/factures', token: issuer.token });
    expect(plain.json()).toMatchObject({ emises: [{ _id: invoice._id }], recues: [] });
  });
});
