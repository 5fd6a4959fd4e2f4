import { measureLoad, type PageLoad } from '../lib/browser.js';
import type { BenchContext } from '../lib/context.js';
import { comparedRow, ms, type Row } from '../lib/rows.js';
import { inRounds, median } from '../lib/stats.js';

const ROUNDS = 5;

/**
 * 7. First contentful paint of /factures signed in (the professional with one invoice) against the
 * landing page's, each a first visit (empty cache); a warm-up of each, then alternating rounds. Beside
 * it, when the list's request started (the issue saw it wait for eight waves of requests) and when the
 * invoice's row appeared: the page paints its prerendered frame first (index.html), so the paint alone
 * would no longer show the data's path.
 */
export async function firstPaint(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const { single } = await ctx.seeded();
  const browser = await ctx.browser();
  // The row is awaited too (not timed): a page that paints an error instead of the list fails the measure.
  const list = () =>
    measureLoad(browser, server.base, '/factures', {
      session: single,
      watch: '/api/factures',
      selector: `a[href="/factures/${single.newestId}"]`,
    });
  const landing = () => measureLoad(browser, server.base, '/');
  await list();
  await landing();
  const lists: PageLoad[] = [];
  const landings: PageLoad[] = [];
  const rounds = await inRounds(
    ROUNDS,
    40_000,
    async () => {
      lists.push(await list());
      landings.push(await landing());
    },
    2,
  );
  const started = lists.map((l) => l.watchedStart).filter((t): t is number => t !== undefined);
  const rowShown = lists.map((l) => l.found).filter((t): t is number => t !== undefined);
  return [
    comparedRow({
      measure: '/factures connecté : premier affichage (FCP)',
      figure: median(lists.map((l) => l.fcp)),
      reference: median(landings.map((l) => l.fcp)),
      format: ms,
      referenceLabel: 'page d’accueil',
      goal: { max: 2 },
      detail:
        `requête /api/factures partie à ${started.length > 0 ? ms(median(started)) : '— (pas vue)'}, ` +
        `ligne de la facture affichée à ${rowShown.length > 0 ? ms(median(rowShown)) : '— (pas vue)'}; ` +
        `médianes de ${rounds} chargements alternés, cache vide`,
    }),
  ];
}
