import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { expireQuotes } from '../quotes/quote-expiry.js';
import {
  acceptOffPlatform,
  call,
  createQuote,
  depositInvoice,
  issuer,
  newClient,
} from '../quotes/quote-test-kit.js';
import { entriesOf, summaryOf, verificationOf } from './journal-test-kit.js';

/* The journal of quotes (issue 18): numbered, issued, answered, invoiced, deleted or expired. */

let t: TestApp;
beforeAll(async () => {
  // A database of its own: the expiry job below moves every quote of the database.
  t = await startTestApp({}, { privateDatabase: true });
});
afterAll(async () => t.close());

describe('the journal of quotes', () => {
  it('records a quote e-mailed, accepted, then invoiced with a deposit and its final invoice', async () => {
    const pro = await issuer(t);
    const client = await newClient(t, pro.token);
    const quote = await createQuote(t, pro.token, client._id);
    const sent = await call(t, pro.token, 'POST', `/devis/${quote._id}/send-email`, {
      to: 'client@example.com',
      subject: 'Votre devis',
      message: 'Bonjour',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await acceptOffPlatform(t, pro.token, quote._id);
    const acompte = await depositInvoice(t, pro.token, quote._id, { pourcentage: 30 });
    const final = await call(t, pro.token, 'POST', `/devis/${quote._id}/facturer`);
    expect(final.statusCode, final.body).toBe(201);

    const rows = await entriesOf(t, pro.id);
    expect(rows.map(summaryOf)).toEqual([
      'numero_attribue',
      'statut emetteur creee→envoyee',
      'emission',
      'statut emetteur envoyee→acceptee',
      'numero_attribue',
      'numero_attribue',
      'statut emetteur acceptee→facturee',
    ]);
    expect(rows[0]).toMatchObject({ documentType: 'devis', documentId: quote._id, numero: quote.numero });
    // An e-mailed quote's issue carries the SHA-256 of the PDF attached.
    expect(rows[2]?.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[4]).toMatchObject({ documentType: 'acompte', numero: acompte.numero });
    expect(rows[5]).toMatchObject({ documentType: 'facture' });
    expect(await verificationOf(t, pro.token)).toMatchObject({ valide: true, evenements: 7 });
  });

  it('records a deleted draft quote and an expired one', async () => {
    const pro = await issuer(t);
    const client = await newClient(t, pro.token);
    const draft = await createQuote(t, pro.token, client._id);
    expect((await call(t, pro.token, 'DELETE', `/devis/${draft._id}`)).statusCode).toBe(204);
    const waiting = await createQuote(t, pro.token, client._id);
    // The maintenance job, a year later: the quote's validity is long past.
    expect(await expireQuotes(t.database.db, new Date(Date.now() + 366 * 86_400_000))).toBeGreaterThanOrEqual(
      1,
    );

    const rows = await entriesOf(t, pro.id);
    expect(rows.map(summaryOf)).toEqual([
      'numero_attribue',
      'annulation',
      'numero_attribue',
      'statut emetteur creee→expiree',
    ]);
    expect(rows[3]).toMatchObject({ documentId: waiting._id });
    expect(await verificationOf(t, pro.token)).toMatchObject({ valide: true, evenements: 4 });
  });
});
