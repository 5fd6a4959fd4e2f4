import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/harness.js';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'facturo-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Facturo</title><div id="root"></div>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("facturo")');
  t = await startTestApp({ webDistDir: dist });
});
afterAll(async () => t.close());

describe('serving the web app', () => {
  it('answers client-side routes with index.html, never cached', async () => {
    for (const url of ['/', '/factures', '/factures/123/edit', '/verify-email?token=abc']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves fingerprinted assets as immutable', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('never lets /api fall through to the web app', async () => {
    for (const url of ['/api', '/api/', '/api/factures-inconnues', '/api/users/me/extra']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errorType: 'not_found' });
    }
    const post = await t.request({ method: 'POST', url: '/factures', body: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().errorType).toBe('not_found');
  });
});
