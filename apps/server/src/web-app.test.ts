import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/harness.js';

const BIG_ASSET = `console.log(${JSON.stringify('facturo '.repeat(500))});`;

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'facturo-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Facturo</title><div id="root"></div>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("facturo")');
  writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), BIG_ASSET);
  writeFileSync(path.join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_ASSET));
  mkdirSync(path.join(dist, 'prerendered'));
  // Over the 1 KiB under which compressing is not worth it.
  const prerendered = (title: string, pagePath: string) =>
    `<!doctype html><title>${title}</title><link rel="canonical" href="__APP_URL__${pagePath}" /><div id="root" data-prerendered><h1>${title}</h1>${'<p>Facturo</p>'.repeat(100)}</div>`;
  writeFileSync(path.join(dist, 'prerendered', 'index.html'), prerendered('Accueil prérendu', '/'));
  writeFileSync(
    path.join(dist, 'prerendered', 'features.html'),
    prerendered('Fonctionnalités prérendues', '/features'),
  );
  t = await startTestApp({ webDistDir: dist });
});
afterAll(async () => t.close());

describe('serving the web app', () => {
  it('answers client-side routes with index.html, never cached', async () => {
    for (const url of ['/factures', '/factures/123/edit', '/verify-email?token=abc']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers prerendered public pages with their own HTML and the public address in their links', async () => {
    for (const [url, title, canonical] of <[string, string, string][]>[
      ['/', 'Accueil prérendu', 'http://facturo.test/'],
      ['/features', 'Fonctionnalités prérendues', 'http://facturo.test/features'],
      ['/features/?ref=newsletter', 'Fonctionnalités prérendues', 'http://facturo.test/features'],
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(`<h1>${title}</h1>`);
      expect(res.body).toContain(`<link rel="canonical" href="${canonical}" />`);
      expect(res.body).not.toContain('__APP_URL__');
    }
  });

  it('publishes robots.txt and a sitemap of the public pages', async () => {
    const robots = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Disallow: /factures');
    expect(robots.body).toContain('Sitemap: http://facturo.test/sitemap.xml');

    const sitemap = await t.request({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'http://facturo.test/',
        'http://facturo.test/features',
        'http://facturo.test/privacy',
      ]),
    );
    expect(locs.some((loc) => loc?.includes('/factures'))).toBe(false);
  });

  it("compresses pages on the fly and serves the build's precompressed copies of assets", async () => {
    const page = await t.request({
      method: 'GET',
      url: '/features',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<h1>Fonctionnalités prérendues</h1>');

    const asset = await t.request({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(asset.rawPayload).toString()).toBe(BIG_ASSET);

    const plain = await t.request({
      method: 'GET',
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_ASSET);
  });

  it('sends /try and /create-invoice to the sign-up page', async () => {
    for (const url of ['/try', '/create-invoice']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/register');
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
