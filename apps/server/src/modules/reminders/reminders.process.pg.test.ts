import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startReplicas, type TestApp } from '../../test/harness.js';
import { spawnProcess } from '../../test/server-process.js';
import { at, mailsQueuedTo, sentInvoice, stepsOf, sweep } from './reminders-test-helpers.js';

/*
 * Exactly once per (invoice, step) with several replicas and restarts: the unique row written with the
 * mail's job in one transaction. PostgreSQL only (vitest.config.ts): PGlite runs one transaction at a
 * time, where no race can happen.
 */

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  [a, b] = await startReplicas();
  a.clock.set(at('2027-03-02'));
  b.clock.set(at('2027-03-02'));
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const SCRIPT = fileURLToPath(new URL('./sweep-process.ts', import.meta.url));

/** A replica's sweep in a process of its own, on `a`'s database and queue, its clock at `day`. */
async function sweepProcess(day: string, issuers: string[]): Promise<number> {
  const target = inject('testDatabase');
  if (target.kind !== 'postgres') throw new Error('PostgreSQL seulement');
  const child = spawnProcess(process.execPath, ['--import', 'tsx', SCRIPT], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: target.url,
    QUEUE_SCHEMA: a.jobsSchema,
    OUTBOX_DIR: a.outboxDir,
    SWEEP_NOW: at(day).toISOString(),
    SWEEP_ISSUERS: issuers.join(','),
  });
  const exit = await child.exited;
  if (exit.code !== 0) throw new Error(`sweep-process: ${exit.code} ${child.output()}`);
  return (JSON.parse(child.output().trim().split('\n').at(-1) ?? '{}') as { sent: number }).sent;
}

describe('reminders exactly once', () => {
  it('two replicas sweeping at the same moment send each step once', async () => {
    const invoices = await Promise.all([sentInvoice(a), sentInvoice(a), sentInvoice(a)]);
    const issuers = invoices.map((s) => s.issuerId);
    for (const day of ['2027-03-29', '2027-04-02']) {
      a.clock.set(at(day));
      b.clock.set(at(day));
      const sent = await Promise.all([
        sweep(a, issuers),
        sweep(b, issuers),
        sweep(a, issuers),
        sweep(b, issuers),
      ]);
      expect(sent.reduce((x, y) => x + y, 0)).toBe(3);
    }
    for (const s of invoices) {
      expect(await stepsOf(a, s.invoice._id)).toEqual(['avant_3', 'apres_1']);
      expect((await mailsQueuedTo(a, s.clientEmail)) + (await mailsQueuedTo(b, s.clientEmail))).toBe(2);
    }
  });

  it('two server processes at once, then a restarted one: one e-mail per step', {
    timeout: 120_000,
  }, async () => {
    a.clock.set(at('2027-03-02'));
    const s = await sentInvoice(a);
    const [first, second] = await Promise.all([
      sweepProcess('2027-04-02', [s.issuerId]),
      sweepProcess('2027-04-02', [s.issuerId]),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    expect(await sweepProcess('2027-04-02', [s.issuerId])).toBe(0);
    expect(await stepsOf(a, s.invoice._id)).toEqual(['apres_1']);
    expect(await mailsQueuedTo(a, s.clientEmail)).toBe(1);
  });
});
