import { CLOSED_ACCOUNT_MESSAGES, MESSAGES, retentionEndOf, type User } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { findUserById } from '../users/users.repo.js';
import { closedArchive } from './closed-account-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const readOnly = { errorType: 'account_closed_read_only', message: CLOSED_ACCOUNT_MESSAGES.readOnly };

describe('closing keeps a read-only archive of the books (Code de commerce L123-22)', () => {
  it('signs in again with the same password, for ten years after the last issued document’s year', async () => {
    const archive = await closedArchive(t);
    const me = await t.request({ method: 'GET', url: '/api/users/me', token: archive.token });
    expect(me.statusCode, me.body).toBe(200);
    const user = me.json<User>();
    const year = Number(archive.invoice.dateEmission.slice(0, 4));
    expect(user.consultationSeuleJusquAu).toBe(retentionEndOf(year));
    expect(user.consultationSeuleJusquAu).toBe(`${year + 10}-12-31`);
    expect(user.email).toBe(archive.email);
    // The address itself is free: a new account may take it.
    const row = await findUserById(t.database.db, archive.userId);
    expect(row?.email).not.toBe(archive.email);
  });

  it('reads the invoices, their PDF, the books, the journal and the archives; every write is 403', async () => {
    const archive = await closedArchive(t);
    const reads = [
      '/api/factures',
      `/api/factures/${archive.invoice._id}`,
      `/api/factures/${archive.invoice._id}/pdf`,
      '/api/factures/received',
      '/api/livre-recettes',
      '/api/achats',
      '/api/journal/verification',
      '/api/archives',
    ];
    for (const url of reads) {
      const res = await t.request({ method: 'GET', url, token: archive.token });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    }
    const writes = [
      { method: 'POST', url: '/api/clients', body: { nom: 'Client' } },
      { method: 'PUT', url: '/api/users/me', body: { nom: 'X' } },
      { method: 'DELETE', url: `/api/factures/${archive.invoice._id}` },
      { method: 'POST', url: `/api/factures/${archive.invoice._id}/send-internal` },
      { method: 'DELETE', url: '/api/users/me', body: { password: archive.password } },
    ] as const;
    for (const write of writes) {
      const res = await t.request({ ...write, token: archive.token });
      expect(res.statusCode, `${write.method} ${write.url}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual(readOnly);
    }
    // Nor what the archive leaves out (clients, dashboard).
    const clients = await t.request({ method: 'GET', url: '/api/clients', token: archive.token });
    expect(clients.json()).toEqual(readOnly);
    // The frame's counters and the invoice page's companions read without an error on every page.
    for (const url of ['/api/notifications/count', '/api/messages/unread-count', '/api/registre-numeros']) {
      const read = await t.request({ method: 'GET', url, token: archive.token });
      expect(read.statusCode, `${url} ${read.body}`).toBe(200);
    }
  });

  it('an account that never issued anything keeps nothing: its sign-in is refused as before', async () => {
    const { user, token, password } = await signedInUser(t);
    const closing = await t.request({ method: 'DELETE', url: '/api/users/me', token, body: { password } });
    expect(closing.statusCode).toBe(204);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: user.email, password },
    });
    expect(login.statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token })).statusCode).toBe(401);
  });

  it('« Supprimer définitivement »: with the password and the archive downloaded, nothing signs in any more', async () => {
    const archive = await closedArchive(t);
    const erase = (body: Record<string, unknown>) =>
      t.request({ method: 'DELETE', url: '/api/users/me/archive', token: archive.token, body });
    expect((await erase({ password: archive.password })).statusCode).toBe(400);
    const wrong = await erase({ password: 'pas-le-bon', archiveTelechargee: true });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errorType: 'wrong_password', message: MESSAGES.wrongPassword });

    const erased = await erase({ password: archive.password, archiveTelechargee: true });
    expect(erased.statusCode, erased.body).toBe(204);
    expect((await t.request({ method: 'GET', url: '/api/factures', token: archive.token })).statusCode).toBe(
      401,
    );
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: archive.email, password: archive.password },
    });
    expect(login.statusCode).toBe(401);
    const row = await findUserById(t.database.db, archive.userId);
    expect([row?.passwordHash, row?.archiveEmail, row?.retentionUntil]).toEqual([null, null, null]);
  });

  it('an open account cannot erase an archive it does not have (409)', async () => {
    const { token, password } = await signedInUser(t);
    const res = await t.request({
      method: 'DELETE',
      url: '/api/users/me/archive',
      token,
      body: { password, archiveTelechargee: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CLOSED_ACCOUNT_MESSAGES.notClosed);
  });
});
