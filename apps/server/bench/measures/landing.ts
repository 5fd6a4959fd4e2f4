import { gzipSync } from 'node:zlib';
import type { BenchContext } from '../lib/context.js';
import { boundedRow, count, kilobytes, type Row } from '../lib/rows.js';

/**
 * 8. The landing page's JavaScript on a first visit: every script the page fetches until the network
 * has been quiet for half a second (hydration and the chunks it pulls included), its bytes gzipped
 * here (zlib's default level, whatever encoding the server chose), and how many requests that took.
 */
export async function landing(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const browser = await ctx.browser();
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    let requests = 0;
    page.on('response', (response) => {
      requests++;
      const type = response.headers()['content-type'] ?? '';
      if (/javascript/.test(type)) scripts.push(response.body().then((body) => gzipSync(body).length));
    });
    await page.goto(`${server.base}/`, { waitUntil: 'networkidle' });
    const sizes = await Promise.all(scripts);
    const total = sizes.reduce((t, s) => t + s, 0);
    return [
      boundedRow('Accueil : JavaScript (gzip)', total, kilobytes, 80 * 1024),
      boundedRow('Accueil : requêtes de JavaScript', sizes.length, count, 10, `${requests} requêtes en tout`),
    ];
  } finally {
    await context.close();
  }
}
