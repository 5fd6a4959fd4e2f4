import {
  LIST_HEADERS,
  LIST_MESSAGES,
  type UnmatchedStatus,
  unmatchedStatusListSchema,
} from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { keepUnmatchedStatus } from '../einvoicing/lifecycle/unmatched-statuses.repo.js';
import { signedInAdmin } from './admin-test-helpers.js';

/** The admin's log of statuses platforms delivered that matched nothing of the receiving account. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const URL = '/api/admin/statuts-non-rattaches';

describe('GET /api/admin/statuts-non-rattaches', () => {
  it('lists them newest first, a page at a time, with the account and the reason', async () => {
    const { token } = await signedInAdmin(t);
    const receiver = await signedInUser(t, { nom: 'Durand', prenom: 'Alice' });
    // Far in the future: these are the newest of the whole test database, whatever else it holds.
    const base = Date.UTC(2099, 0, 1);
    for (let i = 0; i < 3; i++) {
      await keepUnmatchedStatus(t.database.db, {
        userId: receiver.user._id,
        flowId: `flux-${receiver.user._id}-${i}`,
        statusCode: 210,
        invoiceNumero: `FAC-2099-000${i + 1}`,
        sellerSiren: '123456782',
        buyerSiren: '987654324',
        reason: 'Aucune facture de ce numéro n’a été envoyée par ce compte via la plateforme.',
        content: Buffer.from('<cdar/>'),
        receivedAt: new Date(base + i * 60_000),
      });
    }
    // The same flow again (a webhook, then the poll) is kept once.
    await keepUnmatchedStatus(t.database.db, {
      userId: receiver.user._id,
      flowId: `flux-${receiver.user._id}-2`,
      statusCode: 210,
      invoiceNumero: 'FAC-2099-0003',
      sellerSiren: null,
      buyerSiren: null,
      reason: 'autre',
      content: null,
      receivedAt: new Date(base + 10 * 60_000),
    });

    const first = await t.request({ method: 'GET', url: `${URL}?limit=2`, token });
    expect(first.statusCode, first.body).toBe(200);
    const page = unmatchedStatusListSchema.parse(first.json());
    expect(page.map((s) => s.numeroFacture)).toEqual(['FAC-2099-0003', 'FAC-2099-0002']);
    expect(page[0]).toEqual<UnmatchedStatus>({
      _id: expect.any(String),
      recuLe: new Date(base + 2 * 60_000).toISOString(),
      compte: { _id: receiver.user._id, email: receiver.user.email, nom: 'Alice Durand' },
      fluxId: `flux-${receiver.user._id}-2`,
      codeStatut: 210,
      libelleStatut: '210 Refusée',
      numeroFacture: 'FAC-2099-0003',
      sirenVendeur: '123456782',
      sirenAcheteur: '987654324',
      motif: 'Aucune facture de ce numéro n’a été envoyée par ce compte via la plateforme.',
    });
    expect(Number(first.headers[LIST_HEADERS.totalCount])).toBeGreaterThanOrEqual(3);
    const cursor = first.headers[LIST_HEADERS.nextCursor];
    expect(typeof cursor).toBe('string');

    const second = await t.request({ method: 'GET', url: `${URL}?limit=2&cursor=${cursor}`, token });
    expect(second.statusCode).toBe(200);
    expect(unmatchedStatusListSchema.parse(second.json())[0]?.numeroFacture).toBe('FAC-2099-0001');

    const bad = await t.request({ method: 'GET', url: `${URL}?cursor=pas-un-curseur`, token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: LIST_MESSAGES.badCursor });
    const tooMany = await t.request({ method: 'GET', url: `${URL}?limit=100000`, token });
    expect(tooMany.statusCode).toBe(400);
  });

  it('is for admins only: 401 without a session, 403 to anyone else', async () => {
    expect((await t.request({ method: 'GET', url: URL })).statusCode).toBe(401);
    const { token } = await signedInUser(t);
    const res = await t.request({ method: 'GET', url: URL, token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorType: expect.any(String), message: expect.any(String) });
  });
});
