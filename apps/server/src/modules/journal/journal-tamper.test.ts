import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call, pay, saleOnPlatform } from '../payments/payments-test-kit.js';
import { entriesOf, tamper, verificationOf } from './journal-test-kit.js';

/*
 * Behind the application's back (issue 18): a superuser turns the triggers off for one transaction and
 * changes the journal; verification names the first entry that no longer holds.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** An issuer with a chain of a few entries: a sale sent on the platform and paid in two parts. */
async function chain() {
  const sale = await saleOnPlatform(t, 100);
  expect((await pay(t, sale.issuer.token, sale.invoice._id, 30)).statusCode).toBe(201);
  expect((await pay(t, sale.issuer.token, sale.invoice._id, 70)).statusCode).toBe(201);
  const rows = await entriesOf(t, sale.issuer.id);
  expect(rows.length).toBeGreaterThanOrEqual(6);
  expect((await verificationOf(t, sale.issuer.token)).valide).toBe(true);
  return { ...sale, rows };
}

describe('verification after tampering', () => {
  it('names the entry whose content was changed', async () => {
    const { issuer, rows } = await chain();
    const target = rows.find((r) => r.kind === 'paiement');
    if (!target) throw new Error('no payment entry');
    const forged = target.content.replace('"montantCents":3000', '"montantCents":300');
    expect(forged).not.toBe(target.content);
    await tamper(
      t,
      `update journal_entries set content = '${forged}' where issuer_id = '${issuer.id}' and seq = ${target.seq}`,
    );
    const result = await verificationOf(t, issuer.token);
    expect(result).toMatchObject({
      valide: false,
      evenements: target.seq - 1,
      premiereRupture: { seq: target.seq, raison: expect.stringContaining('modifié') },
    });
    if (result.valide) throw new Error('unreachable');
    expect(result.premiereRupture.date).toBe((JSON.parse(target.content) as { date: string }).date);
  });

  it('names the entry whose PDF fingerprint was swapped, even with the hash left alone', async () => {
    const { issuer, rows } = await chain();
    const emission = rows.find((r) => r.kind === 'emission');
    if (!emission) throw new Error('no emission entry');
    await tamper(
      t,
      `update journal_entries set pdf_sha256 = '${'f'.repeat(64)}' where issuer_id = '${issuer.id}' and seq = ${emission.seq}`,
    );
    expect(await verificationOf(t, issuer.token)).toMatchObject({
      valide: false,
      premiereRupture: { seq: emission.seq, raison: expect.stringContaining('empreinte du PDF') },
    });
  });

  it('names the entry rewritten with a recomputed hash: the next one no longer links to it', async () => {
    const { issuer, rows } = await chain();
    const target = rows[1];
    if (!target) throw new Error('no second entry');
    await tamper(
      t,
      `update journal_entries set hash = '${'0'.repeat(64)}' where issuer_id = '${issuer.id}' and seq = ${target.seq}`,
    );
    expect(await verificationOf(t, issuer.token)).toMatchObject({
      valide: false,
      premiereRupture: { seq: target.seq },
    });
  });

  it('names a deleted entry: the gap in the sequence', async () => {
    const { issuer, rows } = await chain();
    const target = rows[2];
    if (!target) throw new Error('no third entry');
    await tamper(t, `delete from journal_entries where issuer_id = '${issuer.id}' and seq = ${target.seq}`);
    expect(await verificationOf(t, issuer.token)).toMatchObject({
      valide: false,
      evenements: target.seq - 1,
      premiereRupture: { seq: target.seq, raison: expect.stringContaining('manquante') },
    });
  });

  it('answers an empty chain as valid, with no head', async () => {
    const issuer = await signedInUser(t);
    const res = await call(t, issuer.token, 'GET', '/journal/verification');
    expect(res.json()).toEqual({ valide: true, evenements: 0, dernierHash: null });
  });
});
