import { PURCHASE_MESSAGES, type Purchase, type PurchaseList } from '@facturo/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { createPurchase, purchaseBody } from './purchases-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
// 15 June 2026, noon in Paris: « today » for the date rules.
beforeEach(() => t.clock.set(new Date('2026-06-15T10:00:00Z')));

const list = (token: string, query = '') => t.request({ method: 'GET', url: `/api/achats${query}`, token });

function expectRefused(res: { statusCode: number; json: <T>() => T }, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json<{ message: string }>().message).toBe(message);
}

describe('POST /api/achats', () => {
  it('records a purchase typed the French way: HT = TTC − TVA, in cents', async () => {
    const { token } = await signedInUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/achats',
      token,
      body: purchaseBody({ montantTTC: '1 234,56', montantTVA: '205,76', methode: 'cheque' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Purchase>()).toMatchObject({
      dateAchat: '2026-03-09',
      fournisseur: 'Grossiste Durand',
      description: 'Bougies (lot de 50)',
      montantTTC: 1234.56,
      montantTVA: 205.76,
      montantHT: 1028.8,
      methode: 'cheque',
      justificatif: null,
    });
  });

  it('takes a purchase dated today, and a VAT of 0 by default', async () => {
    const { token } = await signedInUser(t);
    const { montantTVA: _vat, ...body } = purchaseBody({ dateAchat: '2026-06-15', montantTTC: 49.9 });
    const res = await t.request({ method: 'POST', url: '/api/achats', token, body });
    expect(res.statusCode).toBe(201);
    expect(res.json<Purchase>()).toMatchObject({ montantTTC: 49.9, montantTVA: 0, montantHT: 49.9 });
  });

  it('refuses, in French, a date after today (Paris), VAT above the total, bad amounts and dates', async () => {
    const { token } = await signedInUser(t);
    const post = (overrides: Parameters<typeof purchaseBody>[0]) =>
      t.request({ method: 'POST', url: '/api/achats', token, body: purchaseBody(overrides) });
    expectRefused(await post({ dateAchat: '2026-06-16' }), 400, PURCHASE_MESSAGES.futureDate);
    expectRefused(
      await post({ montantTTC: '100', montantTVA: '100,01' }),
      400,
      PURCHASE_MESSAGES.vatAboveTotal,
    );
    expectRefused(await post({ montantTTC: '0' }), 400, PURCHASE_MESSAGES.amount);
    expectRefused(await post({ montantTTC: '-5' }), 400, PURCHASE_MESSAGES.amount);
    expectRefused(await post({ montantTTC: '12,345' }), 400, PURCHASE_MESSAGES.amount);
    expectRefused(await post({ montantTTC: 'douze' }), 400, PURCHASE_MESSAGES.amount);
    expectRefused(await post({ montantTVA: '-1' }), 400, PURCHASE_MESSAGES.vat);
    expectRefused(await post({ dateAchat: '2026-02-30' }), 400, PURCHASE_MESSAGES.date);
    expectRefused(await post({ dateAchat: '09/03/2026' }), 400, PURCHASE_MESSAGES.date);
    expectRefused(await post({ fournisseur: '  ' }), 400, PURCHASE_MESSAGES.supplier);
    expect((await list(token)).json<PurchaseList>().achats).toEqual([]);
  });

  it('is for professionals only', async () => {
    const { token } = await signedInUser(t, { role: 'particulier', siret: null });
    const res = await t.request({ method: 'POST', url: '/api/achats', token, body: purchaseBody() });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ errorType: string }>().errorType).toBe('requires_upgrade');
    expect((await list(token)).statusCode).toBe(403);
  });

  it('answers 401 without a session', async () => {
    const res = await t.request({ method: 'GET', url: '/api/achats' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/achats', () => {
  it('lists the period oldest first, with each month’s totals and the period’s', async () => {
    const { token } = await signedInUser(t);
    await createPurchase(t, token, { dateAchat: '2026-03-20', montantTTC: '60', montantTVA: '10' });
    await createPurchase(t, token, { dateAchat: '2026-01-05', montantTTC: '12,50', montantTVA: '0' });
    await createPurchase(t, token, { dateAchat: '2026-03-02', montantTTC: '240', montantTVA: '40' });
    await createPurchase(t, token, { dateAchat: '2025-12-31', montantTTC: '999' });

    const res = await list(token, '?debut=2026-01-01&fin=2026-03-31');
    expect(res.statusCode).toBe(200);
    const body = res.json<PurchaseList>();
    expect(body.debut).toBe('2026-01-01');
    expect(body.fin).toBe('2026-03-31');
    expect(body.achats.map((p) => p.dateAchat)).toEqual(['2026-01-05', '2026-03-02', '2026-03-20']);
    expect(body.mois).toEqual([
      { mois: '2026-01', nombre: 1, montantHT: 12.5, montantTVA: 0, montantTTC: 12.5 },
      { mois: '2026-03', nombre: 2, montantHT: 250, montantTVA: 50, montantTTC: 300 },
    ]);
    expect(body.totaux).toEqual({ montantHT: 262.5, montantTVA: 50, montantTTC: 312.5 });
  });

  it('defaults to the current year in Paris, and refuses a malformed or reversed period', async () => {
    // 31 Dec 2026, 23:30 UTC is already 1 January 2027 in Paris (the session is opened then).
    t.clock.set(new Date('2026-12-31T23:30:00Z'));
    const { token } = await signedInUser(t);
    await createPurchase(t, token, { dateAchat: '2027-01-01' });
    await createPurchase(t, token, { dateAchat: '2026-12-31' });
    const thisYear = (await list(token)).json<PurchaseList>();
    expect([thisYear.debut, thisYear.fin]).toEqual(['2027-01-01', '2027-12-31']);
    expect(thisYear.achats.map((p) => p.dateAchat)).toEqual(['2027-01-01']);
    // Only one end given: the other is the current year's.
    const fromDecember = (await list(token, '?debut=2026-12-01')).json<PurchaseList>();
    expect(fromDecember.fin).toBe('2027-12-31');
    expect(fromDecember.achats).toHaveLength(2);

    expectRefused(await list(token, '?debut=2026-13-01'), 400, PURCHASE_MESSAGES.period);
    expectRefused(await list(token, '?fin=hier'), 400, PURCHASE_MESSAGES.period);
    expectRefused(await list(token, '?debut=2026-05-01&fin=2026-04-30'), 400, PURCHASE_MESSAGES.periodOrder);
  });

  it('shows only the caller’s own purchases', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    await createPurchase(t, owner.token);
    expect((await list(other.token)).json<PurchaseList>().achats).toEqual([]);
    expect((await list(owner.token)).json<PurchaseList>().achats).toHaveLength(1);
  });
});

describe('PUT and DELETE /api/achats/:id', () => {
  it('updates a purchase, then deletes it', async () => {
    const { token } = await signedInUser(t);
    const created = await createPurchase(t, token);
    const updated = await t.request({
      method: 'PUT',
      url: `/api/achats/${created._id}`,
      token,
      body: purchaseBody({ fournisseur: 'Cash & Carry', montantTTC: '50,5', montantTVA: '8,42' }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Purchase>()).toMatchObject({
      _id: created._id,
      fournisseur: 'Cash & Carry',
      montantTTC: 50.5,
      montantTVA: 8.42,
      montantHT: 42.08,
    });
    expect((await t.request({ method: 'GET', url: `/api/achats/${created._id}`, token })).json()).toEqual(
      updated.json(),
    );

    const removed = await t.request({ method: 'DELETE', url: `/api/achats/${created._id}`, token });
    expect(removed.statusCode).toBe(204);
    const again = await t.request({ method: 'DELETE', url: `/api/achats/${created._id}`, token });
    expectRefused(again, 404, PURCHASE_MESSAGES.notFound);
    expect((await list(token)).json<PurchaseList>().achats).toEqual([]);
  });

  it('checks an update as a creation (future date, VAT above the total)', async () => {
    const { token } = await signedInUser(t);
    const created = await createPurchase(t, token);
    const put = (overrides: Parameters<typeof purchaseBody>[0]) =>
      t.request({ method: 'PUT', url: `/api/achats/${created._id}`, token, body: purchaseBody(overrides) });
    expectRefused(await put({ dateAchat: '2027-01-01' }), 400, PURCHASE_MESSAGES.futureDate);
    expectRefused(await put({ montantTTC: '10', montantTVA: '11' }), 400, PURCHASE_MESSAGES.vatAboveTotal);
  });

  it('answers 404 for another user’s purchase, and for an id that is not one, without touching it', async () => {
    const owner = await signedInUser(t);
    const intruder = await signedInUser(t);
    const created = await createPurchase(t, owner.token);
    const url = `/api/achats/${created._id}`;
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', purchaseBody({ fournisseur: 'Pirate' })],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.request({ method, url, token: intruder.token, body });
      expectRefused(res, 404, PURCHASE_MESSAGES.notFound);
    }
    expectRefused(
      await t.request({ method: 'DELETE', url: '/api/achats/pas-un-id', token: owner.token }),
      404,
      PURCHASE_MESSAGES.notFound,
    );
    const kept = (await list(owner.token)).json<PurchaseList>().achats;
    expect(kept).toHaveLength(1);
    expect(kept[0]?.fournisseur).toBe('Grossiste Durand');
  });
});
