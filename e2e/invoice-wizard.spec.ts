import { frenchVatNumber } from '@facturo/shared';
import type { APIRequestContext } from '@playwright/test';
import { apiHeaders, chargeVat, confirmedProfessional, newEmail, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { invoicePanel } from './support/invoice-wizard.js';
import { expect, test } from './support/test.js';

/* Issue 12 in the wizard: the keyboard table of lines, VAT per rate, the term's sentence, the addresses. */

/** Amounts are written by Intl with no-break spaces; \s matches them. */
const euros = (text: string) => new RegExp(text.replaceAll(' ', '\\s').replace('€', '\\s?€'));

async function createClient(
  request: APIRequestContext,
  headers: Record<string, string>,
  data: Record<string, unknown>,
): Promise<string> {
  const res = await request.post('/api/clients', { headers, data: { email: newEmail('client'), ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json())._id;
}

test('under the franchise, the lines are typed at the keyboard and a 45-day term prints its own sentence', async ({
  page,
  request,
}) => {
  test.slow();
  const pro = await confirmedProfessional(request, 'clavier');
  const headers = await apiHeaders(request, pro.email, pro.password);
  await createClient(request, headers, { nom: 'Maison Azur', adresse: CLIENT_ADDRESS });
  await signIn(page, pro.email, pro.password);

  await page.getByRole('button', { name: 'Nouvelle facture' }).click();
  const panel = invoicePanel(page);
  const next = panel.getByRole('button', { name: 'Suivant' });
  await next.click();
  await panel.getByRole('combobox', { name: 'Client' }).click();
  await panel.getByRole('option', { name: /Maison Azur/ }).click();
  await panel.getByLabel('Délai de paiement').selectOption('45');
  await next.click();

  // --- Only the keyboard in the table: Tab from cell to cell, Enter for a new line (nothing is submitted).
  await expect(panel.getByText('Étape 3 sur 5')).toBeVisible();
  await panel.getByLabel('Description ligne 1').focus();
  await page.keyboard.type('Conseil en stratégie');
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Quantité ligne 1')).toBeFocused();
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Unité ligne 1')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Prix unitaire HT ligne 1')).toBeFocused();
  await page.keyboard.type('350');
  // Enter adds a line right after the current one, not at the end, and puts the cursor in it.
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('textbox', { name: /^Description ligne \d$/ })).toHaveCount(4);
  await expect(panel.getByLabel('Description ligne 2')).toBeFocused();
  await expect(panel.getByLabel('Description ligne 1')).toHaveValue('Conseil en stratégie');
  await expect(panel.getByText('Étape 3 sur 5')).toBeVisible();
  // A description spans lines: Shift+Enter is a new line of text, and the field grows with it.
  const description2 = panel.getByLabel('Description ligne 2');
  const oneLine = (await description2.boundingBox())?.height ?? 0;
  await page.keyboard.type('Déplacement');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('Aller-retour Lyon');
  await expect(description2).toHaveValue('Déplacement\nAller-retour Lyon');
  await expect.poll(async () => (await description2.boundingBox())?.height ?? 0).toBeGreaterThan(oneLine);
  await expect(panel.getByRole('textbox', { name: /^Description ligne \d$/ })).toHaveCount(4);
  await page.keyboard.press('Tab');
  // A negative quantity outlines Quantité, not Description.
  await page.keyboard.type('-1');
  await expect(panel.getByLabel('Quantité ligne 2')).toHaveAttribute('aria-invalid', 'true');
  await expect(description2).not.toHaveAttribute('aria-invalid');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('1');
  await expect(panel.getByLabel('Quantité ligne 2')).not.toHaveAttribute('aria-invalid');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('40,50');
  const totals = panel.getByRole('region', { name: 'Totaux de la facture' });
  await expect(totals).toContainText(euros('740,50 €'));
  await expect(totals).toContainText('Net à payer');
  await expect(totals).not.toContainText('TVA');
  await expectAccessible(page);
  await next.click();
  await next.click();
  // Neither RCS/RM nor « Dispensé d’immatriculation » in the profile: said before the invoice is made.
  const registration = panel.getByRole('status').filter({ hasText: 'Immatriculation manquante' });
  await expect(registration).toContainText('ni « Dispensé d’immatriculation »');
  await expect(registration.getByRole('link', { name: 'Compléter mon profil' })).toHaveAttribute(
    'href',
    '/profil',
  );
  await panel.getByRole('button', { name: 'Générer la facture' }).click();

  // --- The detail says 45 days, nothing of 30, and no VAT line.
  await expect(page).toHaveURL(/\/factures\/[0-9a-f-]{36}$/);
  const document = page.getByRole('article', { name: /^Facture n° FAC-/ });
  await expect(document).toContainText('Règlement sous 45 jours');
  await expect(document).not.toContainText('30 jours');
  await expect(document).toContainText('TVA non applicable, art. 293 B du CGI');
  await expect(document).toContainText('Net à payer');
  await expect(document).not.toContainText('Total TTC');
  await expect(document).not.toContainText(/TVA \d/);
  await expect(document).toContainText(euros('740,50 €'));
  // The description's two lines, kept as typed.
  await expect(document.getByText('Aller-retour Lyon')).toHaveText('Déplacement\nAller-retour Lyon');
  await expectAccessible(page);
});

test('a VAT-registered professional invoices two rates: the totals per rate live, then on the invoice', async ({
  page,
  request,
}) => {
  test.slow();
  const pro = await confirmedProfessional(request, 'reel');
  await chargeVat(request, pro);
  const headers = await apiHeaders(request, pro.email, pro.password);
  await createClient(request, headers, { nom: 'Librairie du Parc', adresse: CLIENT_ADDRESS });
  await signIn(page, pro.email, pro.password);

  await page.getByRole('button', { name: 'Nouvelle facture' }).click();
  const panel = invoicePanel(page);
  const next = panel.getByRole('button', { name: 'Suivant' });
  await next.click();
  await panel.getByRole('combobox', { name: 'Client' }).click();
  await panel.getByRole('option', { name: /Librairie du Parc/ }).click();
  // Delivered elsewhere.
  await panel.getByLabel('Adresse de livraison différente').check();
  const delivery = panel.getByRole('group', { name: 'Adresse de livraison' });
  await delivery.getByLabel('Rue de livraison').fill('8 rue des Halles');
  await delivery.getByLabel('Code postal de livraison').fill('1000');
  await delivery.getByLabel('Ville de livraison').fill('Bruxelles');
  await delivery.getByLabel('Pays de livraison').selectOption('BE');
  await next.click();

  // --- 2 × 500 € at 20 % + 10 × 12,50 € at 5,5 %.
  await panel.getByLabel('Description ligne 1').fill('Atelier d’écriture');
  await panel.getByLabel('Quantité ligne 1').fill('2');
  await panel.getByLabel('Unité ligne 1').selectOption('jour');
  await panel.getByLabel('Prix unitaire HT ligne 1').fill('500');
  await expect(panel.getByLabel('Taux de TVA ligne 1')).toHaveValue('20');
  await panel.getByLabel('Description ligne 2').fill('Livres');
  await panel.getByLabel('Quantité ligne 2').fill('10');
  await panel.getByLabel('Prix unitaire HT ligne 2').fill('12,50');
  await panel.getByLabel('Taux de TVA ligne 2').selectOption('5.5');
  const totals = panel.getByRole('region', { name: 'Totaux de la facture' });
  await expect(totals).toContainText(euros('1 125,00 €'));
  await expect(totals).toContainText(/TVA 20 % :\s*200,00\s€/);
  await expect(totals).toContainText(/TVA 5,5 % :\s*6,88\s€/);
  await expect(totals).toContainText(euros('206,88 €'));
  await expect(totals).toContainText(euros('1 331,88 €'));
  await expectAccessible(page);
  await next.click();
  await next.click();
  await panel.getByRole('button', { name: 'Générer la facture' }).click();

  // --- The detail: the breakdown per rate, both totals, the delivery address, the seller's VAT number.
  await expect(page).toHaveURL(/\/factures\/[0-9a-f-]{36}$/);
  const document = page.getByRole('article', { name: /^Facture n° FAC-/ });
  await expect(document).toContainText(/TVA 20 % sur 1\s000,00\s€/);
  await expect(document).toContainText(/TVA 5,5 % sur 125,00\s€/);
  await expect(document).toContainText(euros('206,88 €'));
  await expect(document).toContainText(euros('1 331,88 €'));
  await expect(document).toContainText('Total TTC');
  await expect(document).toContainText('8 rue des Halles');
  await expect(document).toContainText('Belgique');
  await expect(document).toContainText(
    `N° TVA intracommunautaire : ${frenchVatNumber(pro.siret.slice(0, 9))}`,
  );
  await expect(document).toContainText('jour');
  await expect(document).not.toContainText('TVA non applicable');
  await expectAccessible(page);
});

test("the wizard asks for the issuer's and the client's missing addresses before the end", async ({
  page,
  request,
}) => {
  test.slow();
  const pro = await confirmedProfessional(request, 'adresses', { address: false });
  const headers = await apiHeaders(request, pro.email, pro.password);
  const clientId = await createClient(request, headers, { nom: 'Studio Sans Adresse' });
  await signIn(page, pro.email, pro.password);

  // --- Step 1: the issuer's address is required.
  await page.getByRole('button', { name: 'Nouvelle facture' }).click();
  const panel = invoicePanel(page);
  const next = panel.getByRole('button', { name: 'Suivant' });
  await expect(next).toBeDisabled();
  await expect(panel.getByText('Votre adresse est incomplète')).toBeVisible();
  await panel.getByLabel('Adresse', { exact: true }).fill('5 place du Marché');
  await panel.getByLabel('Code postal').fill('33000');
  await panel.getByLabel('Ville').fill('Bordeaux');
  await next.click();

  // --- Step 2: the client's address is asked for, and saved to the client.
  await panel.getByRole('combobox', { name: 'Client' }).click();
  await panel.getByRole('option', { name: /Studio Sans Adresse/ }).click();
  const clientFix = panel.getByRole('group', { name: 'Compléter la fiche du client' });
  await expect(clientFix).toContainText('L’adresse du client est incomplète');
  await expect(next).toBeDisabled();
  await expectAccessible(page);
  await clientFix.getByLabel('Rue du client').fill('14 rue Sainte-Catherine');
  await clientFix.getByLabel('Code postal du client').fill('33000');
  await clientFix.getByLabel('Ville du client').fill('Bordeaux');
  await next.click();
  await expect(panel.getByText('Étape 3 sur 5')).toBeVisible();
  const saved = await request.get(`/api/clients/${clientId}`, { headers });
  expect((await saved.json()).adresse).toMatchObject({ rue: '14 rue Sainte-Catherine', ville: 'Bordeaux' });
  const me = await request.get('/api/users/me', { headers });
  expect(await me.json()).toMatchObject({ adresse: '5 place du Marché', codePostal: '33000' });

  await panel.getByLabel('Description ligne 1').fill('Photographies');
  await panel.getByLabel('Quantité ligne 1').fill('1');
  await panel.getByLabel('Prix unitaire HT ligne 1').fill('250');
  await next.click();
  await next.click();
  await panel.getByRole('button', { name: 'Générer la facture' }).click();
  const document = page.getByRole('article', { name: /^Facture n° FAC-/ });
  await expect(document).toContainText('5 place du Marché');
  await expect(document).toContainText('14 rue Sainte-Catherine');
});

test('a 0 % line is stopped in the form until its exemption is chosen, then the invoice prints its mention', async ({
  page,
  request,
}) => {
  test.slow();
  const pro = await confirmedProfessional(request, 'exoneration');
  await chargeVat(request, pro);
  const headers = await apiHeaders(request, pro.email, pro.password);
  await createClient(request, headers, { nom: 'Centre de Formation Ouest', adresse: CLIENT_ADDRESS });
  await signIn(page, pro.email, pro.password);

  await page.getByRole('button', { name: 'Nouvelle facture' }).click();
  const panel = invoicePanel(page);
  const next = panel.getByRole('button', { name: 'Suivant' });
  await next.click();
  await panel.getByRole('combobox', { name: 'Client' }).click();
  await panel.getByRole('option', { name: /Centre de Formation Ouest/ }).click();
  await next.click();

  // --- Each line-field fault outlines its own field: a line with a description only asks its quantity and price.
  await panel.getByLabel('Description ligne 2').fill('Supports de cours');
  await expect(panel.getByLabel('Quantité ligne 2')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByLabel('Prix unitaire HT ligne 2')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByLabel('Description ligne 2')).not.toHaveAttribute('aria-invalid');
  await panel.getByLabel('Quantité ligne 2').fill('1');
  await panel.getByLabel('Prix unitaire HT ligne 2').fill('abc');
  await expect(panel.getByLabel('Prix unitaire HT ligne 2')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByLabel('Quantité ligne 2')).not.toHaveAttribute('aria-invalid');
  await panel.getByLabel('Prix unitaire HT ligne 2').fill('50');
  await expect(panel.getByLabel('Prix unitaire HT ligne 2')).not.toHaveAttribute('aria-invalid');
  await expect(panel.getByLabel('Taux de TVA ligne 2')).not.toHaveAttribute('aria-invalid');

  // --- A 0 % line without its reason: Suivant stays on step 3, on the reason, outlined and said.
  await panel.getByLabel('Description ligne 1').fill('Formation professionnelle continue');
  await panel.getByLabel('Quantité ligne 1').fill('1');
  await panel.getByLabel('Prix unitaire HT ligne 1').fill('800');
  await panel.getByLabel('Taux de TVA ligne 1').selectOption('0');
  const motif = panel.getByLabel('Motif d’exonération ligne 1');
  await expect(motif).not.toHaveAttribute('aria-invalid');
  await next.click();
  await expect(panel.getByText('Étape 3 sur 5')).toBeVisible();
  await expect(motif).toBeFocused();
  await expect(motif).toHaveAttribute('aria-invalid', 'true');
  await expect(motif).toHaveAccessibleDescription(
    'Choisissez le motif d’exonération : la France n’a pas de taux de TVA à 0 %.',
  );
  await expect(panel.getByText('Choisissez le motif d’exonération : la France')).toBeVisible();
  // Only the reason is at fault: the line's other cells are not outlined.
  for (const name of [
    'Description ligne 1',
    'Quantité ligne 1',
    'Prix unitaire HT ligne 1',
    'Taux de TVA ligne 1',
  ])
    await expect(panel.getByLabel(name)).not.toHaveAttribute('aria-invalid');
  await expectAccessible(page);

  // --- At 375 px the reason stays in the line's card, whole on screen, and the page accessible.
  await page.setViewportSize({ width: 375, height: 812 });
  const motifBox = await motif.boundingBox();
  expect((motifBox?.x ?? 0) + (motifBox?.width ?? 0)).toBeLessThanOrEqual(375);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectAccessible(page);

  // --- Chosen, the reason's mention shows under the line, and the invoice goes through.
  await motif.selectOption({ label: 'Exonération de TVA, art. 261 du CGI' });
  await expect(motif).not.toHaveAttribute('aria-invalid');
  await expect(motif).toHaveAccessibleDescription(
    'Mention imprimée : « Exonération de TVA, art. 261 du CGI »',
  );
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await next.click();
  await expect(panel.getByText('Étape 4 sur 5')).toBeVisible();
  await next.click();
  await panel.getByRole('button', { name: 'Générer la facture' }).click();

  await expect(page).toHaveURL(/\/factures\/[0-9a-f-]{36}$/);
  const sheet = page.getByRole('article', { name: /^Facture n° FAC-/ });
  await expect(sheet).toContainText('Exonération de TVA, art. 261 du CGI');
  await expect(sheet).toContainText('Formation professionnelle continue');
  await expect(sheet).toContainText(/TVA 20 % sur 50,00\s€/);
  await expectAccessible(page);
});
