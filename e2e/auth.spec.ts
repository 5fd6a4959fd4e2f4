import { SIRET_KEY_MESSAGE } from '@facturo/shared';
import { confirmedProfessional, newEmail, newSiret, PASSWORD, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { E2E_OUTBOX } from './support/env.js';
import { waitForHydration } from './support/hydration.js';
import { linkIn, waitForMail } from './support/outbox.js';
import { expect, test } from './support/test.js';

test('a professional signs up, confirms the e-mail, signs in and out', async ({ page }) => {
  const email = newEmail('inscription');
  const siret = newSiret();
  // The page's timers run on a clock the test moves: the redirect's 3 s pass at once, however busy the machine.
  await page.clock.install();

  await page.goto('/');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Créer un compte' }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await expectAccessible(page);

  await page.getByLabel('Prénom').fill('Inès');
  await page.getByLabel('Nom', { exact: true }).fill('Moreau');
  const siretField = page.getByLabel('Numéro SIRET');
  await siretField.pressSequentially(`${siret}999`);
  // Typed digits are grouped 3-3-3-5 and capped at 14 digits.
  await expect(siretField).toHaveValue(
    `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`,
  );
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();

  const dialog = page.getByRole('dialog', { name: 'Vérifiez votre boîte mail' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(email);
  await expect(dialog).toContainText(siret.slice(9));
  await expect(dialog).toContainText('5 à 30 minutes');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Aller à la connexion' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Signing in before confirming is refused with the spec's wording and a resend button.
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(
    page.getByText(
      'Veuillez confirmer votre adresse email avant de vous connecter. Vérifiez votre boîte mail.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: "Renvoyer l'email de confirmation" })).toBeVisible();

  const mail = await waitForMail(E2E_OUTBOX, email, 'Confirmez votre adresse email');
  await page.goto(linkIn(mail, '/verify-email'));
  await expect(page.getByText('Votre adresse email est confirmée')).toBeVisible();
  await expectAccessible(page);
  // SPEC §4: /login 3 s after the confirmation.
  await page.clock.fastForward(3_000);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/factures$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Factures' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Clients' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Administration' })).toHaveCount(0);
  await expect(page.getByRole('complementary').getByText('Compte professionnel')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/factures');
  await expect(page).toHaveURL(/\/login$/);
});

test('the register form refuses a mistyped SIRET, then one another account holds, under the field', async ({
  page,
  request,
}) => {
  const holder = await confirmedProfessional(request, 'titulaire');
  await page.goto('/register');
  await waitForHydration(page);
  await page.getByLabel('Prénom').fill('Inès');
  await page.getByLabel('Nom', { exact: true }).fill('Moreau');
  await page.getByLabel('Adresse email').fill(newEmail('doublon'));
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  const siretField = page.getByLabel('Numéro SIRET');
  // Its last digit mistyped: fourteen digits, but the check digit no longer adds up.
  const lastDigit = (Number(holder.siret.slice(13)) + 1) % 10;
  await siretField.pressSequentially(`${holder.siret.slice(0, 13)}${lastDigit}`);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText(SIRET_KEY_MESSAGE)).toBeVisible();
  await expectAccessible(page);

  await siretField.fill('');
  await siretField.pressSequentially(holder.siret);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(
    page.getByText(
      /^Ce SIRET est déjà celui d’un compte Facturo\. Si c’est le vôtre, connectez-vous ou réinitialisez/,
    ),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Vérifiez votre boîte mail' })).toHaveCount(0);
  await expectAccessible(page);
});

test('login errors use the wording of the spec', async ({ page, request }) => {
  const account = await confirmedProfessional(request, 'erreurs');
  await page.goto('/login');
  await expectAccessible(page);

  // An unknown address and a wrong password read alike: the page must not tell which addresses have an
  // account (this replaces the spec's two sentences).
  const refusal = page.getByRole('alert').filter({
    hasText:
      "Adresse email ou mot de passe incorrect. Utilisez « J'ai oublié mon mot de passe » si nécessaire.",
  });
  await page.getByLabel('Adresse email').fill(newEmail('inconnu'));
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(refusal).toBeVisible();

  await page.getByLabel('Adresse email').fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Mauvais!2026x');
  const answered = page.waitForResponse((res) => res.url().endsWith('/api/auth/login'));
  await page.getByRole('button', { name: 'Se connecter' }).click();
  expect((await answered).status()).toBe(401);
  await expect(refusal).toBeVisible();
  await expectAccessible(page);
});

test('the static /login page (an island): unconfirmed is offered the resend, confirmed lands on /factures', async ({
  page,
  request,
}) => {
  const email = newEmail('ilot-connexion');
  await request.post('/api/auth/register', {
    data: { email, password: PASSWORD, prenom: 'Nina', nom: 'Faure', siret: newSiret() },
  });
  await waitForMail(E2E_OUTBOX, email, 'Confirmez votre adresse email');
  // Loaded from the server, not reached inside the app: the form is hydrated without the router.
  await page.goto('/login');
  await waitForHydration(page);
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  const refusal = page.getByRole('alert').filter({
    hasText: 'Veuillez confirmer votre adresse email avant de vous connecter. Vérifiez votre boîte mail.',
  });
  await expect(refusal).toBeVisible();
  const beforeResend = Date.now();
  await refusal.getByRole('button', { name: "Renvoyer l'email de confirmation" }).click();
  await expect(page.getByText(`Un nouvel email de confirmation a été envoyé à ${email}.`)).toBeVisible();
  await expectAccessible(page);

  // The second e-mail's link confirms the address; back on the static page, the sign-in opens the app.
  const resent = await waitForMail(E2E_OUTBOX, email, 'Confirmez votre adresse email', {
    after: beforeResend,
  });
  await page.goto(linkIn(resent, '/verify-email'));
  await expect(page.getByText('Votre adresse email est confirmée')).toBeVisible();
  await page.goto('/login');
  await waitForHydration(page);
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('Mauvais!2026x');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(
    page.getByText(
      "Adresse email ou mot de passe incorrect. Utilisez « J'ai oublié mon mot de passe » si nécessaire.",
    ),
  ).toBeVisible();
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/factures$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Factures' })).toBeVisible();
  // The session is the app's: a reload keeps it, and /login now sends to the invoices.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/factures$/);
});

test('a confirmation link works once, and a missing token is named', async ({ page, request }) => {
  await page.goto('/verify-email');
  await expect(page.getByText('Token de vérification manquant')).toBeVisible();
  await expectAccessible(page);

  const email = newEmail('lien');
  await request.post('/api/auth/register', {
    data: { email, password: PASSWORD, prenom: 'Hugo', nom: 'Blanc', siret: newSiret() },
  });
  const link = linkIn(await waitForMail(E2E_OUTBOX, email, 'Confirmez votre adresse email'), '/verify-email');
  await page.goto(link);
  await expect(page.getByText('Votre adresse email est confirmée')).toBeVisible();
  await page.goto(link);
  await expect(page.getByText('Lien invalide ou expiré.')).toBeVisible();
});

test('a professional resets a forgotten password', async ({ page, request }) => {
  await page.clock.install();
  const account = await confirmedProfessional(request, 'oubli');
  await page.goto('/login');
  await page.getByRole('link', { name: "J'ai oublié mon mot de passe" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expectAccessible(page);
  await page.getByLabel('Adresse email').fill(account.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renvoyer' })).toBeVisible();

  const mail = await waitForMail(E2E_OUTBOX, account.email, 'Réinitialisation de votre mot de passe');
  await page.goto(linkIn(mail, '/reset-password-confirm'));
  await expectAccessible(page);
  const submit = page.getByRole('button', { name: 'Réinitialiser le mot de passe' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Nouveau mot de passe').fill('faible');
  await page.getByLabel('Confirmer le mot de passe').fill('faible');
  await expect(submit).toBeDisabled();
  const newPassword = 'Nouveau#Passe2026';
  await page.getByLabel('Nouveau mot de passe').fill(newPassword);
  await page.getByLabel('Confirmer le mot de passe').fill(`${newPassword}x`);
  await expect(page.getByText('Les mots de passe ne correspondent pas.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('Confirmer le mot de passe').fill(newPassword);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Votre mot de passe a été réinitialisé.')).toBeVisible();
  // SPEC §4: /login 3 s after the new password is saved.
  await page.clock.fastForward(3_000);
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, account.email, newPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Factures' })).toBeVisible();
});
