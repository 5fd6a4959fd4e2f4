import type { Quote } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, uniqueEmail } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { linkIn, waitForMail } from '../../test/outbox.js';
import { pdfPageText } from '../../test/pdf.js';
import { call, createQuote, issuer, newClient } from './quote-test-kit.js';

/*
 * The quote's PDF and its sending by e-mail: renderQuotePdf is the documents lane's (issue 15), these pass
 * once its work is merged.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('the quote as a document', () => {
  it('is a PDF titled DEVIS, for the issuer and the recipient', async () => {
    const seller = await issuer(t);
    const buyer = await signedInUser(t, { role: 'particulier', siret: null });
    const client = await newClient(t, seller.token, { email: buyer.user.email });
    const quote = await createQuote(t, seller.token, client._id, { dateValidite: '' });
    await call(t, seller.token, 'POST', `/devis/${quote._id}/send-internal`);
    for (const token of [seller.token, buyer.token]) {
      const res = await call(t, token, 'GET', `/devis/${quote._id}/pdf`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${quote.numero}.pdf"`);
      const text = pdfPageText(res.rawPayload);
      expect(text).toContain('DEVIS');
      expect(text).toContain(quote.numero);
    }
  });

  it('goes by e-mail with its PDF attached, replies to the issuer, and counts as sent', async () => {
    const seller = await issuer(t, { prenom: 'Nora', nom: 'Benali' });
    const client = await newClient(t, seller.token);
    const quote = await createQuote(t, seller.token, client._id);
    const to = uniqueEmail('client');
    const res = await call(t, seller.token, 'POST', `/devis/${quote._id}/send-email`, {
      to,
      subject: `Devis ${quote.numero}`,
      message: 'Bonjour,\n\nVoici notre proposition.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Quote>()).toMatchObject({ statut: 'envoyee' });
    const mail = await waitForMail(t.outboxDir, to, `Devis ${quote.numero}`);
    expect(mail.attachments).toEqual([`${quote.numero}.pdf`]);
    expect(mail.text).toContain(`le devis ${quote.numero} au format PDF`);
    expect(mail.replyTo).toContain(seller.email);
    // Its signed link opens the quote for that address, without an account.
    const link = new URL(linkIn(mail, '/devis-en-ligne/')).pathname;
    const online = await t.request({ method: 'GET', url: `/api${link}` });
    expect(online.statusCode, online.body).toBe(200);
    expect(online.json()).toMatchObject({ email: to, devis: { numero: quote.numero } });
    const deleted = await call(t, seller.token, 'DELETE', `/devis/${quote._id}`);
    expect(deleted.statusCode).toBe(409);
  });
});
