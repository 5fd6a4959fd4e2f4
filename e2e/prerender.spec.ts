import { statSync } from 'node:fs';
import path from 'node:path';
import { PUBLIC_PAGES, UPCOMING_FEATURE_PATHS } from '@facturo/shared/public-pages';
import type { APIRequestContext, Page } from '@playwright/test';
import { confirmedProfessional, signIn } from './support/accounts.js';
import { waitForHydration } from './support/hydration.js';
import { expect, test } from './support/test.js';

/** Chunks of the signed-in app: a public page must never download them (route-level code splitting). */
const APP_CHUNKS =
  /\/assets\/(app-shell|invoices-page|invoice-detail-page|clients-page|subscription-page|use-invoice-wizard)[-.]/;

/** Issue 16: the landing page's JavaScript, gzip, in at most this many requests. */
const LANDING_SCRIPTS_MAX = 10;
const LANDING_GZIP_BYTES_MAX = 80 * 1024;
const WEB_DIST = path.resolve(import.meta.dirname, '..', 'apps', 'web', 'dist');

/** What a page logs as an error or warning (a hydration mismatch among them), and the scripts it loads. */
function watch(page: Page): { problems: string[]; scripts: string[] } {
  const problems: string[] = [];
  const scripts: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  return { problems, scripts };
}

/**
 * The app's own scripts: its entry (the one index.html, the signed-in app's page, loads) and the router.
 * A static page of islands loads neither (features/public/islands).
 */
async function appScripts(request: APIRequestContext): Promise<RegExp> {
  const html = await (await request.get('/factures')).text();
  const entry = html.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/)?.[1];
  expect(entry, 'l’entrée de l’application dans index.html').toBeTruthy();
  return new RegExp(`^(${entry?.replaceAll('.', '\\.')}|/assets/router-[^/]+\\.js)$`);
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

test('every public page arrives as complete HTML with its own title, description and Open Graph tags', async ({
  request,
  baseURL,
}) => {
  for (const page of PUBLIC_PAGES) {
    const res = await request.get(page.path);
    expect(res.status(), page.path).toBe(200);
    const html = await res.text();
    expect(html, page.path).toContain(`<title>${page.title}</title>`);
    expect(html).toContain(`<meta name="description" content="${escapeHtml(page.description)}" />`);
    expect(html).toContain(`<meta property="og:url" content="${baseURL}${page.path}" />`);
    expect(html).toContain(`<meta property="og:image" content="${baseURL}/og-image.png" />`);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${page.path}" />`);
    expect(html).toMatch(/<div id="root" data-prerendered><div[^>]*>.*<h1[^>]*>[^<]+/s);
    // Neither placeholders left nor out-of-order segments waiting for a script.
    expect(html).not.toContain('__APP_URL__');
    expect(html).not.toContain('<template id="B:');
  }
  const image = await request.get('/og-image.png');
  expect(image.headers()['content-type']).toBe('image/png');
  const icon = await request.get('/favicon.svg');
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
});

test('the public pages hydrate without a console error and never load the signed-in app', async ({
  page,
}) => {
  const { problems, scripts } = watch(page);
  for (const { path } of PUBLIC_PAGES) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator('h1').first()).toBeVisible();
  }
  expect(problems).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => APP_CHUNKS.test(url))).toEqual([]);
});

test('every public page fits a 320 px screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const { path } of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBe(0);
  }
});

test('/try and /create-invoice lead to the sign-up, even before any JavaScript runs', async ({
  request,
  page,
}) => {
  for (const path of ['/try', '/create-invoice']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers().location).toBe('/register');
    await page.goto(path);
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créer un compte');
  }
});

test('without JavaScript the public site still reads and its links still lead somewhere', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Confidentialité' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Politique de confidentialité');
  await context.close();
});

test('signed in, a prerendered page is never shown: the visitor lands on the invoices', async ({
  page,
  request,
}) => {
  const account = await confirmedProfessional(request, 'prerendu');
  await signIn(page, account.email, account.password);
  const shownBeforeRedirect: string[] = [];
  await page.exposeFunction('reportVisibleLanding', (text: string) => shownBeforeRedirect.push(text));
  // Samples what is visible while the page loads, before the app redirects.
  await page.addInitScript(() => {
    const sample = () => {
      const root = document.getElementById('root');
      if (root?.hasAttribute('data-prerendered') && getComputedStyle(root).visibility !== 'hidden') {
        (window as unknown as { reportVisibleLanding: (t: string) => void }).reportVisibleLanding('visible');
      }
    };
    document.addEventListener('DOMContentLoaded', sample);
    requestAnimationFrame(sample);
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/factures$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(shownBeforeRedirect).toEqual([]);
});

test('the landing page loads at most 10 scripts, 80 KB gzip, and hydrates its islands without a warning', async ({
  page,
}) => {
  const { problems, scripts } = watch(page);
  await page.goto('/');
  await waitForHydration(page);
  // Each island hydrated: the carousel's buttons and the header's menu answer.
  await expect(page.getByRole('button', { name: 'Diapositive suivante' })).toBeEnabled();
  await page.setViewportSize({ width: 400, height: 800 });
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  expect(problems).toEqual([]);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.length).toBeLessThanOrEqual(LANDING_SCRIPTS_MAX);
  // The build's gzip copies (apps/web/scripts/compress.mjs) are what the server sends as gzip.
  const gzipBytes = scripts
    .map((script) => {
      const file = path.join(WEB_DIST, script);
      try {
        return statSync(`${file}.gz`).size;
      } catch {
        return statSync(file).size; // under 1 KB: not compressed, counted whole
      }
    })
    .reduce((sum, size) => sum + size, 0);
  expect(gzipBytes).toBeLessThanOrEqual(LANDING_GZIP_BYTES_MAX);
  expect(scripts.filter((url) => APP_CHUNKS.test(url) || /\/assets\/router-/.test(url))).toEqual([]);
});

/** The pages with a form (issue 11, Lighthouse): static pages whose form is an island, loaded by them alone. */
const FORM_ISLANDS: { path: string; chunk: RegExp; field: string }[] = [
  { path: '/contact', chunk: /\/assets\/contact-island-/, field: 'Nom' },
  ...Object.values(UPCOMING_FEATURE_PATHS).map((path) => ({
    path,
    chunk: /\/assets\/waitlist-island-/,
    field: 'Adresse email',
  })),
  { path: '/login', chunk: /\/assets\/login-island-/, field: 'Adresse email' },
];

test('the pages with a form load no app code: their form is an island, hydrated cleanly', async ({
  page,
  request,
}) => {
  const app = await appScripts(request);
  const { problems, scripts } = watch(page);
  for (const { path, chunk, field } of FORM_ISLANDS) {
    // What this page logged and loaded only.
    problems.length = 0;
    scripts.length = 0;
    await page.goto(path);
    await waitForHydration(page);
    // The form's fieldset is enabled once its island is hydrated (use-hydrated.ts).
    await expect(page.getByRole('main').getByLabel(field, { exact: true })).toBeEnabled();
    expect(problems, path).toEqual([]);
    expect(
      scripts.filter((url) => app.test(url) || APP_CHUNKS.test(url)),
      path,
    ).toEqual([]);
    expect(
      scripts.filter((url) => chunk.test(url)),
      path,
    ).not.toEqual([]);
    // The other forms' islands are not this page's.
    const others = FORM_ISLANDS.filter((island) => island.chunk.source !== chunk.source);
    expect(
      scripts.filter((url) => others.some((island) => island.chunk.test(url))),
      path,
    ).toEqual([]);
  }
  // The landing page, whose budget is counted above, loads no form's island.
  scripts.length = 0;
  await page.goto('/');
  await waitForHydration(page);
  expect(scripts.filter((url) => FORM_ISLANDS.some((island) => island.chunk.test(url)))).toEqual([]);
});
