import type { Page } from '@playwright/test';
import { confirmedProfessional, signIn } from './support/accounts.js';
import { expect, test } from './support/test.js';

/*
 * Issue 16: signed in, /factures paints the app's frame from its HTML and the HTML itself sends the screen's
 * first requests (apps/web/scripts/first-screen-boot.mjs); the app adopts those answers instead of asking
 * again (apps/web/src/lib/early-responses.ts).
 */

/** The API calls of one page load, by path with its query: what the page asked, and how often. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/events')
      calls.push(url.pathname + url.search);
  });
  return calls;
}

const count = (calls: string[], call: string) => calls.filter((c) => c === call).length;

test('signed in, /factures asks its first data once, from the HTML, and shows the frame then the list', async ({
  page,
  request,
}) => {
  const pro = await confirmedProfessional(request, 'premier-ecran');
  await signIn(page, pro.email, pro.password);
  await expect(page.getByText('Aucune facture trouvée')).toBeVisible();

  // A fresh load of the page: the answers the HTML asked for are the ones the page shows.
  const calls = apiCalls(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Factures' })).toBeVisible();
  await expect(page.getByText('Aucune facture trouvée')).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.locator('[data-app-frame]')).toHaveCount(0);
  expect(count(calls, '/api/factures')).toBe(1);
  expect(count(calls, '/api/factures/totaux')).toBe(1);
  expect(count(calls, '/api/users/me')).toBe(1);
  // The frame the HTML painted first was shown (then replaced by the app's): on this page, not on a page every
  // visitor reaches, which has its own layout.
  const frameShown = () => page.evaluate(() => document.documentElement.classList.contains('app-frame'));
  expect(await frameShown()).toBe(true);
  await page.goto('/verify-email');
  await expect(page.getByText('Token de vérification manquant')).toBeVisible();
  expect(await frameShown()).toBe(false);

  // With a filter in the address the HTML asks only for the session: the list is the app's to ask, once.
  calls.length = 0;
  await page.goto('/factures?status=payée');
  await expect(page.getByRole('heading', { level: 1, name: 'Factures — Payées' })).toBeVisible();
  await expect(page.getByText('Aucune facture trouvée')).toBeVisible();
  expect(count(calls, '/api/users/me')).toBe(1);
  expect(count(calls, '/api/factures')).toBe(0);
  expect(calls.filter((c) => c.startsWith('/api/factures?')).length).toBe(1);
});

test('signed out, the frame in the HTML of an app page stays hidden: the page goes to /login', async ({
  page,
}) => {
  const response = await page.goto('/factures');
  expect(await response?.text()).toContain('data-app-frame');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(page.locator('[data-app-frame]')).toHaveCount(0);
});
