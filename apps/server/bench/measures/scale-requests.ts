import { LIST_HEADERS } from '@facturo/shared';
import { type Call, call } from '../lib/http.js';
import { comparedRow, count, ms, type Row } from '../lib/rows.js';
import type { ScaleSeeded } from '../lib/scale-seed.js';
import { invoiceBody } from '../lib/seed.js';
import { quantile } from '../lib/stats.js';

/** One database of the comparison: its server and what was written to it. */
export interface Side {
  label: string;
  base: string;
  seeded: ScaleSeeded;
}

interface Probe {
  measure: string;
  samples: number;
  expected: number;
  request(side: Side, context: SideContext): Call;
}

/** What a side's probes need beyond the seed: the cursor of a page deep in the list. */
interface SideContext {
  deepCursor: string;
}

/** The list's pages the deep probe skips: page 21, rows 1,001 to 1,050 of the measured professional's. */
const DEEP_PAGES = 20;
const GOAL = 1.2;

async function deepCursor(side: Side): Promise<string> {
  let cursor: string | undefined;
  for (let page = 0; page < DEEP_PAGES; page++) {
    const path = `/api/factures?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer = await call(side.base, { path, token: side.seeded.measured.token });
    if (answer.status !== 200) throw new Error(`${side.label} : GET ${path} → ${answer.status}`);
    const next = answer.headers[LIST_HEADERS.nextCursor];
    if (typeof next !== 'string')
      throw new Error(`${side.label} : la liste s’arrête avant la page ${page + 2}`);
    cursor = next;
  }
  return cursor!;
}

/** The year before this one: whole, and the measured professional's books hold a year of payments there. */
const lastYear = new Date().getUTCFullYear() - 1;

const PROBES: Probe[] = [
  {
    measure: 'Liste, première page',
    samples: 300,
    expected: 200,
    request: () => ({ path: '/api/factures?limit=50' }),
  },
  {
    measure: `Liste, page ${DEEP_PAGES + 1}`,
    samples: 300,
    expected: 200,
    request: (_side, context) => ({
      path: `/api/factures?limit=50&cursor=${encodeURIComponent(context.deepCursor)}`,
    }),
  },
  {
    measure: 'Totaux de la liste',
    samples: 200,
    expected: 200,
    request: () => ({ path: '/api/factures/totaux' }),
  },
  {
    measure: 'Tableau de bord',
    samples: 200,
    expected: 200,
    request: () => ({ path: '/api/tableau-de-bord' }),
  },
  {
    measure: `Livre des recettes ${lastYear}`,
    samples: 150,
    expected: 200,
    request: () => ({ path: `/api/livre-recettes?debut=${lastYear}-01-01&fin=${lastYear}-12-31` }),
  },
  {
    measure: `FEC ${lastYear}`,
    samples: 80,
    expected: 200,
    request: () => ({ path: `/api/fec?annee=${lastYear}` }),
  },
  {
    measure: 'Création de facture',
    samples: 300,
    expected: 201,
    request: (side) => ({
      method: 'POST',
      path: '/api/factures',
      body: invoiceBody(side.seeded.measured.clientId),
    }),
  },
];

/**
 * The comparison holds only if both databases give the measured professional the same figures: its totals and
 * its receipts of last year, read before any probe writes.
 */
async function sameMeasuredProfessional(small: Side, large: Side): Promise<void> {
  const figures = async (side: Side) => {
    const read = async (path: string) => {
      const answer = await call(side.base, { path, token: side.seeded.measured.token });
      if (answer.status !== 200) throw new Error(`${side.label} : GET ${path} → ${answer.status}`);
      return answer.body.toString();
    };
    const totals = await read('/api/factures/totaux');
    const book = await read(`/api/livre-recettes?debut=${lastYear}-01-01&fin=${lastYear}-12-31`);
    const { nombre, total } = JSON.parse(book) as { nombre?: unknown; total?: unknown };
    return JSON.stringify({ totals: JSON.parse(totals) as unknown, book: { nombre, total } });
  };
  const [a, b] = [await figures(small), await figures(large)];
  if (a !== b) throw new Error(`le professionnel mesuré diffère d’une base à l’autre : ${a} contre ${b}`);
}

async function timed(side: Side, context: SideContext, probe: Probe): Promise<number> {
  const request = { ...probe.request(side, context), token: side.seeded.measured.token };
  const answer = await call(side.base, request);
  if (answer.status !== probe.expected) {
    throw new Error(
      `${side.label} : ${request.method ?? 'GET'} ${request.path} → ${answer.status} (${answer.body.toString().slice(0, 200)})`,
    );
  }
  return answer.ms;
}

/**
 * Each probe's p50 and p99 on the large database against the same requests on the small one, in one run:
 * requests alternate between the two servers (which goes first swaps each round), after a warm-up, so that
 * load elsewhere on the machine falls on both alike.
 */
export async function scaleRequests(small: Side, large: Side): Promise<Row[]> {
  await sameMeasuredProfessional(small, large);
  const contexts = new Map<Side, SideContext>();
  for (const side of [small, large]) contexts.set(side, { deepCursor: await deepCursor(side) });
  const rows: Row[] = [];
  for (const probe of PROBES) {
    console.log(`  ${probe.measure}…`);
    const samples = new Map<Side, number[]>([
      [small, []],
      [large, []],
    ]);
    for (let i = 0; i < 3; i++)
      for (const side of [small, large]) await timed(side, contexts.get(side)!, probe);
    for (let i = 0; i < probe.samples; i++) {
      for (const side of i % 2 === 0 ? [small, large] : [large, small]) {
        samples.get(side)!.push(await timed(side, contexts.get(side)!, probe));
      }
    }
    for (const [label, q] of [
      ['p50', 0.5],
      ['p99', 0.99],
    ] as const) {
      rows.push(
        comparedRow({
          measure: `${probe.measure} (${label})`,
          figure: quantile(samples.get(large)!, q),
          reference: quantile(samples.get(small)!, q),
          format: ms,
          referenceLabel: small.label,
          goal: { max: GOAL },
          detail: label === 'p50' ? `${count(probe.samples)} requêtes alternées de chaque côté` : undefined,
        }),
      );
    }
  }
  return rows;
}
