import { newEmail } from './support/accounts.js';
import { expect, test } from './support/test.js';

/** The launcher's RATE_LIMIT_SCALE (playwright.config.ts) times the 5 free failures of one (address, IP). */
const FREE_FAILURES = 20 * 5;

test('after too many failed sign-ins, the login form says when to try again', async ({ page, request }) => {
  // An unknown address fails without a password check, so the pair's allowance is used up quickly.
  const email = newEmail('insistant');
  for (let i = 0; i < FREE_FAILURES; i++) {
    const res = await request.post('/api/auth/login', { data: { email, password: 'Faux!mot2passe' } });
    expect(res.status()).toBe(404);
  }
  await page.goto('/login');
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Faux!mot2passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(
    page.getByText(/^Trop de tentatives\. Réessayez dans (1 minute|\d+ secondes?)\.$/),
  ).toBeVisible();
});
