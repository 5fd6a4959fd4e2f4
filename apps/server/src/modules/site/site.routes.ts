import { PUBLIC_PAGES } from '@facturo/shared/public-pages';
import type { FastifyPluginAsync } from 'fastify';

/** Signed-in screens and one-time links: nothing for a search engine there. */
const PRIVATE_PREFIXES = [
  '/api/',
  '/factures',
  '/clients',
  '/messages',
  '/subscription',
  '/admin',
  '/verify-email',
  '/reset-password-confirm',
  '/unlock-login',
  '/invitation',
];

const SIGN_UP_ALIASES = ['/try', '/create-invoice'];

const xmlEscape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** robots.txt and sitemap.xml, with this server's public address (APP_URL) in their links. */
export function siteRoutes(appUrl: string): FastifyPluginAsync {
  const robots = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((page) => `  <url><loc>${xmlEscape(`${appUrl}${page.path}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return async (app) => {
    app.get('/robots.txt', async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
    );
    // The landing's calls to action both start with an account; answered here so they work without JavaScript.
    for (const path of SIGN_UP_ALIASES) {
      app.get(path, async (_request, reply) => reply.redirect('/register', 302));
    }
    app.get('/sitemap.xml', async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemap),
    );
  };
}
