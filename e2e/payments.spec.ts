import type { Browser, Page } from '@playwright/test';
import { confirmedProfessional, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { issueInvoiceTo } from './support/platform-invoice.js';
import { expect, test } from './support/test.js';
import { expectToast } from './support/toast.js';

/*
 * Getting paid (issue 17): the issuer records a partial payment, is refused an overpayment, the client
 * declares the rest and the issuer confirms it in one click (PAYÉE), then a mistaken payment is deleted
 * after confirmation and the invoice reopens; the list says what remains and offers « En retard ». The
 * invoice (300 €, franchise) is sent on the platform through the API: the wizard has its own journey.
 */

/** Intl writes amounts with no-break spaces; \s matches them (and a dt's text runs into its dd's). */
const euros = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s*'));

async function openInvoice(page: Page, numero: string) {
  await page.getByRole('link', { name: numero, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${numero}` })).toBeVisible();
  return page.getByRole('region', { name: 'Paiements' });
}

async function recipientDeclares(browser: Browser, email: string, password: string, numero: string) {
  const context = await browser.newContext();
  const recipient = await context.newPage();
  await signIn(recipient, email, password);
  await recipient.getByRole('tab', { name: /Réception/ }).click();
  const panel = await openInvoice(recipient, numero);
  await expect(panel).toContainText(euros('Reste à payer 180,00 €'));
  await recipient.getByRole('button', { name: 'Marquer comme payée' }).click();
  const dialog = recipient.getByRole('alertdialog', { name: `Marquer la facture ${numero} comme payée ?` });
  await dialog.getByRole('button', { name: 'Marquer comme payée' }).click();
  await expectToast(recipient, "Paiement signalé à l'émetteur");
  await expect(panel.getByText('En attente de confirmation')).toBeVisible();
  await expectAccessible(recipient);
  await context.close();
}

async function partialPaymentJourney(
  page: Page,
  browser: Browser,
  request: Parameters<typeof confirmedProfessional>[0],
) {
  const issuer = await confirmedProfessional(request, 'paiements');
  const client = await confirmedProfessional(request, 'payeur');
  const { numero } = await issueInvoiceTo(request, issuer, client.email);

  await signIn(page, issuer.email, issuer.password);
  const panel = await openInvoice(page, numero);
  await expect(panel).toContainText(euros('Reste à payer 300,00 €'));
  await expect(panel.getByText('Aucun paiement enregistré.')).toBeVisible();

  // A partial payment by cheque.
  await panel.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  const form = panel.getByRole('form', { name: 'Nouveau paiement' });
  await expect(form.getByLabel('Montant reçu (€)')).toHaveValue('300,00');
  await form.getByLabel('Montant reçu (€)').fill('120');
  await form.getByLabel('Moyen de paiement').selectOption({ label: 'Chèque' });
  await form.getByLabel('Référence').fill('CHQ 42');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expectToast(page, 'Paiement enregistré');
  await expect(panel).toContainText(euros('Payé 120,00 €'));
  await expect(panel).toContainText(euros('Reste à payer 180,00 €'));
  await expect(panel.getByText('Chèque · CHQ 42')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Partiellement payée');

  // More than what remains: the server's French sentence, nothing recorded.
  await panel.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  await form.getByLabel('Montant reçu (€)').fill('500');
  await form.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await expect(form.getByRole('alert')).toContainText(
    euros('dépasse le reste à payer de la facture (180,00 €)'),
  );
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Annuler' }).click();
  await expect(form).toHaveCount(0);

  // The list: what remains on the row, and the « En retard » filter (nothing is late yet).
  await page.getByRole('main').getByRole('link', { name: 'Factures', exact: true }).click();
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: numero, exact: true }) });
  await expect(row).toContainText(euros('Reste à payer : 180,00 €'));
  await page.getByRole('link', { name: /^En retard/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Factures — En retard' })).toBeVisible();
  await expect(page.getByRole('link', { name: numero, exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: /^En retard/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Factures' })).toBeVisible();

  // The client declares the rest; the issuer confirms it in one click.
  await recipientDeclares(browser, client.email, client.password, numero);
  const again = await openInvoice(page, numero);
  await again.getByRole('button', { name: /^Confirmer le paiement de 180,00/ }).click();
  await expectToast(page, 'Paiement confirmé');
  await expect(page.getByText('PAYÉE', { exact: true })).toBeVisible();
  await expect(again).toContainText(euros('Reste à payer 0,00 €'));
  await expectAccessible(page);

  // The cheque was a mistake: deleted after confirmation, the invoice reopens.
  await again.getByRole('button', { name: /^Retirer le paiement de 120,00/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Retirer ce paiement ?' });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Retirer le paiement' }).click();
  await expectToast(page, 'Paiement retiré');
  await expect(again).toContainText(euros('Reste à payer 120,00 €'));
  await expect(page.getByText('PAYÉE', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Partiellement payée');
  await expectAccessible(page);
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test('a partial payment, a declared one confirmed, a mistaken one deleted', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    await partialPaymentJourney(page, browser, request);
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the same journey on a phone', async ({ page, browser, request }) => {
    test.slow();
    await partialPaymentJourney(page, browser, request);
  });
});
