import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const PRERENDERED_DIR = 'prerendered';

/**
 * The public pages the web build prerendered (apps/web/scripts/prerender.mjs), by path, with this
 * server's public address written into their canonical and Open Graph links. Read once: they change
 * only with a new build, which means a restart.
 */
function loadPrerenderedPages(distDir: string, appUrl: string): Map<string, string> {
  const dir = path.join(distDir, PRERENDERED_DIR);
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
    const pagePath = file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`;
    pages.set(pagePath, readFileSync(path.join(dir, file), 'utf8').replaceAll('__APP_URL__', appUrl));
  }
  return pages;
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
  const prerendered = hasWebApp ? loadPrerenderedPages(distDir, appUrl) : new Map<string, string>();
  const sendPage = (url: string, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    const page = prerendered.get(pagePathOf(url));
    return page ? reply.type('text/html; charset=utf-8').send(page) : reply.sendFile('index.html');
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
