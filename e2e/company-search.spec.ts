import { confirmedProfessional, newEmail, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';

/**
 * Issue 19: the company search of client creation, against the launcher's fake directory (serve.ts),
 * which answers two companies named after the query, or fails when the query says « indisponible ».
 */
test('a professional finds a company, picks it with the keyboard and adds it as a client', async ({
  page,
  request,
}) => {
  const account = await confirmedProfessional(request, 'entreprises');
  await signIn(page, account.email, account.password);
  await page.goto('/clients');
  await page.getByRole('main').getByRole('button', { name: 'Ajouter un client' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau client' });
  const search = dialog.getByRole('combobox', { name: 'Rechercher une entreprise' });
  await search.fill('boulangerie dupain');
  const options = dialog.getByRole('listbox', { name: 'Entreprises' }).getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.first()).toContainText('BOULANGERIE DUPAIN');
  await expect(options.first()).toContainText('SIREN 356000000 · 75015 PARIS');
  await expectAccessible(page);

  // Down to the second, back up to the first, Escape closes the list but not the modal, Enter picks.
  await search.press('ArrowDown');
  await search.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await search.press('ArrowUp');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await search.press('Escape');
  await expect(dialog.getByRole('listbox', { name: 'Entreprises' })).toBeHidden();
  await expect(dialog).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Enter');

  await expect(dialog.getByLabel('Entreprise', { exact: true })).toBeChecked();
  await expect(dialog.getByLabel('Nom', { exact: true })).toHaveValue('BOULANGERIE DUPAIN');
  await expect(dialog.getByLabel('Rue')).toHaveValue('9 RUE DU COLONEL PIERRE AVIA');
  await expect(dialog.getByLabel('Code postal')).toHaveValue('75015');
  await expect(dialog.getByLabel('Ville')).toHaveValue('PARIS');
  await expect(dialog.getByLabel('SIRET ou SIREN')).toHaveValue('356 000 000 00048');
  await expect(dialog.getByLabel('N° de TVA intracommunautaire')).toHaveValue('FR39356000000');
  await expect(dialog.getByRole('status').filter({ hasText: 'reprises ci-dessous' })).toBeVisible();

  // The directory knows no e-mail: the professional types it, and the client is created.
  await dialog.getByLabel('Adresse email').fill(newEmail('dupain'));
  await dialog.getByRole('button', { name: 'Ajouter le client' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'BOULANGERIE DUPAIN', exact: true })).toBeVisible();
});

test('when the directory is unavailable, the form says so and works by hand', async ({ page, request }) => {
  const account = await confirmedProfessional(request, 'entreprises-panne');
  await signIn(page, account.email, account.password);
  await page.goto('/clients');
  await page.getByRole('main').getByRole('button', { name: 'Ajouter un client' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau client' });
  await dialog.getByRole('combobox', { name: 'Rechercher une entreprise' }).fill('indisponible sarl');
  await expect(dialog.getByRole('status').filter({ hasText: 'à la main' })).toContainText(
    'La recherche d’entreprises est indisponible',
  );
  await dialog.getByLabel('Nom', { exact: true }).fill('Saisie Manuelle');
  await dialog.getByLabel('Adresse email').fill(newEmail('manuelle'));
  await dialog.getByRole('button', { name: 'Ajouter le client' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Saisie Manuelle', exact: true })).toBeVisible();
});
