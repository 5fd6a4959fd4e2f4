import { formatSiretInput } from '@facturo/shared';
import type { Page } from '@playwright/test';
import { confirmedProfessional, newSiret, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { SEEDED, SEEDED_PASSWORD, SEEDED_SHARED_SIRET } from './support/env.js';
import { expect, test } from './support/test.js';

const SIRET_MESSAGE = 'Le SIRET doit contenir exactement 14 chiffres';

/** For a professional, /mentions-legales is their profile: the mentions are one of its sections. */
function mentionsSection(page: Page) {
  return page.getByRole('region', { name: 'Mentions légales', exact: true });
}

function companySection(page: Page) {
  return page.getByRole('region', { name: 'Mon entreprise', exact: true });
}

test('a professional edits their company and the legal mentions on /mentions-legales, which survive a reload', async ({
  page,
  request,
}) => {
  const account = await confirmedProfessional(request, 'mentions');
  await signIn(page, account.email, account.password);
  await page.goto('/mentions-legales');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
  const mentions = mentionsSection(page);
  // Until saved, the defaults of SPEC §9 are proposed.
  await expect(mentions.getByLabel('Indemnité forfaitaire de recouvrement')).toHaveValue(/40 €/);
  await expect(mentions.getByText('TVA non applicable, art. 293 B du CGI', { exact: false })).toBeVisible();
  await expectAccessible(page);

  // Mon entreprise: a wrong SIRET is refused with the spec's wording, then the profile is saved.
  const issuer = companySection(page);
  await expect(issuer.getByLabel('Prénom')).toHaveValue(account.prenom);
  await issuer.getByLabel('Adresse', { exact: true }).fill('8 avenue Foch');
  await issuer.getByLabel('Code postal').fill('13001');
  await issuer.getByLabel('Ville').fill('Marseille');
  const siret = issuer.getByLabel('Numéro SIRET');
  await siret.fill('');
  await siret.pressSequentially('123');
  await issuer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(issuer.getByText(SIRET_MESSAGE)).toBeVisible();
  await expectAccessible(page);
  await siret.fill('');
  await siret.pressSequentially(account.siret);
  await issuer.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Informations enregistrées')).toBeVisible();

  // Legal mentions: the VAT number is Mon entreprise's, shown here; the texts are saved.
  await expect(mentions).toContainText('N° de TVA intracommunautaire : non renseigné');
  await expect(mentions.getByLabel('N° de TVA intracommunautaire')).toHaveCount(0);
  await mentions.getByLabel('Conditions de paiement').fill('Paiement à 15 jours par virement.');
  await mentions.getByLabel("Nature de l'opération").selectOption({ label: 'Livraison de biens' });
  await mentions.getByLabel('Mention libre').fill('Merci de votre confiance.');
  await mentions.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Mentions légales enregistrées')).toBeVisible();

  await page.reload();
  await expect(mentionsSection(page).getByLabel('Conditions de paiement')).toHaveValue(
    'Paiement à 15 jours par virement.',
  );
  await expect(mentionsSection(page).getByLabel("Nature de l'opération")).toHaveValue('biens');
  await expect(mentionsSection(page).getByLabel('Mention libre')).toHaveValue('Merci de votre confiance.');
  await expect(companySection(page).getByLabel('Ville')).toHaveValue('Marseille');
  await expect(companySection(page).getByLabel('Adresse', { exact: true })).toHaveValue('8 avenue Foch');
});

test('the settings button of /factures opens the legal mentions popup, which saves', async ({
  page,
  request,
}) => {
  const account = await confirmedProfessional(request, 'mentions-popup');
  await signIn(page, account.email, account.password);
  const openPopup = async () => {
    await page.getByRole('button', { name: 'Mentions légales' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mentions légales' });
    await expect(dialog.getByLabel('Mention libre')).toBeVisible();
    return dialog;
  };

  let dialog = await openPopup();
  await expectAccessible(page);
  await dialog.getByLabel('Mention libre').fill('Dispensé d’immatriculation au RCS.');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Mentions légales enregistrées')).toBeVisible();

  await page.reload();
  dialog = await openPopup();
  await expect(dialog.getByLabel('Mention libre')).toHaveValue('Dispensé d’immatriculation au RCS.');

  // A failed save keeps the popup open with the spec's sentence.
  await page.route('**/api/mentions-legales', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, json: { errorType: 'internal_error', message: 'Erreur interne' } })
      : route.continue(),
  );
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Erreur lors de la sauvegarde');
  await expectAccessible(page);
});

test('a particulier switches to professional mode on /mentions-legales and opens /clients', async ({
  page,
}) => {
  await signIn(page, SEEDED.particulierPro.email, SEEDED_PASSWORD);
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Clients' })).toHaveCount(0);

  // The popup of /factures points a particulier to professional mode.
  await page.getByRole('button', { name: 'Mentions légales' }).click();
  const popup = page.getByRole('dialog', { name: 'Mentions légales' });
  await expect(popup.getByText('Passez en mode professionnel', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await page.goto('/clients');
  await expect(page).toHaveURL(/\/mentions-legales$/);
  const panel = page.getByRole('region', { name: 'Passer en mode Pro' });
  await expect(panel).toBeVisible();
  await expect(mentionsSection(page)).toHaveCount(0);
  await expectAccessible(page);

  const siret = panel.getByLabel('Numéro SIRET');
  await siret.pressSequentially('123 45');
  await panel.getByRole('button', { name: 'Passer en mode professionnel' }).click();
  await expect(panel.getByText(SIRET_MESSAGE)).toBeVisible();
  // One company, one account: a SIRET another account holds is refused, with what to do.
  await siret.fill('');
  await siret.pressSequentially(SEEDED_SHARED_SIRET);
  await panel.getByRole('button', { name: 'Passer en mode professionnel' }).click();
  await expect(panel.getByText(/^Ce SIRET est déjà celui d’un compte Facturo\./)).toBeVisible();
  await expectAccessible(page);
  const ownSiret = newSiret();
  await siret.fill('');
  await siret.pressSequentially(ownSiret);
  await expect(siret).toHaveValue(formatSiretInput(ownSiret));
  await panel.getByRole('button', { name: 'Passer en mode professionnel' }).click();

  await expect(page.getByText('Votre compte est maintenant professionnel')).toBeVisible();
  // Let the toast finish fading in: axe would measure its text half transparent.
  await expect(page.locator('[data-sonner-toast]').first()).toHaveCSS('opacity', '1');
  await expect(panel).toHaveCount(0);
  await expect(page.getByText('Compte professionnel').filter({ visible: true })).toBeVisible();
  // Now professional, the page is their profile.
  await expect(companySection(page).getByLabel('Numéro SIRET')).toHaveValue(formatSiretInput(ownSiret));
  await expect(mentionsSection(page)).toBeVisible();
  await expectAccessible(page);

  await nav.getByRole('link', { name: 'Clients' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
});
