import { DOCUMENT_MESSAGES, frenchVatNumber, type Invoice } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDate } from '../../lib/paris-date.js';
import { createClient, signedInUser, uniqueEmail, uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { creditInvoice, markInvoiceSent } from '../../test/invoice-requests.js';
import { waitForMail } from '../../test/outbox.js';
import { embeddedFile } from '../../test/pdf.js';

/** Credit notes (issue 15): POST /factures/{id}/avoir, the credits an invoice lists, the type filter. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const year = () => parisDate(new Date()).slice(0, 4);

/** A professional charging VAT (mixed rates are the interesting case for partial credits). */
async function reelIssuer(values: Record<string, unknown> = {}) {
  const siret = uniqueSiret();
  return signedInUser(t, {
    siret,
    regimeTva: 'reel',
    tvaIntracommunautaire: frenchVatNumber(siret.slice(0, 9)),
    ...values,
  });
}

const mixedLines = [
  { description: 'Mobilier sur mesure', quantite: 2, prixUnitaire: 500, tauxTVA: 20 },
  { description: 'Livres', quantite: 10, unite: 'unite', prixUnitaire: '12,50', tauxTVA: '5,5' },
];

async function invoiceTo(token: string, clientId: string, lignes: object[] = mixedLines) {
  const res = await t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: { client: clientId, delaiPaiement: 30, lignes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invoice>();
}

const markSent = (token: string, id: string) => markInvoiceSent(t, token, id);
const credit = (token: string, id: string, body: object) => creditInvoice(t, token, id, body);
const get = async (token: string, url: string) => {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** An issuer with a client and a sent invoice at 20 % and 5,5 % (1 331,88 € TTC). */
async function sentInvoice() {
  const issuer = await reelIssuer();
  const client = await createClient(t, issuer.token, { type: 'entreprise', siret: '55210055400021' });
  const invoice = await invoiceTo(issuer.token, client._id);
  expect((await markSent(issuer.token, invoice._id)).statusCode).toBe(200);
  return { issuer, client, invoice };
}

describe('a full credit note', () => {
  it('credits the whole invoice in the AV series, and the invoice reads « annulée par avoir »', async () => {
    const { issuer, client, invoice } = await sentInvoice();
    expect(invoice.montantTTC).toBe(1331.88);
    const res = await credit(issuer.token, invoice._id, { motif: 'Commande annulée' });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json<Invoice>();
    expect(note).toMatchObject({
      type: 'avoir',
      numero: `AV-${year()}-0001`,
      motif: 'Commande annulée',
      montantHT: 1125,
      montantTVA: 206.88,
      montantTTC: 1331.88,
      ventilationTVA: invoice.ventilationTVA,
      factureOrigine: {
        _id: invoice._id,
        numero: invoice.numero,
        dateEmission: invoice.dateEmission,
        montantTTC: 1331.88,
      },
      client: { _id: client._id, nom: invoice.client.nom },
      emetteur: { siret: invoice.emetteur.siret },
      statutEmetteur: 'creee',
      avoirs: [],
      annuleeParAvoir: null,
    });
    expect(note.lignes).toEqual(invoice.lignes);

    const credited = await get(issuer.token, `/api/factures/${invoice._id}`);
    expect(credited).toMatchObject({
      avoirs: [{ _id: note._id, numero: note.numero, montantTTC: 1331.88 }],
      montantCredite: 1331.88,
      annuleeParAvoir: note.numero,
    });
    // The FAC series is untouched: the next invoice takes the next FAC number.
    expect((await get(issuer.token, '/api/factures/info-numerotation')).prochainNumero).toBe(
      `FAC-${year()}-0002`,
    );
  });

  it('writes a Factur-X credit note: TypeCode 381, the preceding invoice (BT-25, BT-26) and the reason', async () => {
    const { issuer, invoice } = await sentInvoice();
    const note = (await credit(issuer.token, invoice._id, { motif: 'Erreur de prix' })).json<Invoice>();
    const pdf = await t.request({ method: 'GET', url: `/api/factures/${note._id}/pdf`, token: issuer.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(`${note.numero}.pdf`);
    const xml = embeddedFile(pdf.rawPayload).toString('utf8');
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toContain(
      `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${invoice.numero}</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${invoice.dateEmission.replace(/-/g, '')}</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>`,
    );
    expect(xml).toContain('Motif : Erreur de prix');
    expect(xml).toContain('<ram:DuePayableAmount>1331.88</ram:DuePayableAmount>');
  });
});

describe('a credit note sent by e-mail', () => {
  it('is named as a credit note in the e-mail, not « la facture », with its Factur-X attached', async () => {
    const { issuer, client, invoice } = await sentInvoice();
    const note = (await credit(issuer.token, invoice._id, { motif: 'Commande annulée' })).json<Invoice>();
    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${note._id}/send-email`,
      token: issuer.token,
      body: { to: client.email, subject: `Avoir ${note.numero}`, message: 'Bonjour' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await waitForMail(t.outboxDir, client.email, `Avoir ${note.numero}`);
    expect(mail.text).toContain(`Vous trouverez ci-joint l’avoir ${note.numero} au format Factur-X`);
    expect(mail.text).not.toContain('la facture');
    expect(mail.attachments).toEqual([`${note.numero}.pdf`]);
  });
});

describe('partial credit notes', () => {
  it('credit their own lines at the invoice rates, up to the invoice total and never beyond', async () => {
    const { issuer, invoice } = await sentInvoice();
    const first = await credit(issuer.token, invoice._id, {
      motif: 'Deux livres abîmés',
      lignes: [{ description: 'Livres', quantite: 2, unite: 'unite', prixUnitaire: '12,50', tauxTVA: '5,5' }],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Invoice>()).toMatchObject({
      numero: `AV-${year()}-0001`,
      montantHT: 25,
      montantTVA: 1.38,
      montantTTC: 26.38,
      ventilationTVA: [{ taux: 5.5, baseHT: 25, montantTVA: 1.38 }],
    });
    let credited = await get(issuer.token, `/api/factures/${invoice._id}`);
    expect(credited).toMatchObject({ montantCredite: 26.38, annuleeParAvoir: null });

    // A rate the invoice does not charge is refused; so is more than what is left.
    const wrongRate = await credit(issuer.token, invoice._id, {
      motif: 'Remise',
      lignes: [{ description: 'Remise', quantite: 1, prixUnitaire: 10, tauxTVA: 10 }],
    });
    expect(wrongRate.statusCode).toBe(400);
    expect(wrongRate.json()).toEqual({
      errorType: 'validation_error',
      message: DOCUMENT_MESSAGES.creditRateNotOnInvoice,
    });
    const full = await credit(issuer.token, invoice._id, { motif: 'Tout annuler' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ errorType: 'conflict', message: DOCUMENT_MESSAGES.creditExceedsInvoice });

    // The rest, exactly: 1 331,88 − 26,38 = 1 305,50 (1 200 at 20 %, 8 books at 5,5 %).
    const rest = await credit(issuer.token, invoice._id, {
      motif: 'Solde',
      lignes: [
        { description: 'Mobilier sur mesure', quantite: 2, prixUnitaire: 500, tauxTVA: 20 },
        { description: 'Livres', quantite: 8, unite: 'unite', prixUnitaire: '12,50', tauxTVA: '5,5' },
      ],
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json<Invoice>().montantTTC).toBe(1305.5);
    credited = await get(issuer.token, `/api/factures/${invoice._id}`);
    expect(credited).toMatchObject({
      montantCredite: 1331.88,
      annuleeParAvoir: `AV-${year()}-0002`,
      avoirs: [{ numero: `AV-${year()}-0001` }, { numero: `AV-${year()}-0002` }],
    });
    const more = await credit(issuer.token, invoice._id, {
      motif: 'Encore',
      lignes: [{ description: 'Livres', quantite: 1, prixUnitaire: 1, tauxTVA: '5,5' }],
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(DOCUMENT_MESSAGES.creditExceedsInvoice);
  });
});

describe('what cannot be credited, and a credit note is final', () => {
  it('refuses drafts, cancelled invoices, credit notes, and a missing reason', async () => {
    const issuer = await reelIssuer();
    const client = await createClient(t, issuer.token);
    const draft = await invoiceTo(issuer.token, client._id);
    const refusedDraft = await credit(issuer.token, draft._id, { motif: 'Erreur' });
    expect(refusedDraft.statusCode).toBe(409);
    expect(refusedDraft.json()).toEqual({
      errorType: 'conflict',
      message: DOCUMENT_MESSAGES.creditNeedsIssuedInvoice,
    });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/factures/${draft._id}`, token: issuer.token }))
        .statusCode,
    ).toBe(204);
    expect((await credit(issuer.token, draft._id, { motif: 'Erreur' })).json().message).toBe(
      DOCUMENT_MESSAGES.creditNeedsIssuedInvoice,
    );

    const sent = await invoiceTo(issuer.token, client._id);
    await markSent(issuer.token, sent._id);
    const noReason = await credit(issuer.token, sent._id, { motif: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ errorType: 'validation_error' });
    expect(JSON.stringify(noReason.json())).toContain(DOCUMENT_MESSAGES.creditReasonRequired);

    const note = (await credit(issuer.token, sent._id, { motif: 'Erreur' })).json<Invoice>();
    const ofCredit = await credit(issuer.token, note._id, { motif: 'Erreur' });
    expect(ofCredit.statusCode).toBe(409);
    expect(ofCredit.json()).toEqual({ errorType: 'conflict', message: DOCUMENT_MESSAGES.creditOfCredit });

    const locked = { errorType: 'invoice_locked', message: DOCUMENT_MESSAGES.creditNoteLocked };
    const edit = await t.request({
      method: 'PUT',
      url: `/api/factures/${note._id}`,
      token: issuer.token,
      body: { client: client._id, delaiPaiement: 30, lignes: mixedLines },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual(locked);
    const remove = await t.request({
      method: 'DELETE',
      url: `/api/factures/${note._id}`,
      token: issuer.token,
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual(locked);
    // Never back to a draft, never « payée » (a credit note is refunded by its own means); marked sent, yes.
    const statuts = await get(issuer.token, `/api/factures/${note._id}/statuts`);
    expect(statuts.transitions).toEqual(['envoyee']);
    const toDraft = await t.request({
      method: 'PUT',
      url: `/api/factures/${note._id}/statut-emetteur`,
      token: issuer.token,
      body: { statutEmetteur: 'brouillon' },
    });
    expect(toDraft.statusCode).toBe(409);
    expect(toDraft.json().errorType).toBe('invalid_status_transition');
    expect((await markSent(issuer.token, note._id)).statusCode).toBe(200);
  });

  it('is the issuer’s only: a stranger gets 404', async () => {
    const { invoice } = await sentInvoice();
    const stranger = await reelIssuer();
    const res = await credit(stranger.token, invoice._id, { motif: 'Erreur' });
    expect(res.statusCode).toBe(404);
    expect((await credit(stranger.token, 'pas-un-id', { motif: 'Erreur' })).statusCode).toBe(404);
  });
});

describe('a credit note of an invoice received on the platform', () => {
  it('reaches the same recipient at once, who sees the invoice « annulée par avoir »', async () => {
    const recipient = await signedInUser(t, { role: 'particulier', siret: null, email: uniqueEmail('dest') });
    const issuer = await reelIssuer();
    const client = await createClient(t, issuer.token, { email: recipient.user.email });
    const invoice = await invoiceTo(issuer.token, client._id);
    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-internal`,
      token: issuer.token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The recipient sees the invoice, but only its issuer credits it.
    const byRecipient = await credit(recipient.token, invoice._id, { motif: 'Je refuse' });
    expect(byRecipient.statusCode).toBe(403);
    expect(byRecipient.json().errorType).toBe('not_issuer');
    const res = await credit(issuer.token, invoice._id, { motif: 'Prestation annulée' });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json<Invoice>();
    expect(note).toMatchObject({
      statutEmetteur: 'envoyee',
      envoyeeLe: expect.any(String),
      destinataire: { _id: recipient.user._id },
    });

    const mail = await waitForMail(
      t.outboxDir,
      recipient.user.email,
      `Vous avez reçu l’avoir ${note.numero}`,
    );
    expect(mail.text).toContain(`sur la facture ${invoice.numero}`);
    expect(mail.text).toContain(`/factures/${note._id}`);

    const received = await get(recipient.token, '/api/factures/received?type=avoir');
    expect(received.map((i: Invoice) => i.numero)).toEqual([note.numero]);
    expect(received[0]).toMatchObject({ type: 'avoir', statutDestinataire: 'non_vue', role: 'destinataire' });
    const original = await get(recipient.token, `/api/factures/${invoice._id}`);
    expect(original).toMatchObject({ annuleeParAvoir: note.numero, montantCredite: invoice.montantTTC });
  });
});

describe('the lists by type', () => {
  it('filter on ?type= for issued, received and per-client lists; an unknown type is a 400', async () => {
    const { issuer, client, invoice } = await sentInvoice();
    const note = (await credit(issuer.token, invoice._id, { motif: 'Erreur' })).json<Invoice>();
    const numbers = async (url: string) => (await get(issuer.token, url)).map((i: Invoice) => i.numero);
    expect(await numbers('/api/factures?type=avoir')).toEqual([note.numero]);
    // Fully credited, the invoice reads « Annulée »: under that filter, and beside its credit note without one.
    expect(await numbers('/api/factures?type=facture')).toEqual([invoice.numero]);
    expect(await numbers('/api/factures?type=facture&status=annulee')).toEqual([invoice.numero]);
    expect(await numbers('/api/factures?type=facture&status=envoyee')).toEqual([]);
    expect(await numbers('/api/factures?type=acompte')).toEqual([]);
    expect((await numbers('/api/factures')).sort()).toEqual([invoice.numero, note.numero].sort());
    expect(await numbers(`/api/factures/client/${client._id}?type=avoir`)).toEqual([note.numero]);
    // A list row is narrow (issue 16): « Annulée par avoir » on the row, the credit notes on the detail.
    const listed = await get(issuer.token, '/api/factures?type=facture&status=annulee');
    expect(listed[0]).toMatchObject({ annuleeParAvoir: note.numero });
    const detail = await get(issuer.token, `/api/factures/${invoice._id}`);
    expect(detail).toMatchObject({ annuleeParAvoir: note.numero, avoirs: [{ numero: note.numero }] });
    for (const url of [
      '/api/factures?type=devis',
      '/api/factures/received?type=factures',
      `/api/factures/client/${client._id}?type=x`,
    ]) {
      const res = await t.request({ method: 'GET', url, token: issuer.token });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        errorType: 'validation_error',
        message: DOCUMENT_MESSAGES.unknownInvoiceType,
      });
    }
  });

  it('exports credit notes with their type and negative signed amounts', async () => {
    const { issuer, invoice } = await sentInvoice();
    await credit(issuer.token, invoice._id, { motif: 'Erreur' });
    const exported = await get(issuer.token, '/api/export/factures');
    const byType = Object.fromEntries(
      exported.emises.map((i: Invoice & { montantTTCSigne: number }) => [i.type, i.montantTTCSigne]),
    );
    expect(byType).toEqual({ facture: 1331.88, avoir: -1331.88 });
  });
});

describe('the free plan’s quota', () => {
  it('never counts credit notes', async () => {
    const issuer = await reelIssuer({ plan: 'gratuit', limiteFactures: 1 });
    const client = await createClient(t, issuer.token);
    const invoice = await invoiceTo(issuer.token, client._id);
    await markSent(issuer.token, invoice._id);
    const note = await credit(issuer.token, invoice._id, {
      motif: 'Remise',
      lignes: [{ description: 'Livres', quantite: 1, prixUnitaire: 1, tauxTVA: '5,5' }],
    });
    expect(note.statusCode, note.body).toBe(201);
    const info = await get(issuer.token, '/api/subscription/info');
    expect(info.facturesMensuel).toMatchObject({ utilise: 1, limite: 1 });
    const refused = await t.request({
      method: 'POST',
      url: '/api/factures',
      token: issuer.token,
      body: { client: client._id, delaiPaiement: 30, lignes: mixedLines },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorType: 'quota_exceeded', quota: { utilise: 1, limite: 1 } });
  });
});
