import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call, pay, saleOnPlatform } from '../payments/payments-test-kit.js';
import { appendJournal } from './journal-append.js';
import { readHead } from './journal-head.js';
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

  it('names a deleted tail: the chain no longer reaches its head, and the next entry keeps the gap', async () => {
    const { issuer, rows } = await chain();
    const last = rows.length;
    expect(await readHead(t.database.db, issuer.id)).toEqual({ seq: last, hash: rows[last - 1]?.hash });
    await tamper(t, `delete from journal_entries where issuer_id = '${issuer.id}' and seq >= ${last - 1}`);
    expect(await verificationOf(t, issuer.token)).toEqual({
      valide: false,
      evenements: last - 2,
      premiereRupture: {
        seq: last - 1,
        date: null,
        raison: `entrées manquantes : les n° ${last - 1} à ${last}, les dernières enregistrées, ont disparu de la fin du registre`,
      },
    });
    // The next append continues from the head, not from the shortened chain: the hole stays visible.
    await appendJournal(t.database.db, { issuerId: issuer.id, kind: 'relance', at: t.clock.now() });
    expect((await entriesOf(t, issuer.id)).at(-1)?.seq).toBe(last + 1);
    expect(await verificationOf(t, issuer.token)).toMatchObject({
      valide: false,
      evenements: last - 2,
      premiereRupture: { seq: last - 1, raison: expect.stringContaining('manquante') },
    });
  });

  it('names the last entry deleted with its head, or a head moved back or altered', async () => {
    const removed = await chain();
    await tamper(
      t,
      `delete from journal_entries where issuer_id = '${removed.issuer.id}' and seq = ${removed.rows.length}`,
      `delete from journal_heads where issuer_id = '${removed.issuer.id}'`,
    );
    expect(await verificationOf(t, removed.issuer.token)).toMatchObject({
      valide: false,
      evenements: removed.rows.length - 1,
      premiereRupture: {
        seq: removed.rows.length - 1,
        raison: expect.stringContaining('tête du registre a disparu'),
      },
    });

    const back = await chain();
    const previous = back.rows.at(-2);
    await tamper(
      t,
      `update journal_heads set seq = ${previous?.seq}, hash = '${previous?.hash}' where issuer_id = '${back.issuer.id}'`,
    );
    expect(await verificationOf(t, back.issuer.token)).toMatchObject({
      valide: false,
      premiereRupture: { seq: back.rows.length, raison: expect.stringContaining('ramenée en arrière') },
    });

    const altered = await chain();
    await tamper(
      t,
      `update journal_heads set hash = '${'f'.repeat(64)}' where issuer_id = '${altered.issuer.id}'`,
    );
    expect(await verificationOf(t, altered.issuer.token)).toMatchObject({
      valide: false,
      evenements: altered.rows.length - 1,
      premiereRupture: {
        seq: altered.rows.length,
        raison: 'la tête du registre ne correspond plus à l’entrée qu’elle désigne',
      },
    });
  });

  it('refuses, triggers on, to remove a head, move it back, or point it at no entry', async () => {
    const { issuer, rows } = await chain();
    const refused = async (statement: string) =>
      expect(t.database.db.execute(statement)).rejects.toMatchObject({
        cause: expect.objectContaining({ message: expect.stringContaining('journal_heads') }),
      });
    const where = `where issuer_id = '${issuer.id}'`;
    await refused(`delete from journal_heads ${where}`);
    await refused(`truncate journal_heads`);
    await refused(`update journal_heads set seq = seq - 1, hash = '${rows.at(-2)?.hash}' ${where}`);
    await refused(`update journal_heads set seq = seq + 1 ${where}`);
    await refused(
      `insert into journal_heads (issuer_id, seq, hash) values ('${randomUUID()}', 1, '${'0'.repeat(64)}')`,
    );
    expect(await readHead(t.database.db, issuer.id)).toEqual({ seq: rows.length, hash: rows.at(-1)?.hash });
    expect((await verificationOf(t, issuer.token)).valide).toBe(true);
  });

  it('answers an empty chain as valid, with no head', async () => {
    const issuer = await signedInUser(t);
    const res = await call(t, issuer.token, 'GET', '/journal/verification');
    expect(res.json()).toEqual({ valide: true, evenements: 0, dernierHash: null });
  });
});
