import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { BENCH_DIR, REPO_ROOT } from './paths.js';

interface ChromiumModule {
  CHROMIUM_FLAGS: string[];
  findChromium(): string | undefined;
  INSTALL_COMMAND: string;
}

/** The system Chromium with the project's flags (scripts/chromium.mjs), as the e2e journeys and Lighthouse. */
export async function launchBrowser(): Promise<Browser> {
  const modulePath = path.join(REPO_ROOT, 'scripts', 'chromium.mjs');
  const { CHROMIUM_FLAGS, findChromium, INSTALL_COMMAND } = (await import(modulePath)) as ChromiumModule;
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`Chromium introuvable (${INSTALL_COMMAND})`);
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}

const PROBE = path.join(BENCH_DIR, 'lib', 'page-probe.js');
const PAGE_STATE = readFileSync(path.join(BENCH_DIR, 'lib', 'page-state.js'), 'utf8')
  .trim()
  .replace(/;$/, '');

interface Probe {
  session?: { token: string; user: unknown };
  selector?: string;
}

/** A first visit: a new context (empty cache), the probe installed, signed in when a session is given. */
async function freshContext(browser: Browser, base: string, probe: Probe): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
  const config = { origin: new URL(base).origin, ...probe };
  await context.addInitScript({ content: `window.__benchConfig = ${JSON.stringify(config)};` });
  await context.addInitScript({ path: PROBE });
  return context;
}

export interface PageLoad {
  /** First contentful paint, from navigation start. */
  fcp: number;
  /** When the awaited element appeared (undefined when none was awaited). */
  found: number | undefined;
  /** max(found, end of the last long task) once the main thread has been quiet for a second. */
  tti: number;
  longTaskMs: number;
  blockingMs: number;
  domNodes: number;
  /** Start of the first request whose URL contains `watch`, from navigation start. */
  watchedStart: number | undefined;
}

interface PageState {
  fcp: number | undefined;
  found: number | undefined;
  longTasks: [number, number][];
  now: number;
  domNodes: number;
  watchedStart: number | undefined;
}

/**
 * Loads `url` in a fresh context and waits for its first paint, for `selector` when given, then for one
 * second without a long task (the usual « quiet window » reading of time to interactive).
 */
export async function measureLoad(
  browser: Browser,
  base: string,
  url: string,
  options: { session?: { token: string; user: unknown }; selector?: string; watch?: string } = {},
): Promise<PageLoad> {
  const context = await freshContext(browser, base, options);
  try {
    const page = await context.newPage();
    // What the page itself reported, to say why an awaited row never came.
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text().split('\n')[0]!);
    });
    await page.goto(`${base}${url}`, { waitUntil: 'commit' });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const state = (await page.evaluate(
        `(${PAGE_STATE})(${JSON.stringify(options.watch ?? '')})`,
      )) as PageState;
      const lastTaskEnd = Math.max(0, ...state.longTasks.map(([start, duration]) => start + duration));
      const ready = state.fcp !== undefined && (!options.selector || state.found !== undefined);
      if (ready && state.now - Math.max(lastTaskEnd, state.found ?? 0) >= 1000) {
        return {
          fcp: state.fcp!,
          found: state.found,
          tti: Math.max(state.found ?? state.fcp!, lastTaskEnd),
          longTaskMs: state.longTasks.reduce((t, [, d]) => t + d, 0),
          blockingMs: state.longTasks.reduce((t, [, d]) => t + Math.max(0, d - 50), 0),
          domNodes: state.domNodes,
          watchedStart: state.watchedStart,
        };
      }
      if (Date.now() > deadline) {
        const seen = problems.length > 0 ? ` (la page : ${problems[0]!.slice(0, 200)})` : '';
        throw new Error(`${url} : ${options.selector ?? 'premier affichage'} pas vu en 60 s${seen}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await context.close();
  }
}
