import { MESSAGES } from '@facturo/shared';
import { newEmail } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { E2E_OUTBOX, SEEDED, SEEDED_PASSWORD } from './support/env.js';
import { linkIn, waitForMail } from './support/outbox.js';
import { expect, test } from './support/test.js';

/** The launcher's RATE_LIMIT_SCALE (playwright.config.ts) times the 5 free failures of one (address, IP). */
const FREE_FAILURES = 20 * 5;

test('after too many failed sign-ins, the login form says when to try again', async ({ page, request }) => {
  test.slow();
  // An unknown address is refused as a wrong password would be, after the same password check.
  const email = newEmail('insistant');
  for (let i = 0; i < FREE_FAILURES; i++) {
    const res = await request.post('/api/auth/login', { data: { email, password: 'Faux!mot2passe' } });
    expect(res.status()).toBe(401);
  }
  await page.goto('/login');
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Faux!mot2passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(
    page.getByText(/^Trop de tentatives\. Réessayez dans (1 minute|\d+ secondes?)\.$/),
  ).toBeVisible();
});

test('an account refused to new devices after strangers failed on it: the e-mailed link lets its owner in, once', async ({
  page,
}) => {
  // The launcher seeded the failures; this browser never signed in to the account: an unknown device.
  const { email } = SEEDED.attacked;
  await page.goto('/login');
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(SEEDED_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.unlockRequired })).toBeVisible();
  await expectAccessible(page);

  const mail = await waitForMail(E2E_OUTBOX, email, 'Connexion suspendue sur votre compte');
  const link = linkIn(mail, '/unlock-login');
  await page.goto(link);
  await expect(page.getByText('La connexion à votre compte est débloquée.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Aller à la connexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(SEEDED_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/factures$/);
  // The browser is now one of the account's devices: a cookie scripts cannot read, sent to sign-ins only.
  const device = (await page.context().cookies()).find((cookie) => cookie.name === 'facturo_device');
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });

  // The link worked once.
  await page.goto(link);
  await expect(page.getByText(MESSAGES.invalidLink)).toBeVisible();
});
