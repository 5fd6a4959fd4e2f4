import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yearlyArchives } from '../../db/schema.js';
import { receivedSupplierInvoice } from '../../test/einvoice-samples.js';
import { clientWithInvoice, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call } from '../payments/payments-test-kit.js';
import { createPurchase, SAMPLE_PDF, uploadReceipt } from '../purchases/purchases-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/**
 * The web's guard lets a closed account reach only its archive's screens (account-archive/archive-access.ts);
 * each read those screens make — on load, and behind their download buttons — must be on the server's
 * allowlist (plugins/read-only-archive.ts), or the page would show a 403. The e2e journey
 * (account-closed.spec.ts) watches the same from the browser.
 */
describe('every read of the archive’s web screens is allowed to a closed account', () => {
  it('answers 200 to the invoices, books, supplier invoices, profile and frame reads', async () => {
    const { token, password, user } = await signedInUser(t);
    const { invoice } = await clientWithInvoice(t, token);
    const sent = await call(t, token, 'PUT', `/factures/${invoice._id}/statut-emetteur`, {
      statutEmetteur: 'envoyee',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const purchase = await createPurchase(t, token, { dateAchat: invoice.dateEmission });
    expect((await uploadReceipt(t, token, purchase._id, SAMPLE_PDF, { name: 'r.pdf' })).statusCode).toBe(200);
    const supplierInvoice = await receivedSupplierInvoice(t, token);
    const [archive] = await t.database.db
      .insert(yearlyArchives)
      .values({ userId: user._id, year: 2025, status: 'prete', zip: Buffer.from('PK'), sha256: 'x' })
      .returning({ id: yearlyArchives.id });
    const closing = await call(t, token, 'DELETE', '/users/me', { password });
    expect(closing.statusCode, closing.body).toBe(204);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: user.email, password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const session = login.json<{ token: string }>().token;

    const year = invoice.dateEmission.slice(0, 4);
    const period = `debut=${year}-01-01&fin=${year}-12-31`;
    const screens: Record<string, string[]> = {
      frame: ['/users/me', '/notifications/count', '/messages/unread-count'],
      invoices: [
        '/factures',
        '/factures/totaux',
        '/factures/received',
        '/factures/received/totaux',
        '/export-factures-rgpd',
      ],
      invoice: [
        `/factures/${invoice._id}`,
        `/factures/${invoice._id}/paiements`,
        `/factures/${invoice._id}/cycle-de-vie`,
        `/factures/${invoice._id}/relances`,
        `/factures/${invoice._id}/pdf`,
      ],
      accounting: [
        '/journal/verification',
        '/journal/sceaux',
        `/livre-recettes?${period}`,
        `/fec?annee=${year}`,
        `/registre-numeros?annee=${year}`,
        `/registre-numeros.csv?annee=${year}`,
        `/achats?${period}`,
        `/achats/export?${period}&format=csv`,
        `/achats/${purchase._id}/justificatif`,
        '/archives',
        `/archives/${archive?.id}/telechargement`,
      ],
      supplierInvoices: [
        '/factures-fournisseurs',
        `/factures-fournisseurs/${supplierInvoice._id}`,
        `/factures-fournisseurs/${supplierInvoice._id}/original`,
      ],
    };
    for (const [screen, urls] of Object.entries(screens)) {
      for (const url of urls) {
        const read = await call(t, session, 'GET', url);
        expect(read.statusCode, `${screen} ${url}: ${read.body.slice(0, 200)}`).toBe(200);
      }
    }
    // What no archive screen reads stays refused: the guard keeps the web away from it.
    for (const url of ['/clients', '/devis', '/tableau-de-bord']) {
      const read = await call(t, session, 'GET', url);
      expect(read.statusCode, url).toBe(403);
    }
  });
});
