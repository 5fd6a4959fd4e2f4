import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './paths.js';
import { formatRatio, type Row } from './rows.js';

export interface Machine {
  cpus: string;
  memory: string;
  node: string;
  postgres: string;
  os: string;
  /** 1-minute load average at the start and at the end: on a shared machine, what the figures ran beside. */
  load: string;
}

export function machine(postgres: string, loadAtStart: number): Machine {
  const cpus = os.cpus();
  const models = [...new Set(cpus.map((c) => c.model.trim()))].join(', ');
  return {
    cpus: `${cpus.length} × ${models}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    postgres,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    load: `${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`,
  };
}

const met = (row: Row) => (row.error ? 'erreur' : row.met === undefined ? '—' : row.met ? 'oui' : 'non');
const HEADERS = ['Mesure', 'Valeur', 'Référence (même exécution)', 'Rapport', 'Objectif', 'Atteint'];
const cells = (row: Row) => [
  row.measure,
  row.figure,
  row.reference,
  formatRatio(row.ratio),
  row.goal,
  met(row),
];

/** Details and errors, numbered as the table's rows. */
export function notes(rows: Row[]): string[] {
  return rows.flatMap((row, i) => {
    if (row.error) return [`${i + 1}. ${row.measure} — erreur : ${row.error}`];
    if (row.detail) return [`${i + 1}. ${row.measure} — ${row.detail}`];
    return [];
  });
}

/** The table for the terminal: aligned columns, then the notes. */
export function printTable(rows: Row[]): void {
  const table = [HEADERS, ...rows.map((row, i) => cells({ ...row, measure: `${i + 1}. ${row.measure}` }))];
  const widths = HEADERS.map((_, c) => Math.max(...table.map((r) => r[c]!.length)));
  const line = (r: string[]) => r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ');
  console.log(`\n${line(table[0]!)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of table.slice(1)) console.log(line(r));
  console.log(`\n${notes(rows).join('\n')}`);
}

/** Where the generated part of docs/PERFORMANCE.md ends: what follows (history, analyses) is kept. */
const END_MARK =
  '<!-- Fin du relevé écrit par npm run bench : ce qui suit est conservé d’une exécution à l’autre. -->';

const METHOD = `## How each row is measured

Every figure is measured against its reference in the same run, rounds alternating between the two
so that load elsewhere on the machine hits both alike; medians after a warm-up. The server is the
built app (\`apps/server/dist\`, rebuilt first when older than the sources), in PostgreSQL mode on a
database of its own that the bench creates and drops, with rate limits lifted (all requests come from
one address). Seeding writes 10,000 invoices of one professional with one \`INSERT … SELECT\` over
\`generate_series\` (copies of an invoice created over HTTP, issue dates spread over 320 days).

- **List page**: \`GET /api/factures?limit=50\` for the professional with 10,000 invoices, sequential
  requests on a kept-alive socket (p50); the reference replays, through \`pg\` in the bench's process,
  the very statements the server sent for that request (recorded by a wire-protocol proxy in front of a
  second server). The page size is the uncompressed JSON body. **Totals**: \`GET /api/factures/totaux\`
  of the same professional against its recorded statements, the same way.
- **Browser TTI**: \`/factures\` in Chromium (the project's flags, \`scripts/chromium.mjs\`), a fresh
  context each time, signed in through local storage; time to interactive = the newest invoice's row in
  the DOM, then one second without a long task (\`max(row, end of the last long task)\`); the reference
  is the same page for a professional with one invoice.
- **PDF rate**: the Factur-X PDF of a 5-line invoice rendered one after the other in the bench's process
  (the server's document code), against a minimal pdfkit page with one TTF (DejaVu Sans).
- **Creation**: \`POST /api/factures\` with wrk when it is installed (else autocannon; the note says
  which ran), 16 connections, each one issuer (fresh login tokens); the reference is pgbench
  (\`-c 16 -j 2\`) replaying the SQL of one recorded creation, each pgbench client another issuer, the
  new invoice's id and number made unique. Only 2xx answers count, and any other answer or socket error
  fails the measure. wrk since issue 16's second round: its client is C in a process of its own, as
  pgbench's is, where autocannon ran in the bench's Node process and took CPU from the 2 cores the
  server and PostgreSQL share (wrk runs one thread per connection, so that each connection is one
  issuer). One issuer: the same 16 connections all for one issuer, against 16 issuers.
- **Creation under PDF load**: the same creation load while 2 connections download the PDFs of 20 sent
  invoices (each downloaded once before); \`/api/health\` p99 from sequential probes while they download.
- **Start and memory**: \`node apps/server/dist/main.js\` (as \`npm start\`) in
  PostgreSQL mode, spawn → first 200 of \`/api/health\`, and its VmRSS then; the reference is a Fastify
  hello-world (\`apps/server/bench/hello-world.mjs\`) started the same way.
- **First paint**: first contentful paint of \`/factures\` signed in (one invoice) and of the landing page,
  fresh contexts. Signed in, index.html paints the app's real frame first (sidebar and top bar with the
  brand, the page's column empty: the components of the app's own frame, prerendered), then the app
  fills it; since that change the note also says when the invoice's row appeared, so the data's path
  stays visible beside the paint.
- **Landing page**: every JavaScript response of a first visit of \`/\` until the network is quiet,
  gzipped by the bench (zlib default level), and their count.
- **E-mail queue** (kept from the earlier bench, no goal): 1,000 e-mails through the queue to a local
  SMTP server against the same transport driven directly.

A measure that fails prints « erreur » and its reason; the others still run.
`;

export function markdownTable(rows: Row[]): string {
  const pipeSafe = (cell: string) => cell.replaceAll('|', '\\|');
  return [
    `| ${HEADERS.join(' | ')} |`,
    `| ${HEADERS.map(() => '---').join(' | ')} |`,
    ...rows.map(
      (row, i) =>
        `| ${cells({ ...row, measure: `${i + 1}. ${row.measure}` })
          .map(pipeSafe)
          .join(' | ')} |`,
    ),
  ].join('\n');
}

/** docs/PERFORMANCE.md: the run's table, the machine and the date, then whatever followed the mark. */
export function writeReport(rows: Row[], m: Machine, started: Date, seconds: number): string {
  const doc = `# Performance

Recorded by \`npm run bench\` on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC (${Math.round(seconds)} s for the whole bench).
Machine: ${m.cpus}; ${m.memory} of memory; ${m.os}; Node ${m.node}; PostgreSQL ${m.postgres};
load average (1 min) ${m.load}.
The goals are those of issue 16; a ratio is the figure divided by its reference.

${markdownTable(rows)}

${notes(rows)
  .map((n) => `- ${n}`)
  .join('\n')}

${METHOD}
${END_MARK}
`;
  const file = path.join(REPO_ROOT, 'docs', 'PERFORMANCE.md');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const kept = previous.includes(END_MARK)
    ? previous.slice(previous.indexOf(END_MARK) + END_MARK.length)
    : '\n';
  writeFileSync(file, doc + kept.replace(/^\n*/, '\n'));
  return file;
}
