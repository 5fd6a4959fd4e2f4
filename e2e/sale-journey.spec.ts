import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiHeaders, chargeVat, confirmedProfessional, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';
import { expectToast } from './support/toast.js';

/*
 * The whole life of a sale (issue 15), on both sides of the platform: a quote sent to a client who has
 * an account, accepted by them, a deposit invoiced and sent, the final invoice with the deposit deducted,
 * then a credit note that cancels it; the client sees each document arrive. The quote is written through
 * the API here (the wizard has its own journey in quotes.spec.ts).
 */

const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date()).slice(0, 4);
const numbered = (series: string, n: number) => `${series}-${year}-${String(n).padStart(4, '0')}`;
/** Intl writes amounts with no-break spaces; the lists print a true minus sign (U+2212). */
const euros = (text: string) =>
  new RegExp(text.replaceAll(' ', '\\s').replace('€', '\\s?€').replace('-', '\u2212'));

function rowOf(page: Page, number: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('link', { name: number, exact: true }) });
}

/** A quote of 1 000 € HT at 20 % (1 200 € TTC) to `email`, sent on the platform through the API. */
async function sentQuote(
  request: APIRequestContext,
  issuer: { email: string; password: string },
  email: string,
): Promise<string> {
  const headers = await apiHeaders(request, issuer.email, issuer.password);
  const client = await request.post('/api/clients', {
    headers,
    data: { nom: 'Atelier Lumière', email, adresse: CLIENT_ADDRESS },
  });
  expect(client.status()).toBe(201);
  const quote = await request.post('/api/devis', {
    headers,
    data: {
      client: (await client.json())._id,
      objet: 'Refonte du site vitrine',
      lignes: [{ description: 'Refonte complète', quantite: 1, prixUnitaire: 1000, tauxTVA: 20 }],
    },
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const id: string = (await quote.json())._id;
  const sent = await request.post(`/api/devis/${id}/send-internal`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return id;
}

async function sendOnPlatform(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Envoyer sur Facturo', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: /sur Facturo \?$/ })
    .getByRole('button', { name: 'Envoyer sur Facturo' })
    .click();
  await expectToast(page, 'Facture envoyée sur la plateforme.');
}

test('quote → accepted on the platform → deposit → final invoice → credit note, on both sides', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const issuer = await confirmedProfessional(request, 'vente');
  await chargeVat(request, issuer);
  const client = await confirmedProfessional(request, 'client-vente');
  const quoteId = await sentQuote(request, issuer, client.email);
  const dev = numbered('DEV', 1);
  const deposit = numbered('FAC', 1);
  const final = numbered('FAC', 2);
  const credit = numbered('AV', 1);

  // --- The client accepts the quote on the platform.
  const clientContext = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const other = await clientContext.newPage();
  await signIn(other, client.email, client.password);
  await other
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Devis' })
    .click();
  // The invoice list has a « Réception » tab too: wait for the quotes' page before choosing it.
  await expect(other).toHaveURL(/\/devis$/);
  await other.getByRole('tab', { name: 'Réception' }).click();
  await other.getByRole('link', { name: dev, exact: true }).click();
  await expect(other.getByRole('article', { name: `Devis n° ${dev}` })).toContainText(euros('1 200,00 €'));
  await other.getByRole('button', { name: 'Accepter' }).click();
  await other
    .getByRole('dialog', { name: `Accepter le devis ${dev} ?` })
    .getByRole('button', { name: 'Confirmer' })
    .click();
  await expect(other.getByText('Accepté', { exact: true })).toBeVisible();

  // --- The issuer invoices a deposit of 360 € TTC and sends it.
  await signIn(page, issuer.email, issuer.password);
  await page.goto(`/devis/${quoteId}`);
  await expect(page.getByText('Accepté', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Facturer un acompte' }).click();
  const depositDialog = page.getByRole('dialog', { name: 'Facturer un acompte' });
  await depositDialog.getByRole('radio', { name: 'Un montant TTC' }).check();
  await depositDialog.getByLabel('Montant TTC (€)').fill('360');
  await depositDialog.getByRole('button', { name: 'Créer la facture d’acompte' }).click();
  await expectToast(page, `Facture d’acompte ${deposit} créée`);
  const depositSheet = page.getByRole('article', { name: `Facture d’acompte n° ${deposit}` });
  await expect(depositSheet).toContainText(dev);
  await expect(depositSheet).toContainText(euros('360,00 €'));
  await sendOnPlatform(page);

  // --- The final invoice: the quote's lines, the deposit deducted; sent too.
  await page.getByRole('link', { name: dev, exact: true }).click();
  await page.getByRole('button', { name: 'Convertir en facture' }).click();
  await page
    .getByRole('dialog', { name: `Convertir le devis ${dev} en facture ?` })
    .getByRole('button', { name: 'Créer la facture' })
    .click();
  await expectToast(page, `Facture ${final} créée`);
  const finalSheet = page.getByRole('article', { name: `Facture n° ${final}` });
  await expect(finalSheet).toContainText(euros('1 200,00 €'));
  await expect(finalSheet).toContainText(`Acompte ${deposit}`);
  await expect(finalSheet).toContainText(euros('840,00 €'));
  await expectAccessible(page);
  await sendOnPlatform(page);

  // --- A credit note cancels the final invoice in full.
  await page.getByRole('button', { name: 'Émettre un avoir' }).click();
  const creditDialog = page.getByRole('dialog');
  await expect(creditDialog.getByRole('radio', { name: 'Avoir total' })).toBeChecked();
  await creditDialog.getByLabel('Motif').fill('Projet abandonné par le client');
  await creditDialog.getByRole('button', { name: 'Continuer' }).click();
  await creditDialog.getByRole('button', { name: 'Confirmer l’avoir' }).click();
  await expectToast(page, `Avoir ${credit} émis`);
  await expect(page.getByRole('article', { name: `Avoir n° ${credit}` })).toContainText(
    `Avoir sur la facture ${final}`,
  );

  // --- The quote tells the whole story: invoiced, its deposit and its final invoice linked.
  await page.goto(`/devis/${quoteId}`);
  await expect(page.getByText('Facturé', { exact: true })).toBeVisible();
  const outcome = page.getByRole('region', { name: 'Suite du devis' });
  await expect(outcome.getByRole('link', { name: deposit })).toBeVisible();
  await expect(outcome.getByRole('link', { name: final })).toBeVisible();
  await expectAccessible(page);

  // --- The client received the deposit, the final invoice and the credit note; the invoice is cancelled.
  await other.goto('/factures?onglet=reception');
  await expect(rowOf(other, deposit)).toContainText('Acompte');
  await expect(rowOf(other, final)).toContainText(euros('1 200,00 €'));
  await expect(rowOf(other, credit)).toContainText(euros('-1 200,00 €'));
  await other.getByRole('link', { name: final, exact: true }).click();
  await expect(other.getByRole('article', { name: `Facture n° ${final}` })).toContainText('Net à payer');
  await expect(other.getByText(`Annulée par avoir ${credit}`)).toBeVisible();
  await expectAccessible(other);
  await clientContext.close();
});
