import { PURCHASE_MESSAGES, PURCHASE_RECEIPT_MAX_BYTES, type Purchase } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { receiptName, receiptTypeOf } from './purchase-receipt.js';
import {
  createPurchase,
  SAMPLE_EXE,
  SAMPLE_JPEG,
  SAMPLE_PDF,
  SAMPLE_PNG,
  uploadReceipt,
} from './purchases-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const getReceipt = (token: string, id: string) =>
  t.request({ method: 'GET', url: `/api/achats/${id}/justificatif`, token });

/** A PDF of exactly `size` bytes: its header, then padding. */
const pdfOfSize = (size: number) => Buffer.concat([SAMPLE_PDF, Buffer.alloc(size - SAMPLE_PDF.length, 0x20)]);

describe('receipt type and name', () => {
  it('reads the type from the signature only', () => {
    expect(receiptTypeOf(SAMPLE_PDF)).toBe('application/pdf');
    expect(receiptTypeOf(SAMPLE_PNG)).toBe('image/png');
    expect(receiptTypeOf(SAMPLE_JPEG)).toBe('image/jpeg');
    expect(receiptTypeOf(SAMPLE_EXE)).toBeNull();
    expect(receiptTypeOf(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(receiptTypeOf(Buffer.from('%PD'))).toBeNull();
  });

  it('keeps the sent name without path nor control characters, with the real type’s extension', () => {
    expect(receiptName(encodeURIComponent('Reçu café.pdf'), 'application/pdf')).toBe('Reçu café.pdf');
    expect(receiptName(encodeURIComponent('../../etc/passwd'), 'image/png')).toBe('passwd.png');
    expect(receiptName(encodeURIComponent('facture.pdf'), 'image/jpeg')).toBe('facture.jpg');
    expect(receiptName(encodeURIComponent('a"\r\nb.png'), 'image/png')).toBe('ab.png');
    expect(receiptName('%E0%A4%A', 'image/png')).toBe('justificatif.png');
    expect(receiptName(encodeURIComponent('.pdf'), 'application/pdf')).toBe('justificatif.pdf');
    expect(receiptName(undefined, 'application/pdf')).toBe('justificatif.pdf');
  });
});

describe('PUT /api/achats/:id/justificatif', () => {
  it('stores a PNG sent as octet-stream and serves it byte-identical, with its type, name and nosniff', async () => {
    const { token } = await signedInUser(t);
    const purchase = await createPurchase(t, token);
    const res = await uploadReceipt(t, token, purchase._id, SAMPLE_PNG, { name: 'Reçu café.png' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Purchase>().justificatif).toEqual({
      nom: 'Reçu café.png',
      type: 'image/png',
      taille: SAMPLE_PNG.length,
    });

    const served = await getReceipt(token, purchase._id);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(SAMPLE_PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Recu cafe.png"; filename*=UTF-8''Re%C3%A7u%20caf%C3%A9.png`,
    );
    // The list says a receipt is there, without its bytes.
    const listed = await t.request({
      method: 'GET',
      url: '/api/achats?debut=2026-01-01&fin=2026-12-31',
      token,
    });
    expect(listed.json<{ achats: Purchase[] }>().achats[0]?.justificatif?.taille).toBe(SAMPLE_PNG.length);
  });

  it('believes the bytes, not the header: a PDF sent as image/png is served as a PDF; a new receipt replaces the old', async () => {
    const { token } = await signedInUser(t);
    const purchase = await createPurchase(t, token);
    await uploadReceipt(t, token, purchase._id, SAMPLE_JPEG, {
      contentType: 'image/jpeg',
      name: 'photo.jpg',
    });
    const res = await uploadReceipt(t, token, purchase._id, SAMPLE_PDF, { contentType: 'image/png' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Purchase>().justificatif).toMatchObject({
      nom: 'justificatif.pdf',
      type: 'application/pdf',
    });
    const served = await getReceipt(token, purchase._id);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(SAMPLE_PDF)).toBe(true);
  });

  it('refuses a program renamed facture.pdf and sent as application/pdf, and HTML sent as JSON', async () => {
    const { token } = await signedInUser(t);
    const purchase = await createPurchase(t, token);
    for (const [bytes, contentType] of [
      [SAMPLE_EXE, 'application/pdf'],
      [Buffer.from('{"html":"<script>alert(1)</script>"}'), 'application/json'],
    ] as const) {
      const res = await uploadReceipt(t, token, purchase._id, bytes, { contentType, name: 'facture.pdf' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        errorType: 'unsupported_image',
        message: PURCHASE_MESSAGES.receiptUnsupported,
      });
    }
    const served = await getReceipt(token, purchase._id);
    expect(served.statusCode).toBe(404);
    expect(served.json<{ message: string }>().message).toBe(PURCHASE_MESSAGES.receiptNotFound);
  });

  it('takes exactly 5 Mo, refuses one byte more with a French 413, and an empty body with a 400', async () => {
    const { token } = await signedInUser(t);
    const purchase = await createPurchase(t, token);
    const atLimit = await uploadReceipt(t, token, purchase._id, pdfOfSize(PURCHASE_RECEIPT_MAX_BYTES));
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json<Purchase>().justificatif?.taille).toBe(PURCHASE_RECEIPT_MAX_BYTES);

    const tooLarge = await uploadReceipt(t, token, purchase._id, pdfOfSize(PURCHASE_RECEIPT_MAX_BYTES + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      errorType: 'payload_too_large',
      message: PURCHASE_MESSAGES.receiptTooLarge,
    });

    const empty = await uploadReceipt(t, token, purchase._id, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe(PURCHASE_MESSAGES.receiptEmpty);
    // The receipt at the limit is still there.
    expect((await getReceipt(token, purchase._id)).rawPayload.length).toBe(PURCHASE_RECEIPT_MAX_BYTES);
  });

  it('keeps the other JSON routes at their own limit', async () => {
    const { token } = await signedInUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/achats',
      token,
      body: { fournisseur: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('another user’s receipt', () => {
  it('is not found: neither read, replaced nor removed', async () => {
    const owner = await signedInUser(t);
    const intruder = await signedInUser(t);
    const purchase = await createPurchase(t, owner.token);
    await uploadReceipt(t, owner.token, purchase._id, SAMPLE_PDF, { name: 'ticket.pdf' });

    const read = await getReceipt(intruder.token, purchase._id);
    expect(read.statusCode).toBe(404);
    expect(read.json<{ message: string }>().message).toBe(PURCHASE_MESSAGES.notFound);
    const replaced = await uploadReceipt(t, intruder.token, purchase._id, SAMPLE_PNG);
    expect(replaced.statusCode).toBe(404);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/achats/${purchase._id}/justificatif`,
      token: intruder.token,
    });
    expect(removed.statusCode).toBe(404);
    expect((await getReceipt(owner.token, purchase._id)).rawPayload.equals(SAMPLE_PDF)).toBe(true);
  });
});

describe('DELETE /api/achats/:id/justificatif', () => {
  it('removes the receipt and keeps the purchase', async () => {
    const { token } = await signedInUser(t);
    const purchase = await createPurchase(t, token);
    await uploadReceipt(t, token, purchase._id, SAMPLE_JPEG);
    const res = await t.request({ method: 'DELETE', url: `/api/achats/${purchase._id}/justificatif`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json<Purchase>()).toMatchObject({ _id: purchase._id, justificatif: null });
    expect((await getReceipt(token, purchase._id)).statusCode).toBe(404);
  });
});
