import { readFile } from 'node:fs/promises';
import { confirmedProfessional, newEmail, PASSWORD } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { E2E_OUTBOX } from './support/env.js';
import { linkIn, waitForMail } from './support/outbox.js';
import { issueInvoiceTo } from './support/platform-invoice.js';
import { expect, test } from './support/test.js';

/*
 * An invoice sent to an address without an account (DESIGN §5): the e-mail carries a signed link to the
 * invoice's own page — the invoice, its PDF and how to pay it, no sign-in — which offers a Facturo space,
 * created only once its owner accepts the terms and the privacy notice.
 */

for (const { width, height } of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('a particulier opens the e-mailed link, downloads the PDF, creates a space with consent and finds the invoice', async ({
      page,
    }, testInfo) => {
      const issuer = await confirmedProfessional(page.request, 'emetteur');
      const email = newEmail('lien');
      const invoice = await issueInvoiceTo(page.request, issuer, email);
      const mail = await waitForMail(E2E_OUTBOX, email, `Vous avez reçu la facture ${invoice.numero}`);
      expect(mail.text).toContain('Montant TTC : 300,00');
      expect(mail.text).not.toMatch(/oublié/i);
      const link = linkIn(mail, '/facture-en-ligne/');

      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: `Facture ${invoice.numero}` })).toBeVisible();
      await expect(page.getByText('Envoyée par Camille Roux')).toBeVisible();
      await expect(page.getByText('Statut :')).toContainText('Vue');
      const payment = page.getByRole('region', { name: 'Coordonnées de paiement' });
      await expect(payment).toContainText(invoice.numero);
      await expect(payment).toContainText('300,00');
      await expect(page.getByRole('article', { name: `Facture n° ${invoice.numero}` })).toBeVisible();
      // Nothing leaves the screen at 375 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Télécharger le PDF' }).click();
      const file = testInfo.outputPath(`lien-${width}.pdf`);
      await (await download).saveAs(file);
      expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');

      // The space: the address is fixed, and nothing is created without the consent.
      const offer = page.getByRole('region', { name: 'Créer mon espace Facturo' });
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

      await expect(page).toHaveURL(new RegExp(`/factures/${invoice._id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Facture ${invoice.numero}`);
      await page.goto('/factures');
      await expect(page.getByRole('link', { name: invoice.numero })).toBeVisible();
      await expectAccessible(page);

      // Signed out, the link now offers to sign in.
      await page.evaluate(() => window.localStorage.clear());
      await page.goto(link);
      await expect(page.getByRole('link', { name: 'Se connecter pour la retrouver' })).toBeVisible();
    });
  });
}

test('a forged link says so', async ({ page }) => {
  await page.goto('/facture-en-ligne/pas-un-jeton');
  await expect(page.getByRole('heading', { level: 1, name: 'Ce lien n’est pas valide' })).toBeVisible();
  await expectAccessible(page);
});
