import {
  DEFAULT_LEGAL_MENTIONS,
  QUOTE_MESSAGES,
  QUOTE_STATUS_FILTER_MESSAGE,
  type Quote,
  type QuoteStatuses,
  type SendQuoteInternalResponse,
} from '@facturo/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotes } from '../../db/schema.js';
import { addDays, parisDate } from '../../lib/paris-date.js';
import { signedInUser, uniqueEmail } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { linkIn, waitForMail } from '../../test/outbox.js';
import { expireQuotes } from './quote-expiry.js';
import {
  acceptOffPlatform,
  call,
  createQuote,
  eventsOf,
  issuer,
  newClient,
  postQuote,
} from './quote-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const today = () => parisDate(t.clock.now());
const year = () => today().slice(0, 4);

/** An issuer, its client and a quote sent on the platform to a client who already has an account. */
async function sentToAccount() {
  const seller = await issuer(t);
  const buyer = await signedInUser(t, { role: 'particulier', siret: null });
  const client = await newClient(t, seller.token, { email: buyer.user.email });
  const quote = await createQuote(t, seller.token, client._id);
  const sent = await call(t, seller.token, 'POST', `/devis/${quote._id}/send-internal`);
  expect(sent.statusCode, sent.body).toBe(200);
  return {
    seller,
    buyer: { token: buyer.token, id: buyer.user._id, email: buyer.user.email },
    client,
    quote,
  };
}

describe('writing quotes', () => {
  it('numbers a quote in its own DEV series, valid 30 days, composed as an invoice', async () => {
    const seller = await issuer(t, { prenom: 'Nora', nom: 'Benali' });
    const client = await newClient(t, seller.token, { siret: '55210055400021' });
    const quote = await createQuote(t, seller.token, client._id, {
      objet: 'Rénovation',
      montantTTC: 99999,
      lignes: [
        { description: 'Conseil', quantite: 3, prixUnitaire: 33.33 },
        { description: '', quantite: '', prixUnitaire: '' },
      ],
    });
    expect(quote).toMatchObject({
      type: 'devis',
      numero: `DEV-${year()}-0001`,
      dateEmission: today(),
      dateValidite: addDays(today(), 30),
      objet: 'Rénovation',
      lignes: [{ description: 'Conseil', quantite: 3, prixUnitaire: 33.33, montant: 99.99 }],
      montantHT: 99.99,
      montantTTC: 99.99,
      categorieTVA: 'E',
      statut: 'creee',
      statutEmetteur: 'creee',
      statutDestinataire: null,
      verrouille: false,
      role: 'emetteur',
      acomptes: [],
      montantAcomptes: 0,
      factureFinale: null,
      emetteur: { prenom: 'Nora', nom: 'Benali' },
      client: { _id: client._id, siret: '55210055400021' },
      mentionsLegales: { conditionsPaiement: DEFAULT_LEGAL_MENTIONS.conditionsPaiement },
    });
    const upcoming = await call(t, seller.token, 'GET', '/devis/info-numerotation');
    expect(upcoming.json()).toEqual({ prochainNumero: `DEV-${year()}-0002` });
    const second = await createQuote(t, seller.token, client._id);
    expect(second.numero).toBe(`DEV-${year()}-0002`);
    // Quotes take nothing from the invoices' series.
    const next = await call(t, seller.token, 'GET', '/factures/info-numerotation');
    expect(next.json()).toEqual({ prochainNumero: `FAC-${year()}-0001` });
  });

  it('takes a validity date from today to a year ahead, and refuses any other', async () => {
    const seller = await issuer(t);
    const client = await newClient(t, seller.token);
    const body = (dateValidite: string) => ({
      client: client._id,
      lignes: [{ description: 'A', quantite: 1, prixUnitaire: 1 }],
      dateValidite,
    });
    for (const bad of [addDays(today(), -1), addDays(today(), 366), '2026-02-30', '25/12/2026']) {
      const res = await postQuote(t, seller.token, body(bad));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({
        errorType: 'validation_error',
        message: QUOTE_MESSAGES.validityDate,
      });
    }
    for (const good of [today(), addDays(today(), 365)]) {
      const res = await postQuote(t, seller.token, body(good));
      expect(res.statusCode).toBe(201);
      expect(res.json<Quote>().dateValidite).toBe(good);
    }
  });

  it('is for professionals with a client of their own', async () => {
    const buyer = await signedInUser(t, { role: 'particulier', siret: null });
    const refused = await postQuote(t, buyer.token, { client: crypto.randomUUID(), lignes: [] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorType).toBe('requires_upgrade');
    const seller = await issuer(t);
    const other = await issuer(t);
    const theirs = await newClient(t, other.token);
    const res = await postQuote(t, seller.token, {
      client: theirs._id,
      lignes: [{ description: 'A', quantite: 1, prixUnitaire: 1 }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorType: 'not_found', message: 'Client introuvable.' });
  });

  it('edits a quote until it is answered, then refuses with 409', async () => {
    const seller = await issuer(t);
    const client = await newClient(t, seller.token);
    const quote = await createQuote(t, seller.token, client._id);
    const edited = await call(t, seller.token, 'PUT', `/devis/${quote._id}`, {
      client: quote.client,
      lignes: [{ description: 'Audit', quantite: 2, prixUnitaire: 250 }],
      dateValidite: addDays(today(), 60),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Quote>()).toMatchObject({
      montantTTC: 500,
      dateValidite: addDays(today(), 60),
      numero: quote.numero,
    });
    await acceptOffPlatform(t, seller.token, quote._id);
    const locked = await call(t, seller.token, 'PUT', `/devis/${quote._id}`, {
      client: client._id,
      lignes: [{ description: 'X', quantite: 1, prixUnitaire: 1 }],
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({ errorType: 'quote_locked', message: QUOTE_MESSAGES.locked });
  });

  it('deletes a quote never sent for good, without giving its number again; a sent one stays', async () => {
    const seller = await issuer(t);
    const client = await newClient(t, seller.token);
    const first = await createQuote(t, seller.token, client._id);
    const removed = await call(t, seller.token, 'DELETE', `/devis/${first._id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(t, seller.token, 'GET', `/devis/${first._id}`)).statusCode).toBe(404);
    const upcoming = await call(t, seller.token, 'GET', '/devis/info-numerotation');
    expect(upcoming.json()).toEqual({ prochainNumero: `DEV-${year()}-0002` });
    const second = await createQuote(t, seller.token, client._id);
    expect(second.numero).toBe(`DEV-${year()}-0002`);
    const marked = await call(t, seller.token, 'PUT', `/devis/${second._id}/statut-emetteur`, {
      statutEmetteur: 'envoyee',
    });
    expect(marked.json<Quote>()).toMatchObject({ statut: 'envoyee' });
    expect(marked.json<Quote>().envoyeeLe).not.toBeNull();
    const kept = await call(t, seller.token, 'DELETE', `/devis/${second._id}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toEqual({ errorType: 'quote_locked', message: QUOTE_MESSAGES.sentNotDeletable });
  });

  it('keeps a client with quotes in the directory (409)', async () => {
    const seller = await issuer(t);
    const client = await newClient(t, seller.token);
    await createQuote(t, seller.token, client._id);
    const res = await call(t, seller.token, 'DELETE', `/clients/${client._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorType).toBe('client_has_quotes');
    expect(res.json().message).toContain('devis');
  });
});

describe('lists', () => {
  it('lists issued quotes by status, and refuses an unknown status', async () => {
    const seller = await issuer(t);
    const client = await newClient(t, seller.token);
    const open = await createQuote(t, seller.token, client._id);
    const accepted = await createQuote(t, seller.token, client._id);
    await acceptOffPlatform(t, seller.token, accepted._id);
    const all = await call(t, seller.token, 'GET', '/devis');
    expect(
      all
        .json<Quote[]>()
        .map((q) => q._id)
        .sort(),
    ).toEqual([open._id, accepted._id].sort());
    const only = await call(t, seller.token, 'GET', '/devis?status=acceptee');
    expect(only.json<Quote[]>().map((q) => q._id)).toEqual([accepted._id]);
    const bad = await call(t, seller.token, 'GET', '/devis?status=payee');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorType: 'validation_error', message: QUOTE_STATUS_FILTER_MESSAGE });
  });
});

describe('sending on the platform and answering', () => {
  it('gives a client without an account the quote’s signed link, and creates no account', async () => {
    const seller = await issuer(t, { prenom: 'Nora', nom: 'Benali' });
    const email = uniqueEmail('prospect');
    const client = await newClient(t, seller.token, { email });
    const quote = await createQuote(t, seller.token, client._id);
    const res = await call(t, seller.token, 'POST', `/devis/${quote._id}/send-internal`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SendQuoteInternalResponse>()).toMatchObject({
      statut: 'envoyee',
      statutDestinataire: null,
      dejaEnvoyee: false,
      invitationEnvoyee: true,
      destinataire: null,
    });
    const mail = await waitForMail(t.outboxDir, email, `le devis ${quote.numero}`);
    expect(mail.text).toContain('Nora Benali vous a envoyé le devis');
    expect(linkIn(mail, '/devis-en-ligne/')).toBeTruthy();
    expect(mail.text).not.toContain('/invitation?token=');
  });

  it('reaches an existing account: received list, e-mail, event; opening marks it seen', async () => {
    const { seller, buyer, quote } = await sentToAccount();
    const mail = await waitForMail(t.outboxDir, buyer.email, `le devis ${quote.numero}`);
    expect(linkIn(mail, `/devis/${quote._id}`)).toBe(`${t.config.appUrl}/devis/${quote._id}`);
    expect(await eventsOf(t, buyer.id)).toContainEqual({
      type: 'quote.received',
      data: { devisId: quote._id, numero: quote.numero },
    });
    const received = await call(t, buyer.token, 'GET', '/devis/received?status=non_vue');
    expect(received.json<Quote[]>().map((q) => q._id)).toEqual([quote._id]);
    const opened = await call(t, buyer.token, 'GET', `/devis/${quote._id}`);
    expect(opened.json<Quote>()).toMatchObject({
      role: 'destinataire',
      statut: 'vue',
      statutEmetteur: 'envoyee',
    });
    const seen = await call(t, seller.token, 'GET', `/devis/${quote._id}`);
    expect(seen.json<Quote>()).toMatchObject({ statut: 'envoyee', statutDestinataire: 'vue' });
    expect(await eventsOf(t, seller.id)).toContainEqual({
      type: 'quote.status_changed',
      data: { devisId: quote._id, statutEmetteur: 'envoyee', statutDestinataire: 'vue' },
    });
    const statuses = await call(t, buyer.token, 'GET', `/devis/${quote._id}/statuts`);
    expect(statuses.json<QuoteStatuses>()).toMatchObject({ peutRepondre: true, peutFacturer: false });
  });

  it('lets the recipient accept once, with a comment; the issuer’s side follows', async () => {
    const { seller, buyer, quote } = await sentToAccount();
    const issuerTries = await call(t, seller.token, 'PUT', `/devis/${quote._id}/statut-destinataire`, {
      statutDestinataire: 'acceptee',
    });
    expect(issuerTries.statusCode).toBe(403);
    expect(issuerTries.json().errorType).toBe('forbidden');
    const res = await call(t, buyer.token, 'PUT', `/devis/${quote._id}/statut-destinataire`, {
      statutDestinataire: 'acceptee',
      commentaire: 'Parfait, on commence lundi.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Quote>()).toMatchObject({
      statut: 'acceptee',
      statutEmetteur: 'acceptee',
      commentaireReponse: 'Parfait, on commence lundi.',
      reponseHorsPlateforme: false,
      verrouille: true,
    });
    const asIssuer = (await call(t, seller.token, 'GET', `/devis/${quote._id}`)).json<Quote>();
    expect(asIssuer).toMatchObject({ statut: 'acceptee', statutDestinataire: 'acceptee' });
    expect(asIssuer.reponduLe).not.toBeNull();
    expect(await eventsOf(t, seller.id)).toContainEqual({
      type: 'quote.status_changed',
      data: { devisId: quote._id, statutEmetteur: 'acceptee', statutDestinataire: 'acceptee' },
    });
    const twice = await call(t, buyer.token, 'PUT', `/devis/${quote._id}/statut-destinataire`, {
      statutDestinataire: 'refusee',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ errorType: 'quote_answer_closed', message: QUOTE_MESSAGES.answerClosed });
    const statuses = await call(t, seller.token, 'GET', `/devis/${quote._id}/statuts`);
    expect(statuses.json<QuoteStatuses>()).toMatchObject({ peutFacturer: true, transitionsEmetteur: [] });
  });

  it('lets the recipient refuse, and keeps the recipient off the issuer’s actions', async () => {
    const { buyer, quote, client } = await sentToAccount();
    for (const [method, url, body] of [
      [
        'PUT',
        `/devis/${quote._id}`,
        { client: client._id, lignes: [{ description: 'X', quantite: 1, prixUnitaire: 1 }] },
      ],
      ['DELETE', `/devis/${quote._id}`, undefined],
      ['POST', `/devis/${quote._id}/send-internal`, undefined],
      ['POST', `/devis/${quote._id}/acompte`, { pourcentage: 30 }],
      ['POST', `/devis/${quote._id}/facturer`, undefined],
    ] as const) {
      const res = await call(t, buyer.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ errorType: 'not_issuer', message: QUOTE_MESSAGES.notIssuer });
    }
    const mark = await call(t, buyer.token, 'PUT', `/devis/${quote._id}/statut-emetteur`, {
      statutEmetteur: 'acceptee',
    });
    expect(mark.statusCode).toBe(403);
    const res = await call(t, buyer.token, 'PUT', `/devis/${quote._id}/statut-destinataire`, {
      statutDestinataire: 'refusee',
      commentaire: 'Trop cher',
    });
    expect(res.json<Quote>()).toMatchObject({
      statut: 'refusee',
      statutEmetteur: 'refusee',
      commentaireReponse: 'Trop cher',
    });
  });

  it('records an answer received outside the platform, and refuses impossible changes', async () => {
    const seller = await issuer(t);
    const client = await newClient(t, seller.token);
    const quote = await createQuote(t, seller.token, client._id);
    const res = await call(t, seller.token, 'PUT', `/devis/${quote._id}/statut-emetteur`, {
      statutEmetteur: 'refusee',
      commentaire: 'Par téléphone',
    });
    expect(res.json<Quote>()).toMatchObject({
      statut: 'refusee',
      reponseHorsPlateforme: true,
      commentaireReponse: 'Par téléphone',
      verrouille: true,
    });
    const back = await call(t, seller.token, 'PUT', `/devis/${quote._id}/statut-emetteur`, {
      statutEmetteur: 'acceptee',
    });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({
      errorType: 'invalid_status_transition',
      message: 'Changement de statut impossible : « Refusé » vers « Accepté ».',
    });
  });
});

describe('expiry', () => {
  it('expires waiting quotes past their validity date, and the recipient can no longer answer', async () => {
    const { seller, buyer, quote, client } = await sentToAccount();
    const answered = await createQuote(t, seller.token, client._id);
    await acceptOffPlatform(t, seller.token, answered._id);
    // Written a month ago, valid until yesterday (Paris).
    const yesterday = addDays(today(), -1);
    await t.database.db
      .update(quotes)
      .set({ dateValidite: yesterday })
      .where(inArray(quotes.id, [quote._id, answered._id]));
    const late = await call(t, buyer.token, 'PUT', `/devis/${quote._id}/statut-destinataire`, {
      statutDestinataire: 'acceptee',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ errorType: 'quote_expired', message: QUOTE_MESSAGES.expired });
    // The job's day has not come yet at 23:59 yesterday; it has today.
    expect(await expireQuotes(t.database.db, new Date(`${yesterday}T12:00:00+01:00`))).toBe(0);
    expect(await expireQuotes(t.database.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    const expired = (await call(t, seller.token, 'GET', `/devis/${quote._id}`)).json<Quote>();
    expect(expired.statut).toBe('expiree');
    expect((await call(t, seller.token, 'GET', `/devis/${answered._id}`)).json<Quote>().statut).toBe(
      'acceptee',
    );
    // Edited as GET shows it, its date unchanged, it stays expired.
    const asShown = await call(t, seller.token, 'PUT', `/devis/${quote._id}`, {
      ...expired,
      objet: 'Relance',
    });
    expect(asShown.statusCode, asShown.body).toBe(200);
    expect(asShown.json<Quote>()).toMatchObject({
      statut: 'expiree',
      dateValidite: yesterday,
      objet: 'Relance',
    });
    const resend = await call(t, seller.token, 'POST', `/devis/${quote._id}/send-internal`);
    expect(resend.json()).toEqual({ errorType: 'quote_expired', message: QUOTE_MESSAGES.expired });
    // A new validity date puts it back in the client's hands.
    const renewed = await call(t, seller.token, 'PUT', `/devis/${quote._id}`, {
      client: client._id,
      lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 100 }],
      dateValidite: addDays(today(), 15),
    });
    expect(renewed.json<Quote>().statut).toBe('envoyee');
    const answer = await call(t, buyer.token, 'PUT', `/devis/${quote._id}/statut-destinataire`, {
      statutDestinataire: 'acceptee',
    });
    expect(answer.statusCode).toBe(200);
  });
});

describe('isolation', () => {
  it('tells anyone else the quote does not exist', async () => {
    const { quote, client } = await sentToAccount();
    const stranger = await issuer(t);
    for (const [method, url, body] of [
      ['GET', `/devis/${quote._id}`, undefined],
      [
        'PUT',
        `/devis/${quote._id}`,
        { client: client._id, lignes: [{ description: 'X', quantite: 1, prixUnitaire: 1 }] },
      ],
      ['DELETE', `/devis/${quote._id}`, undefined],
      ['GET', `/devis/${quote._id}/pdf`, undefined],
      ['GET', `/devis/${quote._id}/statuts`, undefined],
      ['POST', `/devis/${quote._id}/send-internal`, undefined],
      ['PUT', `/devis/${quote._id}/statut-destinataire`, { statutDestinataire: 'acceptee' }],
      ['PUT', `/devis/${quote._id}/statut-emetteur`, { statutEmetteur: 'acceptee' }],
      ['POST', `/devis/${quote._id}/acompte`, { pourcentage: 10 }],
      ['POST', `/devis/${quote._id}/facturer`, undefined],
      ['GET', '/devis/pas-un-uuid', undefined],
    ] as const) {
      const res = await call(t, stranger.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ errorType: 'not_found', message: 'Devis non trouvé' });
    }
    expect((await call(t, stranger.token, 'GET', '/devis')).json()).toEqual([]);
    expect((await call(t, stranger.token, 'GET', '/devis/received')).json()).toEqual([]);
  });
});
