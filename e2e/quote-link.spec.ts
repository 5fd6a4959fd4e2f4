import { readFile } from 'node:fs/promises';
import { apiHeaders, confirmedProfessional, newEmail, PASSWORD, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { E2E_OUTBOX } from './support/env.js';
import { linkIn, waitForMail } from './support/outbox.js';
import { issueQuoteTo } from './support/platform-invoice.js';
import { expect, test } from './support/test.js';

/*
 * A quote sent on Facturo to an address without an account (DESIGN §5): no account is created; the e-mail
 * carries a signed link to the quote's own page — the quote and its PDF, no sign-in — which says plainly
 * that it is accepted in a Facturo space, and offers one, created only once its owner accepts the terms and
 * the privacy notice. The new space holds the quote among its received quotes.
 */

for (const { width, height } of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('a client opens the e-mailed quote, downloads it, creates a space with consent and finds it in its received quotes', async ({
      page,
      browser,
    }, testInfo) => {
      const issuer = await confirmedProfessional(page.request, 'devis-lien');
      const email = newEmail('prospect-lien');
      const quote = await issueQuoteTo(page.request, issuer, email);
      const mail = await waitForMail(E2E_OUTBOX, email, `Vous avez reçu le devis ${quote.numero}`);
      expect(mail.text).toContain('Camille Roux vous a envoyé le devis');
      expect(mail.text).toContain('Montant TTC : 250,00');
      expect(mail.text).not.toMatch(/invitation|mot de passe/i);
      const link = linkIn(mail, '/devis-en-ligne/');
      // Nothing exists for the address yet: signing in with it fails.
      const noAccount = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
      expect(noAccount.status()).toBe(401);

      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: `Devis ${quote.numero}` })).toBeVisible();
      await expect(page.getByText('Envoyé par Camille Roux')).toBeVisible();
      await expect(page.getByText(/^Valable jusqu’au \d/)).toBeVisible();
      await expect(page.getByRole('article', { name: `Devis n° ${quote.numero}` })).toContainText('250,00');
      const offer = page.getByRole('region', { name: 'Accepter ou refuser ce devis' });
      await expect(offer).toContainText('Ce devis ne s’accepte pas sur cette page');
      // Nothing leaves the screen at 375 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);

      // Opened: the issuer's side says « vu », on its page too.
      const issuerHeaders = await apiHeaders(page.request, issuer.email, issuer.password);
      const issuerSide = await page.request.get(`/api/devis/${quote._id}`, { headers: issuerHeaders });
      expect(await issuerSide.json()).toMatchObject({ statut: 'envoyee', statutDestinataire: 'vue' });
      const issuerContext = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
      const issuerPage = await issuerContext.newPage();
      await signIn(issuerPage, issuer.email, issuer.password);
      await issuerPage.goto(`/devis/${quote._id}`);
      await expect(issuerPage.getByText('Vu par le client')).toBeVisible();
      await issuerContext.close();

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
      const file = testInfo.outputPath(`devis-lien-${width}.pdf`);
      await (await download).saveAs(file);
      expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');

      // The space: the address is fixed, and nothing is created without the consent.
      await expect(offer.getByLabel('Adresse email')).toHaveValue(email);
      await expect(offer.getByRole('link', { name: 'conditions d’utilisation' })).toHaveAttribute(
        'href',
        '/terms',
      );
      await expect(offer.getByRole('link', { name: 'politique de confidentialité' })).toHaveAttribute(
        'href',
        '/privacy',
      );
      await offer.getByLabel('Prénom').fill('Inès');
      await offer.getByLabel('Nom', { exact: true }).fill('Durand');
      await offer.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
      await offer.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
      const submit = offer.getByRole('button', { name: 'Créer mon espace Facturo' });
      await expect(submit).toBeDisabled();
      await offer.getByRole('checkbox').check();
      await expectAccessible(page);
      await submit.click();

      // Signed in, on the quote, which is now answered from the account.
      await expect(page).toHaveURL(new RegExp(`/devis/${quote._id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Devis ${quote.numero}`);
      await expect(page.getByRole('button', { name: 'Accepter' })).toBeVisible();
      await page.goto('/devis');
      await expect(page.getByRole('link', { name: quote.numero })).toBeVisible();
      await expectAccessible(page);

      // Signed out, the link now offers to sign in.
      await page.evaluate(() => window.localStorage.clear());
      await page.goto(link);
      await expect(page.getByRole('link', { name: 'Se connecter pour retrouver le devis' })).toBeVisible();
    });
  });
}

test('a forged quote link says so', async ({ page }) => {
  await page.goto('/devis-en-ligne/pas-un-jeton');
  await expect(page.getByRole('heading', { level: 1, name: 'Ce lien n’est pas valide' })).toBeVisible();
  await expectAccessible(page);
});
