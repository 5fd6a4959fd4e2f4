import { MESSAGES } from '@facturo/shared';
import { PUBLIC_PAGES } from '@facturo/shared/public-pages';
import type { Page } from '@playwright/test';
import { confirmedProfessional, newEmail, signIn } from './support/accounts.js';
import { waitForHydration } from './support/hydration.js';
import { expect, test } from './support/test.js';

/**
 * Everything the Content-Security-Policy refused on this page from now on: the browser's own
 * `securitypolicyviolation` events, and its console reports of them (in case an event is missed
 * between two navigations); with the console's complaints about the Permissions-Policy header.
 */
async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(
        `${event.violatedDirective} refused ${event.blockedURI || 'inline'} on ${location.pathname} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions-Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function expectPagePolicy(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  expect(response?.headers()['content-security-policy'], path).toMatch(/script-src 'self' 'sha256-/);
}

test('the public pages run under their policy without a single refusal, and hydrate', async ({ page }) => {
  const violations = await recordCspViolations(page);
  for (const { path } of PUBLIC_PAGES) {
    await expectPagePolicy(page, path);
    await expect(page.locator('h1').first()).toBeVisible();
    // The deferred entry has run and React has taken over the prerendered HTML (the page, or each island).
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
  }
  // Hydrated forms work: the login form answers with the server's message.
  await page.goto('/login');
  await page.getByLabel('Adresse email').fill(newEmail('inconnu'));
  await page.getByLabel('Mot de passe', { exact: true }).fill('Inconnu!2026x');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  expect(violations).toEqual([]);
});

test('signed in, the app works under the policy: session script, pages, dialogs and toasts', async ({
  page,
  request,
}) => {
  const violations = await recordCspViolations(page);
  const account = await confirmedProfessional(request, 'csp');
  await signIn(page, account.email, account.password);
  // A public page, signed in: the inline session script hides it, the app sends the visitor on.
  await expectPagePolicy(page, '/');
  await expect(page).toHaveURL(/\/factures$/);
  for (const path of ['/factures', '/clients', '/subscription', '/mentions-legales']) {
    await expectPagePolicy(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // A Radix dialog (its scroll lock inserts a <style>) and a client saved for real.
  await page.goto('/clients');
  await page.getByRole('main').getByRole('button', { name: 'Ajouter un client' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau client' });
  await dialog.getByLabel('Nom', { exact: true }).fill('Client Politique');
  await dialog.getByLabel('Adresse email').fill(newEmail('client-csp'));
  await dialog.getByRole('button', { name: 'Ajouter le client' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Client Politique', exact: true })).toBeVisible();
  // The invoice wizard: another dialog, and the API calls it makes.
  await page.goto('/factures');
  await page.getByRole('button', { name: 'Nouvelle facture' }).click();
  await expect(page.getByRole('dialog', { name: 'Nouvelle facture' })).toBeVisible();
  expect(violations).toEqual([]);
});
