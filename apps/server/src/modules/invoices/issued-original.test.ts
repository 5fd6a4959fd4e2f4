import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceOriginals } from '../../db/schema.js';
import { clientWithInvoice, signedInUser, uniqueEmail } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { markInvoiceSent } from '../../test/invoice-requests.js';
import { waitForMail } from '../../test/outbox.js';
import { pdfPageText } from '../../test/pdf.js';
import { sharedInvoice } from '../messaging/messaging-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function download(token: string, id: string, headers: Record<string, string> = {}) {
  const res = await t.request({ method: 'GET', url: `/api/factures/${id}/pdf`, token, headers });
  expect([200, 304]).toContain(res.statusCode);
  return res;
}

async function storedOriginals(invoiceId: string) {
  return t.database.db.select().from(invoiceOriginals).where(eq(invoiceOriginals.invoiceId, invoiceId));
}

const setProfile = async (token: string, body: Record<string, unknown>) => {
  const res = await t.request({ method: 'PUT', url: '/api/users/me', token, body });
  expect(res.statusCode, res.body).toBe(200);
};

/** The PDF attached to an outbox e-mail, decoded from its base64 part. */
async function attachedPdf(file: string): Promise<Buffer> {
  const raw = await readFile(file, 'utf8');
  const part = raw.split(/\r?\n--/).find((p) => /content-type: application\/pdf/i.test(p));
  if (!part) throw new Error('no PDF attached');
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('');
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}

describe('the original of an issued invoice', () => {
  it('is stored at the first download once sent, then served byte for byte with its SHA-256 as ETag', async () => {
    const issuer = await signedInUser(t);
    const { invoice } = await clientWithInvoice(t, issuer.token);
    expect((await markInvoiceSent(t, issuer.token, invoice._id)).statusCode).toBe(200);

    const first = await download(issuer.token, invoice._id);
    const etag = first.headers.etag;
    expect(etag).toBe(`"${sha256(first.rawPayload)}"`);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const [stored] = await storedOriginals(invoice._id);
    expect(stored?.sha256).toBe(sha256(first.rawPayload));
    expect(Buffer.from(stored?.pdf ?? []).equals(first.rawPayload)).toBe(true);

    // The issuer's presentation changes: drafts follow it, the original does not.
    await setProfile(issuer.token, { couleurAccent: '#B91C1C', nom: 'Nouveau-Nom' });
    const second = await download(issuer.token, invoice._id);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(etag);

    const revalidated = await download(issuer.token, invoice._id, { 'if-none-match': String(etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('is the e-mailed attachment, and stays as issued once paid (no PAYÉE stamp added)', async () => {
    const issuer = await signedInUser(t);
    const { invoice } = await clientWithInvoice(t, issuer.token);
    const to = uniqueEmail('client');
    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-email`,
      token: issuer.token,
      body: { to, subject: `Facture ${invoice.numero}` },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // Fixed by the sending's transaction, before any download.
    const [stored] = await storedOriginals(invoice._id);
    expect(stored).toBeDefined();

    const mail = await waitForMail(t.outboxDir, to, invoice.numero);
    const attachment = await attachedPdf(mail.file);
    const paid = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}/statut-emetteur`,
      token: issuer.token,
      body: { statutEmetteur: 'payee' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const downloaded = await download(issuer.token, invoice._id);
    expect(downloaded.rawPayload.equals(attachment)).toBe(true);
    expect(pdfPageText(downloaded.rawPayload)).not.toContain('PAYÉE');
  });

  it('is fixed by a sending on the platform too, and served to the recipient', async () => {
    // Sent with send-internal, then downloaded by its recipient.
    const { recipient, invoice } = await sharedInvoice(t);
    const [stored] = await storedOriginals(invoice._id);
    expect(stored).toBeDefined();
    const theirs = await download(recipient.token, invoice._id);
    expect(theirs.headers.etag).toBe(`"${stored?.sha256}"`);
  });

  it('is not kept for a draft: each download draws it afresh, and an edit changes it', async () => {
    const issuer = await signedInUser(t);
    const { client, invoice } = await clientWithInvoice(t, issuer.token);
    const before = await download(issuer.token, invoice._id);
    expect(before.headers.etag).toBeUndefined();
    expect(before.headers['cache-control']).toBe('private, no-store');

    const edited = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}`,
      token: issuer.token,
      body: {
        client: client._id,
        delaiPaiement: 30,
        lignes: [{ description: 'Atelier de cadrage', quantite: 2, prixUnitaire: 250 }],
        tauxTVA: 0,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await download(issuer.token, invoice._id);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
    expect(pdfPageText(after.rawPayload)).toContain('Atelier de cadrage');
    expect(await storedOriginals(invoice._id)).toHaveLength(0);
  });
});
