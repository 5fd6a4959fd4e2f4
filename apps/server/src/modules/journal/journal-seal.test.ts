import type { JournalSeal, JournalVerification } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWithInvoice, createUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { chainHash } from './journal-hash.js';
import { sealEndedPeriods } from './journal-seal.js';
import { entriesOf, verificationOf } from './journal-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** Paris, mid-morning of `day`. */
const at = (day: string) => new Date(`${day}T10:00:00+01:00`);

describe('the daily and monthly seals', () => {
  it('seal each ended day and month once, in order, and download as verifiable files', async () => {
    const account = await createUser(t);
    const login = async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email: account.email, password: account.password },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ token: string }>().token;
    };
    const invoiceOn = async (day: string) => {
      t.clock.set(at(day));
      await clientWithInvoice(t, await login());
    };
    await invoiceOn('2026-01-15');
    await invoiceOn('2026-02-10');
    await invoiceOn('2026-02-11');

    t.clock.set(at('2026-03-05'));
    await sealEndedPeriods(t.database.db, t.clock);
    const once = await entriesOf(t, account.id);
    // Each ended day, then each ended month, in order.
    expect(once.map((r) => [r.kind, r.period])).toEqual([
      ['numero_attribue', null],
      ['numero_attribue', null],
      ['numero_attribue', null],
      ['cloture_quotidienne', '2026-01-15'],
      ['cloture_quotidienne', '2026-02-10'],
      ['cloture_quotidienne', '2026-02-11'],
      ['cloture_mensuelle', '2026-01'],
      ['cloture_mensuelle', '2026-02'],
    ]);
    // Again the same day, or the next: nothing more.
    await sealEndedPeriods(t.database.db, t.clock);
    t.clock.set(at('2026-03-06'));
    await sealEndedPeriods(t.database.db, t.clock);
    expect(await entriesOf(t, account.id)).toHaveLength(8);

    await invoiceOn('2026-03-20');
    // The night after: the day is sealed, its month not yet (March is not over).
    t.clock.set(new Date('2026-03-21T00:20:00+01:00'));
    await sealEndedPeriods(t.database.db, t.clock);
    expect((await entriesOf(t, account.id)).slice(8).map((r) => [r.kind, r.period])).toEqual([
      ['numero_attribue', null],
      ['cloture_quotidienne', '2026-03-20'],
    ]);
    t.clock.set(at('2026-05-02'));
    await sealEndedPeriods(t.database.db, t.clock);
    const token = await login();

    const seals = await t.request({ method: 'GET', url: '/api/journal/sceaux', token });
    expect(seals.statusCode).toBe(200);
    expect(seals.json<JournalSeal[]>()).toEqual([
      expect.objectContaining({ mois: '2026-01', seq: 7, dernierSeq: 1, evenements: 1 }),
      expect.objectContaining({ mois: '2026-02', seq: 8, dernierSeq: 3, evenements: 2 }),
      // April had no entry: no seal.
      expect.objectContaining({ mois: '2026-03', seq: 11, dernierSeq: 9, evenements: 1 }),
    ]);
    const rows = await entriesOf(t, account.id);
    expect(rows).toHaveLength(11);
    expect(seals.json<JournalSeal[]>()[1]?.dernierHash).toBe(rows[2]?.hash);
    expect(await verificationOf(t, token)).toEqual({
      valide: true,
      evenements: 11,
      dernierHash: rows[10]?.hash,
    });

    const file = await t.request({ method: 'GET', url: '/api/journal/sceaux/2026-02', token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="sceau-registre-2026-02.json"');
    const seal = file.json<{
      cloture: { seq: number; previousHash: string; hash: string; content: string };
      tete: { seq: number; hash: string };
      verification: JournalVerification;
    }>();
    // Anyone can recompute the closing entry's hash from the file alone.
    expect(seal.cloture.hash).toBe(chainHash(seal.cloture.previousHash, seal.cloture.content));
    expect(seal.cloture.previousHash).toBe(rows[6]?.hash);
    expect(seal.tete).toEqual({ seq: 3, hash: rows[2]?.hash, evenementsDuMois: 2 });
    expect(seal.verification).toEqual({ valide: true, evenements: 8, dernierHash: seal.cloture.hash });

    const day = await t.request({ method: 'GET', url: '/api/journal/sceaux/2026-02-10', token });
    expect(day.statusCode, day.body).toBe(200);
    expect(day.headers['content-disposition']).toBe('attachment; filename="sceau-registre-2026-02-10.json"');
    const daySeal = day.json<{
      jour: string;
      cloture: { seq: number; previousHash: string; hash: string; content: string };
      tete: { seq: number; hash: string; evenementsDuJour: number };
      verification: JournalVerification;
    }>();
    expect(daySeal.jour).toBe('2026-02-10');
    expect(daySeal.cloture.hash).toBe(chainHash(daySeal.cloture.previousHash, daySeal.cloture.content));
    expect(daySeal.tete).toEqual({ seq: 2, hash: rows[1]?.hash, evenementsDuJour: 1 });
    expect(daySeal.verification).toEqual({ valide: true, evenements: 5, dernierHash: daySeal.cloture.hash });
    const unsealedDay = await t.request({ method: 'GET', url: '/api/journal/sceaux/2026-02-12', token });
    expect(unsealedDay.statusCode).toBe(404);
    expect(unsealedDay.json<{ message: string }>().message).toContain('jour');

    expect((await t.request({ method: 'GET', url: '/api/journal/sceaux/2026-04', token })).statusCode).toBe(
      404,
    );
    const bad = await t.request({ method: 'GET', url: '/api/journal/sceaux/2026-13', token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorType: 'validation_error' });
  });
});
