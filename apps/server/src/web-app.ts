import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { pageContentSecurityPolicy } from './lib/page-csp.js';
import { isHttps } from './lib/security-headers.js';

const PRERENDERED_DIR = 'prerendered';

interface Page {
  html: string;
  /** Its Content-Security-Policy, with the hashes of exactly the inline scripts it holds. */
  csp: string;
}

/**
 * The public pages the web build prerendered (apps/web/scripts/prerender.mjs), by path, with this
 * server's public address written into their canonical and Open Graph links. Read once: they change
 * only with a new build, which means a restart.
 */
function loadPrerenderedPages(distDir: string, appUrl: string): Map<string, Page> {
  const dir = path.join(distDir, PRERENDERED_DIR);
  const pages = new Map<string, Page>();
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
    const pagePath = file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`;
    const html = readFileSync(path.join(dir, file), 'utf8').replaceAll('__APP_URL__', appUrl);
    pages.set(pagePath, { html, csp: pageContentSecurityPolicy(html, isHttps(appUrl)) });
  }
  return pages;
}

/**
 * The policy of each HTML file the static files may send as it is (index.html, for every client-side
 * route), by absolute path; its .br and .gz copies share it.
 */
function staticPagePolicies(distDir: string, appUrl: string): Map<string, string> {
  const policies = new Map<string, string>();
  for (const dir of [distDir, path.join(distDir, PRERENDERED_DIR)]) {
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
      const filePath = path.resolve(dir, file);
      policies.set(filePath, pageContentSecurityPolicy(readFileSync(filePath, 'utf8'), isHttps(appUrl)));
    }
  }
  return policies;
}

/** `/features/?x=1` and `/features` are the same page. */
function pagePathOf(url: string): string {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * The built React app: prerendered public pages as they are, every other client-side route answered
 * by index.html (the app renders it in the browser), fingerprinted assets cached for good.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  appUrl: string,
): Promise<void> {
  const hasWebApp = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  const prerendered = hasWebApp ? loadPrerenderedPages(distDir, appUrl) : new Map<string, Page>();
  const sendPage = (url: string, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    const page = prerendered.get(pagePathOf(url));
    if (!page) return reply.sendFile('index.html');
    // No Cross-Origin-Opener-Policy on the public pages: the browsing-context-group switch it forces on a
    // page opened from elsewhere cost /login about 500 ms of blocking time in Lighthouse (interleaved runs,
    // same build: TBT 730–1240 ms with it, 400–570 without), 10 points under the target. These pages hold
    // no one's data and load as entry points from other sites; the signed-in app (index.html) keeps it.
    reply.removeHeader('cross-origin-opener-policy');
    return reply.header('content-security-policy', page.csp).type('text/html; charset=utf-8').send(page.html);
  };
  app.setNotFoundHandler((request, reply) => {
    // /api never falls through to the web app: an unknown call is a JSON 404.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (hasWebApp && isPage) return sendPage(request.url, reply);
    return reply.code(404).send({ errorType: 'not_found', message: 'Ressource introuvable.' });
  });
  if (!hasWebApp) return;
  const policies = staticPagePolicies(distDir, appUrl);
  // The static files' wildcard would answer `/` as a directory listing refused.
  app.get('/', (request, reply) => sendPage(request.url, reply));
  await app.register(fastifyStatic, {
    root: path.resolve(distDir),
    wildcard: true,
    // `/` is the prerendered landing page, not the bare index.html.
    index: false,
    // The build's .br and .gz copies (apps/web/scripts/compress.mjs), chosen by Accept-Encoding.
    preCompressed: true,
    // Our own cache headers below; the plugin's default would overwrite them.
    cacheControl: false,
    setHeaders(res, filePath) {
      // Vite fingerprints everything under assets/; the rest must always be re-read.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // A page replaces the API's policy that lib/security-headers.ts set on every answer.
      const policy = policies.get(path.resolve(filePath).replace(/\.(br|gz)$/, ''));
      if (policy) res.setHeader('content-security-policy', policy);
    },
  });
}
