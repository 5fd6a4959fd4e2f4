// `npm run lighthouse`: builds the app, serves it on a fresh embedded database and measures the public
// pages with Lighthouse in mobile emulation (its default: simulated slow 4G and a 4× slower CPU), in the
// system Chromium. Writes the scores to docs/LIGHTHOUSE.md; exits non-zero when one is under 95.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, findChromium, INSTALL_COMMAND } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = ['/', '/features', '/contact', '/invoices', '/login'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
];
const THRESHOLD = 95;
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3290);
const base = `http://127.0.0.1:${port}`;

const chromePath = findChromium();
if (!chromePath) {
  console.error(`Chromium est introuvable. Installez-le : ${INSTALL_COMMAND}`);
  process.exit(1);
}

if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'facturo-lighthouse-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Le serveur ne répond pas sur ${base}`);
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: CHROMIUM_FLAGS,
});
const rows = [];
let failed = false;
try {
  await waitForServer();
  for (const page of PAGES) {
    const { lhr } = await lighthouse(`${base}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      formFactor: 'mobile',
    });
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    const metrics = METRICS.map((m) => lhr.audits[m]?.displayValue ?? '—');
    if (scores.some((s) => s < THRESHOLD)) failed = true;
    rows.push({
      page,
      scores,
      metrics,
      version: lhr.lighthouseVersion,
      agent: lhr.environment.hostUserAgent,
    });
    console.log(
      `${page}  ${CATEGORIES.map((c, i) => `${c} ${scores[i]}`).join(' · ')}  (${metrics.join(', ')})`,
    );
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

const chromium = rows[0]?.agent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium';
const doc = `# Lighthouse scores

Measured by \`npm run lighthouse\` on the production build served by \`npm start\`'s server (embedded
database, compression on), Lighthouse ${rows[0]?.version} in mobile emulation (simulated slow 4G, 4× CPU
slowdown), ${chromium.replace('Chrome/', 'Chromium ')}, on ${new Date().toISOString().slice(0, 10)}.
The target is 95 or more in each category (issue 7).

| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |
| ---- | ----------- | ------------- | -------------- | --- | --- | --- | --- | --- |
${rows.map((r) => `| \`${r.page}\` | ${r.scores.join(' | ')} | ${r.metrics.join(' | ')} |`).join('\n')}

How the public pages get there: they are prerendered to static HTML at build time (readable before any
JavaScript, stylesheet inlined), the app's code starts after the first paint and hydrates the page in
small tasks, each page loads only its own chunk, and everything is served compressed.
`;
// The dated sections after the table (earlier runs, comparisons) are the page's history: keep them.
const docPath = path.join(root, 'docs', 'LIGHTHOUSE.md');
const previous = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '';
const historyStart = previous.indexOf('\n## ');
const history = historyStart === -1 ? '' : previous.slice(historyStart);
writeFileSync(docPath, doc + history);
console.log('Résultats écrits dans docs/LIGHTHOUSE.md');
if (failed) {
  console.error(`Un score est sous ${THRESHOLD}.`);
  process.exit(1);
}
