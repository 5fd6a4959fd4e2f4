import { confirmedProfessional, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { SEEDED, SEEDED_PASSWORD } from './support/env.js';
import { expect, test } from './support/test.js';

test('signed out: private pages go to /login, unknown paths to /', async ({ page }) => {
  for (const path of [
    '/factures',
    '/clients',
    '/profil',
    '/messages',
    '/subscription',
    '/admin',
    '/factures/create',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  await page.goto('/nulle-part');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/reset-password-confirm');
  await expect(page.getByText('Lien invalide ou expiré.')).toBeVisible();
});

test('signed in: public pages and unknown paths go to /factures; pages keep their guard', async ({
  page,
  request,
}) => {
  // Eleven pages, each checked by axe, the creation panel with its live preview among them: a long journey.
  test.slow();
  const account = await confirmedProfessional(request, 'gardes');
  await signIn(page, account.email, account.password);
  for (const path of [
    '/',
    '/login',
    '/register',
    '/reset-password',
    '/features',
    '/contact',
    '/blog',
    '/try',
    '/nulle-part',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/factures$/);
  }
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/factures$/);
  // Always reachable, signed in or not.
  await page.goto('/verify-email');
  await expect(page.getByText('Token de vérification manquant')).toBeVisible();

  await page.goto('/factures?status=payée');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Payées');
  await expect(page.getByRole('link', { name: 'Payées' }).first()).toHaveAttribute('aria-current', 'page');
  for (const [path, title] of <[string, string][]>[
    ['/clients', 'Clients'],
    ['/subscription', 'Abonnement'],
    ['/messages', 'Messages'],
    ['/factures/create', 'Nouvelle facture'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectAccessible(page);
  }
});

test('a particulier is sent to /mentions-legales from professional pages', async ({ page }) => {
  await signIn(page, SEEDED.particulier.email, SEEDED_PASSWORD);
  await expect(page.getByRole('complementary').getByText('Compte particulier')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Clients' })).toHaveCount(0);
  for (const path of ['/clients', '/profil', '/factures/create', '/factures/abc/edit']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/mentions-legales$/);
  }
  await page.goto('/factures');
  await page.getByRole('button', { name: 'Passer en mode Pro' }).click();
  await expect(page).toHaveURL(/\/mentions-legales$/);
  await expectAccessible(page);
});

test('only the admin account sees and opens the administration', async ({ page }) => {
  await signIn(page, SEEDED.admin.email, SEEDED_PASSWORD);
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('link', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
});

test('an expired or revoked session signs out to /login', async ({ page, request }) => {
  const account = await confirmedProfessional(request, 'revoque');
  await signIn(page, account.email, account.password);
  await page.evaluate(() => localStorage.setItem('token', 'jeton-revoque'));
  await page.goto('/messages');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
