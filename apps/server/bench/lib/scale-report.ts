import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths.js';
import { type Machine, markdownTable, notes } from './report.js';
import type { Row } from './rows.js';

/** The scale run's part of docs/PERFORMANCE.md, between these marks; `npm run bench` keeps it as it is. */
const BEGIN = '<!-- Début du relevé écrit par npm run bench -- --scale -->';
const END = '<!-- Fin du relevé écrit par npm run bench -- --scale -->';

const METHOD = `How it is measured: two databases on the same PostgreSQL server, one with 10,000 invoices (100
professionals) and one with 1,000,000 (10,000 professionals), each with the built server in front. Both are
written by COPY (\`bench/lib/scale-seed.ts\`, triggers off, counters set from the rows, then \`VACUUM ANALYZE\`):
three years of invoices in date order, one to eight lines each, 3 to 30 clients per professional, most old
invoices paid (a fifth of them in two payments), some sent and waiting or partly paid, 5 % of the old ones
credited, recent ones not yet sent. The measured professional has the same 2,000 invoices in both
(its own seeded generator). Each request is sent alternately to the two servers, sequentially on kept-alive
sockets after a warm-up; a ratio is the large database's figure over the small one's, goal ≤ ×1.2.`;

/** Writes (or replaces) the scale run's section at the end of docs/PERFORMANCE.md. */
export function writeScaleReport(
  rows: Row[],
  m: Machine,
  started: Date,
  seconds: number,
  seeding: string[],
): string {
  const section = `${BEGIN}
## At a million invoices

Recorded by \`npm run bench -- --scale\` on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC (${Math.round(seconds)} s in all).
Machine: ${m.cpus}; ${m.memory} of memory; Node ${m.node}; PostgreSQL ${m.postgres}; load average (1 min) ${m.load}.
${seeding.map((line) => `- ${line}`).join('\n')}

${markdownTable(rows)}

${notes(rows)
  .map((n) => `- ${n}`)
  .join('\n')}

${METHOD}
${END}`;
  const file = path.join(REPO_ROOT, 'docs', 'PERFORMANCE.md');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const begin = previous.indexOf(BEGIN);
  const end = previous.indexOf(END);
  const next =
    begin >= 0 && end > begin
      ? previous.slice(0, begin) + section + previous.slice(end + END.length)
      : `${previous.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
  return file;
}
