import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceOriginals } from '../../db/schema.js';
import { clientWithInvoice, signedInUser } from '../../test/factories.js';
import { startReplicas, type TestApp } from '../../test/harness.js';
import { markInvoiceSent } from '../../test/invoice-requests.js';

/*
 * The first downloads of an issued invoice racing on two replicas (issued-original.ts): each may draw
 * the PDF, one original is stored, and every answer is that one. PostgreSQL only: PGlite runs one
 * transaction at a time.
 */

let t: TestApp;
let replica: TestApp;
beforeAll(async () => {
  [t, replica] = await startReplicas();
});
afterAll(async () => {
  await replica?.close();
  await t?.close();
});

describe('the original under concurrent first downloads', () => {
  it('is stored once, and both replicas serve its bytes', async () => {
    const issuer = await signedInUser(t);
    const { invoice } = await clientWithInvoice(t, issuer.token);
    expect((await markInvoiceSent(t, issuer.token, invoice._id)).statusCode).toBe(200);

    const downloads = await Promise.all(
      [t, replica, t, replica, t, replica].map((app) =>
        app.request({ method: 'GET', url: `/api/factures/${invoice._id}/pdf`, token: issuer.token }),
      ),
    );
    const rows = await t.database.db
      .select()
      .from(invoiceOriginals)
      .where(eq(invoiceOriginals.invoiceId, invoice._id));
    expect(rows).toHaveLength(1);
    const stored = Buffer.from(rows[0]?.pdf ?? []);
    for (const res of downloads) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(stored)).toBe(true);
      expect(res.headers.etag).toBe(`"${rows[0]?.sha256}"`);
    }
  });
});
