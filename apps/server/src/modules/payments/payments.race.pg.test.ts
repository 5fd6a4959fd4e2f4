import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema.js';
import { startReplicas, type TestApp } from '../../test/harness.js';
import { pay, paymentsOf, saleOnPlatform } from './payments-test-kit.js';

/*
 * Payments written at the same time on two replicas of one PostgreSQL (issue 17): invoices.paid_cents stays
 * the exact sum of the confirmed payments, and what is due is never overpaid. PostgreSQL only
 * (vitest.config.ts): PGlite runs one transaction at a time, where no race can happen.
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

const paidCentsOf = async (id: string) =>
  (await t.database.db.select({ paid: invoices.paidCents }).from(invoices).where(eq(invoices.id, id)))[0]
    ?.paid;

describe('payments at the same time', () => {
  it('keeps paid_cents the exact sum of 20 simultaneous payments on two replicas', async () => {
    const { issuer, invoice } = await saleOnPlatform(t, 1000);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pay(i % 2 ? replica : t, issuer.token, invoice._id, '12,34')),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const state = await paymentsOf(t, issuer.token, invoice._id);
    expect(state.paiements).toHaveLength(20);
    expect(state).toMatchObject({ montantPaye: 246.8, resteAPayer: 753.2 });
    expect(await paidCentsOf(invoice._id)).toBe(24_680);
  });

  it('lets only what is due through when payments together would overpay', async () => {
    const { issuer, invoice } = await saleOnPlatform(t, 100);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => pay(i % 2 ? replica : t, issuer.token, invoice._id, 30)),
    );
    // 3 × 30 fit in 100; a fourth would not.
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(3);
    expect(await paidCentsOf(invoice._id)).toBe(9_000);
    expect((await paymentsOf(t, issuer.token, invoice._id)).resteAPayer).toBe(10);
  });
});
