import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES } from '@facturo/shared';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin } from './admin-test-helpers.js';

/**
 * Every /api/admin route, read from the route table as the app declares it: a route added later is in
 * this list without anyone writing it down, so it cannot escape the guard. A database of this file's own
 * (privateDatabase): the admin's walk calls the resets of every account, which no other file must see.
 */
const adminRoutes: { method: string; url: string }[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({}, { onRoute: collect, privateDatabase: true });
});
afterAll(async () => t?.close());

function collect(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (method === 'HEAD' || !route.url.startsWith('/api/admin')) continue;
    adminRoutes.push({ method, url: route.url });
  }
}

/** A concrete URL: every path parameter is an id that names no one. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, randomUUID());

describe('/api/admin is for admins only, whatever the route', () => {
  it('finds the SPEC §7 admin routes in the route table', () => {
    const keys = adminRoutes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/admin/users',
        'GET /api/admin/stats',
        'GET /api/admin/trial-stats',
        'GET /api/admin/usage-stats',
        'GET /api/admin/usage-overview',
        'PUT /api/admin/extend-trial/:id',
        'PUT /api/admin/users/:id/plan',
        'PUT /api/admin/users/:id/ban',
        'PUT /api/admin/users/:id/quotas',
        'POST /api/admin/users/:id/reset-quotas',
        'POST /api/admin/reset-quotas',
        'GET /api/admin/users/:id/details',
        'GET /api/admin/users/:id/subscription',
        'GET /api/admin/users/:id/usage-history',
        'GET /api/admin/users/:id/export',
        'POST /api/admin/sync-subscriptions',
        'DELETE /api/admin/users/:id',
        'GET /api/admin/metrics/realtime',
      ]),
    );
  });

  it('answers 401 without a session and 403 to a signed-in non-admin, on every route', async () => {
    const { token } = await signedInUser(t);
    for (const route of adminRoutes) {
      const url = concrete(route.url);
      const method = route.method as 'GET';
      const anonymous = await t.request({ method, url, body: {} });
      expect(anonymous.statusCode, `${route.method} ${url} sans session`).toBe(401);
      expect(anonymous.json().errorType).toBe('unauthorized');
      const user = await t.request({ method, url, token, body: {} });
      expect(user.statusCode, `${route.method} ${url} non admin`).toBe(403);
      expect(user.json()).toEqual({ errorType: 'forbidden', message: ADMIN_MESSAGES.forbidden });
    }
  });

  it('lets the admin through on every route (never 401 or 403)', async () => {
    const { token } = await signedInAdmin(t);
    for (const route of adminRoutes) {
      // An unknown id, an empty body: the admin gets a 2xx, 400 or 404, never the guard's refusal.
      const res = await t.request({
        method: route.method as 'GET',
        url: concrete(route.url),
        token,
        body: {},
      });
      expect([401, 403], `${route.method} ${route.url}: ${res.body}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('a forged or expired token is 401, not 403', async () => {
    const res = await t.request({ method: 'GET', url: '/api/admin/stats', token: 'pas-un-jeton' });
    expect(res.statusCode).toBe(401);
  });
});
