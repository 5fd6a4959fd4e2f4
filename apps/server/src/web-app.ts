import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isHttps } from './lib/security-headers.js';

const PRERENDERED_DIR = 'prerendered';

interface Page {
  html: string;
  /** Its Content-Security-Policy, with the hashes of exactly the inline scripts it holds. */
  csp: string;
}

/**
 * The HTML files of the build, read and hashed at their first request, not at start (issue 16): parsing
 * the 1.1 MB of prerendered pages to hash their inline scripts took ~240 ms and ~20 MiB before the
 * first health check could answer. parse5 itself (~40 ms to load) is imported with the first page.
 */
class PageCache {
  private readonly pages = new Map<string, Promise<Page>>();
  constructor(private readonly appUrl: string) {}

  /** The page in `file` with this server's public address in its canonical and Open Graph links. */
  get(file: string): Promise<Page> {
    let page = this.pages.get(file);
    if (!page) {
      page = this.load(file);
      // A failed read (a file removed under a running server) is tried again next time.
      page.catch(() => this.pages.delete(file));
      this.pages.set(file, page);
    }
    return page;
  }

  private async load(file: string): Promise<Page> {
    const html = (await readFile(file, 'utf8')).replaceAll('__APP_URL__', this.appUrl);
    const { pageContentSecurityPolicy } = await import('./lib/page-csp.js');
    return { html, csp: pageContentSecurityPolicy(html, isHttps(this.appUrl)) };
  }
}

/**
 * The public pages the web build prerendered (apps/web/scripts/prerender.mjs): their path → their file.
 * They change only with a new build, which means a restart.
 */
function prerenderedFiles(distDir: string): Map<string, string> {
  const dir = path.join(distDir, PRERENDERED_DIR);
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
    const pagePath = file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`;
    files.set(pagePath, path.join(dir, file));
  }
  return files;
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
  const prerendered = hasWebApp ? prerenderedFiles(distDir) : new Map<string, string>();
  const pages = new PageCache(appUrl);
  const sendPage = async (url: string, reply: FastifyReply) => {
    if (!distDir) throw new Error('sendPage without a web build');
    reply.header('cache-control', 'no-cache');
    const prerenderedFile = prerendered.get(pagePathOf(url));
    // Every other page is the app's index.html, which the browser renders.
    const page = await pages.get(prerenderedFile ?? path.join(distDir, 'index.html'));
    // No Cross-Origin-Opener-Policy on the public pages: the browsing-context-group switch it forces on a
    // page opened from elsewhere cost /login about 500 ms of blocking time in Lighthouse (interleaved runs,
    // same build: TBT 730–1240 ms with it, 400–570 without), 10 points under the target. These pages hold
    // no one's data and load as entry points from other sites; the signed-in app (index.html) keeps it.
    if (prerenderedFile) reply.removeHeader('cross-origin-opener-policy');
    // A page replaces the API's policy that lib/security-headers.ts set on every answer.
    return reply.header('content-security-policy', page.csp).type('text/html; charset=utf-8').send(page.html);
  };
  app.setNotFoundHandler((request, reply) => {
    // /api never falls through to the web app: an unknown call is a JSON 404.
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (hasWebApp && isPage) return sendPage(request.url, reply);
    return reply.code(404).send({ errorType: 'not_found', message: 'Ressource introuvable.' });
  });
  if (!hasWebApp) return;
  // The static files' wildcard would answer `/` as a directory listing refused.
  app.get('/', (request, reply) => sendPage(request.url, reply));
  await app.register(fastifyStatic, {
    root: path.resolve(distDir),
    wildcard: true,
    // `/` is the prerendered landing page, not the bare index.html.
    index: false,
    // HTML is only ever sent by sendPage, with its own policy: /index.html and /prerendered/… fall
    // through to the not-found handler, which answers them as pages.
    allowedPath: (pathName) => !pathName.endsWith('.html') && !pathName.startsWith(`/${PRERENDERED_DIR}/`),
    // The build's .br and .gz copies (apps/web/scripts/compress.mjs), chosen by Accept-Encoding.
    preCompressed: true,
    // Our own cache headers below; the plugin's default would overwrite them.
    cacheControl: false,
    setHeaders(res, filePath) {
      // Vite fingerprints everything under assets/; the rest must always be re-read.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
