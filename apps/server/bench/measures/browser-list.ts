import { measureLoad, type PageLoad } from '../lib/browser.js';
import type { BenchContext } from '../lib/context.js';
import { comparedRow, count, ms, type Row } from '../lib/rows.js';
import { LIST_SIZE } from '../lib/seed.js';
import { inRounds, median } from '../lib/stats.js';

/*
 * Five rounds as the first-paint measure takes (three at the least when the minute runs out): with three, one
 * load slowed by other work on the machine was enough to move a median, and the ratio with it.
 */
const ROUNDS = 5;

/** The row of the newest invoice: the list's first row, whatever the list's markup around it. */
const rowOf = (id: string) => `a[href="/factures/${id}"]`;

/**
 * 2. /factures in Chromium for the professional with 10,000 invoices against the same page with one
 * invoice: time to interactive (the list's first row shown, then a second without a long task), with
 * the long tasks and the DOM size beside it. A warm-up load of each, then alternating rounds.
 */
export async function browserList(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const { list, single } = await ctx.seeded();
  const browser = await ctx.browser();
  const big = () =>
    measureLoad(browser, server.base, '/factures', { session: list, selector: rowOf(list.newestId) });
  const small = () =>
    measureLoad(browser, server.base, '/factures', { session: single, selector: rowOf(single.newestId) });
  await big();
  await small();
  const bigs: PageLoad[] = [];
  const smalls: PageLoad[] = [];
  const rounds = await inRounds(
    ROUNDS,
    60_000,
    async () => {
      bigs.push(await big());
      smalls.push(await small());
    },
    3,
  );
  const at = (loads: PageLoad[], pick: (l: PageLoad) => number) => median(loads.map(pick));
  return [
    comparedRow({
      measure: `/factures dans le navigateur : TTI à ${count(LIST_SIZE)} factures`,
      figure: at(bigs, (l) => l.tti),
      reference: at(smalls, (l) => l.tti),
      format: ms,
      referenceLabel: '1 facture',
      goal: { max: 1.2 },
      detail:
        `première ligne ${ms(at(bigs, (l) => l.found ?? 0))} (contre ${ms(at(smalls, (l) => l.found ?? 0))}), ` +
        `tâches longues ${ms(at(bigs, (l) => l.longTaskMs))} dont ${ms(at(bigs, (l) => l.blockingMs))} bloquantes ` +
        `(contre ${ms(at(smalls, (l) => l.longTaskMs))}), ${count(at(bigs, (l) => l.domNodes))} nœuds DOM ` +
        `(contre ${count(at(smalls, (l) => l.domNodes))}); médianes de ${rounds} chargements alternés, cache vide`,
    }),
  ];
}
