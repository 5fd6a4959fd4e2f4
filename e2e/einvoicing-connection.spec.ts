import { confirmedProfessional, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';

/*
 * Issue 19: the platform connection on /facturation-electronique. The exchanges themselves (submit,
 * retries, webhooks, polling) are covered by the API tests over real HTTP
 * (apps/server/src/modules/einvoicing/platform); here: the page, its choices, its errors, its confirmation.
 */

test('the test platform by default, an approved platform saved with its secrets never shown back', async ({
  page,
  request,
}) => {
  const account = await confirmedProfessional(request, 'plateforme');
  await signIn(page, account.email, account.password);
  await page.goto('/facturation-electronique');
  const section = page.getByRole('region', { name: 'Plateforme de facturation électronique' });
  await expect(section.getByText('Plateforme actuelle')).toBeVisible();
  await expect(section.getByRole('radio', { name: 'Plateforme de test' })).toBeChecked();
  await expect(section.getByText('Aucun échange avec la plateforme pour l’instant.')).toBeVisible();
  await expectAccessible(page);

  await section.getByRole('radio', { name: /Plateforme agréée/ }).check();
  await section.getByLabel('Adresse de l’API').fill('pas une adresse');
  await section.getByLabel('Adresse du jeton (OAuth2)').fill('https://pa.example/token');
  await section.getByLabel('Identifiant client').fill('client-facturo');
  await section.getByRole('button', { name: 'Enregistrer la connexion' }).click();
  await expect(section.getByText('Adresse invalide.')).toBeVisible();

  // Without secrets, a first connection is refused by the server, in French.
  await section.getByLabel('Adresse de l’API').fill('https://pa.example/flow-service');
  await section.getByRole('button', { name: 'Enregistrer la connexion' }).click();
  await expect(section.getByRole('alert').filter({ hasText: 'secret' })).toBeVisible();

  await section.getByLabel('Secret client', { exact: true }).fill('un-secret-client');
  await section.getByLabel('Secret des webhooks', { exact: true }).fill('un-secret-webhook');
  await section.getByRole('button', { name: 'Enregistrer la connexion' }).click();
  await expect(page.getByText('Connexion enregistrée : Plateforme agréée')).toBeVisible();
  await expect(section.getByLabel('Secret client', { exact: true })).toHaveValue('');
  await expect(section.getByText('Déjà enregistré : laissez vide pour le garder.').first()).toBeVisible();

  await page.reload();
  await expect(section.getByRole('radio', { name: /Plateforme agréée/ })).toBeChecked();
  await expect(section.getByLabel('Identifiant client')).toHaveValue('client-facturo');
  await expect(page.getByText('un-secret-client')).toHaveCount(0);
  await expectAccessible(page);

  await section.getByRole('radio', { name: 'Plateforme de test' }).check();
  await section.getByRole('button', { name: 'Enregistrer la connexion' }).click();
  await expect(page.getByText('Connexion enregistrée : Plateforme de test')).toBeVisible();
});
