import type { Page } from '@playwright/test';
import { confirmedProfessional, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';
import { expectToast } from './support/toast.js';

/*
 * The platform connection on /facturation-electronique: the settings an approved platform needs (Flow
 * Service, Directory Service, token, client id and secret, how the secret is sent), the webhook Facturo
 * registers, and « Tester la connexion » step by step. The exchanges themselves (registration, deletion,
 * signatures) are covered by the API tests over real HTTP (apps/server/src/modules/einvoicing/platform).
 */

/** Nothing listens there: connections are refused at once (the discard port). */
const NOWHERE = 'http://127.0.0.1:9';

const sectionOf = (page: Page) =>
  page.getByRole('region', { name: 'Plateforme de facturation électronique' });
const resultOf = (page: Page) =>
  sectionOf(page).getByRole('list', { name: 'Résultat du test de la connexion' });

test('an approved platform: its settings checked, saved with the secret never shown back, then tested', async ({
  page,
  request,
}) => {
  const account = await confirmedProfessional(request, 'plateforme');
  await signIn(page, account.email, account.password);
  await page.goto('/facturation-electronique');
  const section = sectionOf(page);
  await expect(section.getByText('Plateforme actuelle')).toBeVisible();
  await expect(section.getByRole('radio', { name: 'Plateforme de test' })).toBeChecked();
  // The webhook address is shown for information: Facturo registers it itself.
  await expect(section.getByText(/\/api\/facturation-electronique\/webhooks\/[0-9a-f-]{36}/)).toBeVisible();
  await expect(section.getByLabel(/secret des webhooks/i)).toHaveCount(0);

  await section.getByRole('radio', { name: /Plateforme agréée/ }).check();
  await section.getByLabel('URL du Flow Service').fill('pas une adresse');
  await section.getByLabel('URL du Directory Service').fill(`${NOWHERE}/directory-service`);
  await section.getByLabel('URL du jeton (OAuth2)').fill(`${NOWHERE}/oauth/token`);
  await section.getByLabel('Identifiant client').fill('client-facturo');
  await expect(section.getByRole('radio', { name: 'Dans le corps de la requête' })).toBeChecked();
  await section.getByRole('radio', { name: 'Authentification HTTP Basic' }).check();
  await section.getByRole('button', { name: 'Enregistrer la connexion' }).click();
  await expect(section.getByText('Adresse invalide.')).toBeVisible();

  // Without its secret, a first connection is refused by the server, in French.
  await section.getByLabel('URL du Flow Service').fill(`${NOWHERE}/flow-service`);
  await section.getByRole('button', { name: 'Enregistrer la connexion' }).click();
  await expect(section.getByRole('alert').filter({ hasText: 'Le secret client est requis' })).toBeVisible();

  await section.getByLabel('Secret client', { exact: true }).fill('un-secret-client');
  await section.getByRole('button', { name: 'Enregistrer la connexion' }).click();
  await expectToast(page, 'Connexion enregistrée : Plateforme agréée');
  // Saved even though the platform is unreachable: the webhook waits, the page says why.
  await expect(section.getByText(/^Webhook non enregistré : .+/)).toBeVisible();
  await expect(section.getByLabel('Secret client', { exact: true })).toHaveValue('');
  await expect(section.getByText('Déjà enregistré : laissez vide pour le garder.')).toBeVisible();

  await page.reload();
  await expect(section.getByRole('radio', { name: /Plateforme agréée/ })).toBeChecked();
  await expect(section.getByLabel('URL du Flow Service')).toHaveValue(`${NOWHERE}/flow-service`);
  await expect(section.getByLabel('URL du Directory Service')).toHaveValue(`${NOWHERE}/directory-service`);
  await expect(section.getByLabel('Identifiant client')).toHaveValue('client-facturo');
  await expect(section.getByRole('radio', { name: 'Authentification HTTP Basic' })).toBeChecked();
  await expect(page.getByText('un-secret-client')).toHaveCount(0);
  await expectAccessible(page);

  // The test says each step; without a token, the webhook is not even tried.
  await section.getByRole('button', { name: 'Tester la connexion' }).click();
  const result = resultOf(page);
  await expect(result.getByRole('listitem')).toHaveCount(4);
  await expect(result.getByText('Jeton d’accès (OAuth2) : échec')).toBeVisible();
  await expect(result.getByRole('listitem').filter({ hasText: 'Webhook : échec' })).toContainText(
    'Non essayé : la plateforme n’a pas donné de jeton d’accès.',
  );

  await section.getByRole('radio', { name: 'Plateforme de test' }).check();
  await section.getByRole('button', { name: 'Enregistrer la connexion' }).click();
  await expectToast(page, 'Connexion enregistrée : Plateforme de test');
});

test('the built-in test platform tested from the keyboard on a phone: every step succeeds', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const account = await confirmedProfessional(request, 'plateforme-test');
  await signIn(page, account.email, account.password);
  await page.goto('/facturation-electronique');
  const section = sectionOf(page);
  await expect(section.getByRole('radio', { name: 'Plateforme de test' })).toBeChecked();
  // The test connection's webhook is registered when the page first reads it.
  await expect(section.getByText('Webhook enregistré auprès de la plateforme.')).toBeVisible();

  const button = section.getByRole('button', { name: 'Tester la connexion' });
  await button.focus();
  await page.keyboard.press('Enter');
  const result = resultOf(page);
  for (const step of ['Jeton d’accès (OAuth2)', 'Flow Service', 'Directory Service', 'Webhook']) {
    await expect(result.getByText(`${step} : réussi`)).toBeVisible();
  }
  await expect(result).toContainText('Webhook enregistré auprès de la plateforme.');
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
});
