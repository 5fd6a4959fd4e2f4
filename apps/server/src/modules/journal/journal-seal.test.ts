import type { JournalSeal, JournalVerification } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWithInvoice, createUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { chainHash } from './journal-hash.js';
import { sealClosedMonths } from './journal-seal.js';
import { entriesOf, verificationOf } from './journal-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** Paris, mid-morning of `day`. */
const at = (day: string) => new Date(`${day}T10:00:00+01:00`);

describe('the monthly seals', () => {
  it('seal each closed month once, in order, and download as a verifiable file', async () => {
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
    // Every issuer of the database is sealed: this one's two months at least.
    expect(await sealClosedMonths(t.database.db, t.clock)).toBeGreaterThanOrEqual(2);
    const once = await entriesOf(t, account.id);
    expect(once.map((r) => r.kind)).toEqual([
      'numero_attribue',
      'numero_attribue',
      'numero_attribue',
      'cloture_mensuelle',
      'cloture_mensuelle',
    ]);
    // Again the same day, or the next: nothing more.
    await sealClosedMonths(t.database.db, t.clock);
    t.clock.set(at('2026-03-06'));
    await sealClosedMonths(t.database.db, t.clock);
    expect(await entriesOf(t, account.id)).toHaveLength(5);

    await invoiceOn('2026-03-20');
    t.clock.set(at('2026-05-02'));
    await sealClosedMonths(t.database.db, t.clock);
    const token = await login();

    const seals = await t.request({ method: 'GET', url: '/api/journal/sceaux', token });
    expect(seals.statusCode).toBe(200);
    expect(seals.json<JournalSeal[]>()).toEqual([
      expect.objectContaining({ mois: '2026-01', seq: 4, dernierSeq: 1, evenements: 1 }),
      expect.objectContaining({ mois: '2026-02', seq: 5, dernierSeq: 3, evenements: 2 }),
      // April had no entry: no seal.
      expect.objectContaining({ mois: '2026-03', seq: 7, dernierSeq: 6, evenements: 1 }),
    ]);
    const rows = await entriesOf(t, account.id);
    expect(seals.json<JournalSeal[]>()[1]?.dernierHash).toBe(rows[2]?.hash);
    expect(await verificationOf(t, token)).toEqual({
      valide: true,
      evenements: 7,
      dernierHash: rows[6]?.hash,
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
    expect(seal.cloture.previousHash).toBe(rows[3]?.hash);
    expect(seal.tete).toEqual({ seq: 3, hash: rows[2]?.hash, evenementsDuMois: 2 });
    expect(seal.verification).toEqual({ valide: true, evenements: 5, dernierHash: seal.cloture.hash });

    expect((await t.request({ method: 'GET', url: '/api/journal/sceaux/2026-04', token })).statusCode).toBe(
      404,
    );
    const bad = await t.request({ method: 'GET', url: '/api/journal/sceaux/2026-13', token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorType: 'validation_error' });
  });
});
