import type { Page } from '@playwright/test';
import { confirmedProfessional, newSiret, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { invoiceToBusiness } from './support/platform-invoice.js';
import { expect, test } from './support/test.js';
import { expectToast } from './support/toast.js';

/*
 * Issue 19, the reform end to end on the built-in test platform, over real HTTP: a professional sends an
 * invoice to another professional of the instance « via la plateforme »; the platform deposits it (200)
 * and delivers it to the buyer's « Factures fournisseurs »; the buyer approves it (205) and pays it (211);
 * each status travels as a CDAR message through the platform to the other side's timeline; the seller
 * confirms the payment, which reports 212 Encaissée back to the buyer. Nothing is reloaded: every step
 * reaches the other side by the platform's webhooks and the app's live events.
 */

/** Intl writes amounts with no-break spaces; \s matches them. */
const euros = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s*'));

function timelineOf(page: Page) {
  return page.getByRole('region', { name: 'Facturation électronique' });
}

test('an invoice sent through the platform, received, approved and paid by another professional', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const seller = await confirmedProfessional(request, 'vendeur');
  const buyer = await confirmedProfessional(request, 'acheteur');

  // The seller's client is the buyer's business, identified by its SIRET.
  const { invoice } = await invoiceToBusiness(
    request,
    seller,
    { nom: 'Atelier Roux SARL', email: buyer.email, siret: buyer.siret },
    { description: 'Refonte du site', quantite: 2, prixUnitaire: 150 },
  );

  // The seller: the directory says where the buyer receives, then the invoice goes.
  await signIn(page, seller.email, seller.password);
  await page.goto(`/factures/${invoice._id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${invoice.numero}` })).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer via la plateforme' }).click();
  const dialog = page.getByRole('alertdialog', {
    name: `Envoyer la facture ${invoice.numero} via la plateforme ?`,
  });
  await expect(dialog).toContainText('reçoit ses factures électroniques sur « Plateforme de test »');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Envoyer via la plateforme' }).click();
  await expectToast(page, 'Facture déposée sur la plateforme de facturation électronique.');
  const sellerTimeline = timelineOf(page);
  await expect(sellerTimeline.getByText('200 Déposée')).toBeVisible();
  await expect(sellerTimeline.getByText('Transmise à la plateforme')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Modifier' })).toBeDisabled();
  // Sent once: the button is gone.
  await expect(page.getByRole('button', { name: 'Envoyer via la plateforme' })).toHaveCount(0);

  // The buyer: the invoice is in their inbox, read from its Factur-X.
  const buyerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const buyerPage = await buyerContext.newPage();
  await signIn(buyerPage, buyer.email, buyer.password);
  await buyerPage.getByRole('link', { name: 'Factures fournisseurs' }).first().click();
  await expect(buyerPage).toHaveURL(/\/factures-fournisseurs$/);
  // Its row names the seller and the number (the seller's name is the link).
  await buyerPage.getByRole('row').filter({ hasText: invoice.numero }).getByRole('link').click();
  await expect(buyerPage.getByRole('heading', { level: 1 })).toHaveText(`Facture ${invoice.numero}`);
  await expect(buyerPage.getByText('Refonte du site')).toBeVisible();
  await expect(buyerPage.getByText('Reçue', { exact: true })).toBeVisible();
  await expectAccessible(buyerPage);

  await buyerPage.getByRole('button', { name: 'Approuver' }).click();
  await buyerPage
    .getByRole('alertdialog', { name: 'Approuver cette facture ?' })
    .getByRole('button', { name: 'Approuver' })
    .click();
  await expect(buyerPage.getByText('205 Approuvée')).toBeVisible();
  // The approval reached the seller through the platform.
  await expect(sellerTimeline.getByText('205 Approuvée')).toBeVisible();

  // The buyer pays: 211 « Paiement transmis », a payment the seller is asked to confirm.
  await buyerPage.getByRole('button', { name: 'Marquer comme payée' }).click();
  const pay = buyerPage.getByRole('dialog', { name: 'Marquer comme payée' });
  await pay.getByRole('button', { name: 'Confirmer le paiement' }).click();
  await expect(buyerPage.getByText('211 Paiement transmis')).toBeVisible();
  await expect(sellerTimeline.getByText('211 Paiement transmis')).toBeVisible();
  const payments = page.getByRole('region', { name: 'Paiements' });
  await expect(payments.getByText('Déclaré par le client')).toBeVisible();

  // The seller confirms: the invoice is paid, and 212 Encaissée goes back to the buyer.
  await payments.getByRole('button', { name: /^Confirmer le paiement de 300,00/ }).click();
  await expect(sellerTimeline.getByText('212 Encaissée')).toBeVisible();
  await expect(sellerTimeline).toContainText(euros('300,00 €'));
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Payée');
  await expect(buyerPage.getByText('212 Encaissée')).toBeVisible();
  await expect(buyerPage.getByText('Payée', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await expectAccessible(buyerPage);
  await buyerContext.close();
});

test('a client the directory does not know cannot be sent to: the dialog says so and closes', async ({
  page,
  request,
}) => {
  const seller = await confirmedProfessional(request, 'vendeur');
  // A French business with a SIRET no professional of this instance (the test platform's directory) has.
  const { invoice } = await invoiceToBusiness(
    request,
    seller,
    { nom: 'Inconnue SAS', email: 'compta@inconnue.example', siret: newSiret() },
    { description: 'Audit', quantite: 1, prixUnitaire: 400 },
  );
  await signIn(page, seller.email, seller.password);
  await page.goto(`/factures/${invoice._id}`);
  await page.getByRole('button', { name: 'Envoyer via la plateforme' }).click();
  const dialog = page.getByRole('alertdialog', {
    name: `Envoyer la facture ${invoice.numero} via la plateforme ?`,
  });
  await expect(dialog).toContainText('n’est pas inscrit dans l’annuaire de la facturation électronique');
  await expect(dialog.getByRole('button', { name: 'Envoyer via la plateforme' })).toBeDisabled();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toHaveCount(0);
  // Nothing was sent: the invoice can still be edited.
  await expect(page.getByRole('link', { name: 'Modifier' })).toBeVisible();
});
