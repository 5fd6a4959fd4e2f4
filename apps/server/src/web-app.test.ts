import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test/harness.js';

const BIG_ASSET = `console.log(${JSON.stringify('facturo '.repeat(500))});`;
/** Like the real index.html: an inline script in the head, the entry as a file. */
const SESSION_SCRIPT = `
      try { if (localStorage.getItem('token')) document.documentElement.classList.add('has-session'); } catch {}
    `;
/** Like the prerendered pages: the deferred entry, a JSON-LD block, and a script holding the public address. */
const PRERENDERED_SCRIPTS = [
  '<script type="module">requestAnimationFrame(() => setTimeout(() => import(\'/assets/app-abc123.js\')));</script>',
  '<script type="application/ld+json">{"@context":"https://schema.org","name":"Foire aux questions"}</script>',
  '<script>window.appUrl = "__APP_URL__"; // é, ç : pas seulement de l’ASCII</script>',
].join('');

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'facturo-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><title>Facturo</title><script>${SESSION_SCRIPT}</script><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script>`,
  );
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("facturo")');
  writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), BIG_ASSET);
  writeFileSync(path.join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_ASSET));
  mkdirSync(path.join(dist, 'prerendered'));
  // Over the 1 KiB under which compressing is not worth it.
  const prerendered = (title: string, pagePath: string) =>
    `<!doctype html><title>${title}</title><link rel="canonical" href="__APP_URL__${pagePath}" /><script>${SESSION_SCRIPT}</script><style>h1{color:red}</style><div id="root" data-prerendered><h1>${title}</h1>${'<p>Facturo</p>'.repeat(100)}</div>${PRERENDERED_SCRIPTS}`;
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

type HtmlNode = DefaultTreeAdapterMap['node'];

/** The inline scripts Chromium would run, found by a real HTML parser and hashed as CSP hashes them. */
function runnableInlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  const visit = (node: HtmlNode) => {
    if ('tagName' in node && node.tagName === 'script' && !node.attrs.some((a) => a.name === 'src')) {
      const type = node.attrs.find((a) => a.name === 'type')?.value ?? '';
      if (type === '' || type === 'module') {
        const text = node.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
        hashes.push(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
      }
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(html));
  return hashes;
}

function directivesOf(policy: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof policy).toBe('string');
  return Object.fromEntries(
    String(policy)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  const PAGES = [
    '/',
    '/features',
    '/factures',
    '/verify-email?token=abc',
    '/index.html',
    '/prerendered/features.html',
  ];

  it('gives every page a policy that runs exactly its own inline scripts, by hash, and nothing injected', async () => {
    for (const url of PAGES) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const expected = runnableInlineScriptHashes(res.body);
      expect(expected.length, url).toBeGreaterThan(0);
      const directives = directivesOf(res.headers['content-security-policy']);
      const [self, ...hashes] = directives['script-src'] ?? [];
      expect(self, url).toBe("'self'");
      expect(hashes.sort(), url).toEqual([...new Set(expected)].sort());
      expect(directives).toMatchObject({
        'default-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'"],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      });
      expect(directives['upgrade-insecure-requests'], url).toBeUndefined();
    }
  });

  it('hashes the prerendered scripts as served, with the public address written in', async () => {
    const res = await t.request({ method: 'GET', url: '/features' });
    expect(res.body).toContain('window.appUrl = "http://facturo.test"');
    const [, ...hashes] = directivesOf(res.headers['content-security-policy'])['script-src'] ?? [];
    // The session script, the deferred entry and the one with the address; never the JSON-LD data block.
    expect(hashes).toHaveLength(3);
  });

  it('keeps the page policy on a compressed page', async () => {
    const res = await t.request({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString();
    const [, ...hashes] = directivesOf(res.headers['content-security-policy'])['script-src'] ?? [];
    expect(hashes.sort()).toEqual([...new Set(runnableInlineScriptHashes(html))].sort());
  });

  it('lets answers that are not pages do nothing in a browser, and sends the other headers everywhere', async () => {
    for (const url of ['/api/health', '/api/factures', '/robots.txt']) {
      const res = await t.request({ method: 'GET', url });
      expect(directivesOf(res.headers['content-security-policy']), url).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
    }
    for (const url of ['/api/health', '/', '/factures']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      const permissions = String(res.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        expect(permissions, url).toContain(`${feature}=()`);
      }
      // The public address is http here: HSTS would be ignored, or pin https on a development host.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('keeps the signed-in app away from cross-origin openers, not the public pages (their Lighthouse cost)', async () => {
    for (const url of ['/factures', '/api/health']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
    for (const url of ['/', '/features']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.body, url).toContain('data-prerendered');
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
  });

  it('sends a script only the headers a script is read with (no document policy bytes on every asset)', async () => {
    const res = await t.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    for (const header of [
      'content-security-policy',
      'permissions-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
    ]) {
      expect(res.headers[header], header).toBeUndefined();
    }
  });

  it('asks browsers to keep to https for a year when the public address is https', async () => {
    const https = await startTestApp({ webDistDir: dist, appUrl: 'https://facturo.test' });
    try {
      for (const url of ['/', '/factures', '/api/health']) {
        const res = await https.request({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
      const page = await https.request({ method: 'GET', url: '/features' });
      expect(directivesOf(page.headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
    } finally {
      await https.close();
    }
  });
});
