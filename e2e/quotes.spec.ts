import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiHeaders, confirmedProfessional, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';
import { expectToast } from './support/toast.js';

/*
 * Quotes (issue 15) in the browser: written with the invoice's wizard, edited, sent on the platform,
 * accepted by the recipient in a second browser, then a deposit and the final invoice made from it, and
 * its PDF; duplicating a quote and an invoice, deleting an unsent quote, an answer recorded by hand.
 */

function parisDay(offsetDays = 0): string {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(day);
}
const year = parisDay().slice(0, 4);
const numbered = (series: string, n: number) => `${series}-${year}-${String(n).padStart(4, '0')}`;
const dev = (n: number) => numbered('DEV', n);
const fac = (n: number) => numbered('FAC', n);
/** Intl writes amounts with no-break spaces; \s matches them. */
const euros = (text: string) => new RegExp(text.replaceAll(' ', '\\s').replace('€', '\\s?€'));

async function createClient(request: APIRequestContext, headers: Record<string, string>, email: string) {
  const res = await request.post('/api/clients', {
    headers,
    data: { nom: 'Atelier Lumière', email, adresse: CLIENT_ADDRESS },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json())._id as string;
}

/** The wizard on /devis/create, from step 1 to the preview, with one client and one line. */
async function writeQuote(page: Page, line: { description: string; quantite: string; prix: string }) {
  const next = page.getByRole('button', { name: 'Suivant' });
  await expect(page.getByText('Étape 1 sur 5')).toBeVisible();
  await next.click();
  await page.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name: /Atelier Lumière/ }).click();
  // A validity date instead of the term: 30 days by default.
  await expect(page.getByLabel('Délai de paiement')).toHaveCount(0);
  await expect(page.getByLabel('Date de validité')).toHaveValue(parisDay(30));
  await next.click();
  await page.getByLabel('Description ligne 1').fill(line.description);
  await page.getByLabel('Quantité ligne 1').fill(line.quantite);
  await page.getByLabel('Prix unitaire HT ligne 1').fill(line.prix);
  await next.click();
  const recap = page.getByRole('region', { name: 'Résumé du devis' });
  await expect(recap).toContainText('Devis');
  await expect(recap).toContainText('Valable jusqu’au');
  await next.click();
}

function sheetOf(page: Page, name: RegExp | string): Locator {
  return page.getByRole('article', { name });
}

test('a quote goes from the wizard to the recipient’s acceptance, a deposit and its final invoice', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.slow();
  const issuer = await confirmedProfessional(request, 'devis');
  const recipient = await confirmedProfessional(request, 'client-devis');
  await createClient(request, await apiHeaders(request, issuer.email, issuer.password), recipient.email);
  await signIn(page, issuer.email, issuer.password);

  // --- The sidebar's « Devis »: an empty list, then « Nouveau devis ».
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Devis' })
    .click();
  await expect(page).toHaveURL(/\/devis$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Devis' })).toBeVisible();
  await expect(page.getByText('Aucun devis trouvé')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Nouveau devis' }).click();
  await expect(page).toHaveURL(/\/devis\/create$/);
  await expect(page.getByText(`Prochain devis : ${dev(1)}`)).toBeVisible();

  await writeQuote(page, { description: 'Conception du site', quantite: '2', prix: '450' });
  await expect(sheetOf(page, `Devis n° ${dev(1)}`)).toContainText('Bon pour accord');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Générer le devis' }).click();

  // --- Its page: Créé, titled Devis, valid 30 days, with the approval box.
  await expectToast(page, `Devis ${dev(1)} créé`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Devis ${dev(1)}`);
  await expect(page.getByText('Créé', { exact: true })).toBeVisible();
  const frenchValidity = parisDay(30).split('-').reverse().join('/');
  const sheet = sheetOf(page, `Devis n° ${dev(1)}`);
  await expect(sheet).toContainText(`Valable jusqu’au : ${frenchValidity}`);
  await expect(sheet).toContainText(euros('900,00 €'));
  await expect(sheet.getByRole('region', { name: 'Bon pour accord' })).toContainText('Signature');
  await expectAccessible(page);

  // --- Modifier: the same wizard, prefilled; the new total on the page.
  await page.getByRole('link', { name: 'Modifier' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Modifier le devis ${dev(1)}`);
  const next = page.getByRole('button', { name: 'Suivant' });
  await next.click();
  await next.click();
  await page.getByLabel('Quantité ligne 1').fill('3');
  await next.click();
  await next.click();
  await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expectToast(page, `Devis ${dev(1)} modifié`);
  await expect(sheetOf(page, `Devis n° ${dev(1)}`)).toContainText(euros('1 350,00 €'));

  // --- Envoyer sur Facturo: on the platform, to the client's account, after a confirmation.
  await expect(page.getByRole('button', { name: 'Envoyer par e-mail' })).toHaveAccessibleDescription(
    "Envoyer par e-mail : Le PDF du devis part à l'adresse e-mail de votre client, avec votre message.",
  );
  await page.getByRole('button', { name: 'Envoyer sur Facturo', exact: true }).click();
  const confirmSend = page.getByRole('alertdialog', { name: `Envoyer le devis ${dev(1)} sur Facturo ?` });
  await expectAccessible(page);
  await confirmSend.getByRole('button', { name: 'Envoyer sur Facturo' }).click();
  await expectToast(page, 'Devis envoyé sur la plateforme.');
  await expect(page.getByText('Envoyé', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);

  // --- The recipient, in another browser: the quote in Réception, accepted with a comment.
  const recipientContext = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const other = await recipientContext.newPage();
  await signIn(other, recipient.email, recipient.password);
  await other.goto('/devis?onglet=reception');
  await expect(other.getByRole('tab', { name: 'Réception' })).toHaveAttribute('aria-selected', 'true');
  await other.getByRole('link', { name: dev(1), exact: true }).click();
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(`Devis ${dev(1)}`);
  await expect(other.getByRole('link', { name: 'Modifier' })).toHaveCount(0);
  await expectAccessible(other);
  await other.getByRole('button', { name: 'Accepter' }).click();
  const answer = other.getByRole('dialog', { name: `Accepter le devis ${dev(1)} ?` });
  await answer.getByLabel('Commentaire').fill('Bon pour accord, démarrage lundi.');
  await expectAccessible(other);
  await answer.getByRole('button', { name: 'Confirmer' }).click();
  await expect(answer).toBeHidden();
  await expect(other.getByText('Accepté', { exact: true })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Accepter' })).toHaveCount(0);

  // --- The issuer's page follows through the live stream: accepted, with the comment.
  await expect(page.getByText('Accepté', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Suite du devis' })).toContainText(
    '« Bon pour accord, démarrage lundi. »',
  );
  await expect(page.getByRole('link', { name: 'Modifier' })).toHaveCount(0);

  // --- A deposit of 30 %: a deposit invoice in the FAC series, pointing at the quote.
  await page.getByRole('button', { name: 'Facturer un acompte' }).click();
  const deposit = page.getByRole('dialog', { name: 'Facturer un acompte' });
  await expect(deposit.getByRole('radio', { name: 'Un pourcentage du devis' })).toBeChecked();
  await deposit.getByLabel('Pourcentage (%)').fill('30');
  await expectAccessible(page);
  await deposit.getByRole('button', { name: 'Créer la facture d’acompte' }).click();
  await expectToast(page, `Facture d’acompte ${fac(1)} créée`);
  await expect(page).toHaveURL(/\/factures\/[0-9a-f-]{36}$/);
  await expect(sheetOf(page, `Facture d’acompte n° ${fac(1)}`)).toContainText(euros('405,00 €'));

  // --- Back on the quote: the deposit listed; then the final invoice, deposit deducted.
  await page.getByRole('link', { name: dev(1), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Devis ${dev(1)}`);
  const outcome = page.getByRole('region', { name: 'Suite du devis' });
  await expect(outcome).toContainText(euros('Acomptes facturés : 405,00 €'));
  await expect(outcome.getByRole('link', { name: fac(1) })).toBeVisible();
  await page.getByRole('button', { name: 'Convertir en facture' }).click();
  const convert = page.getByRole('dialog', { name: `Convertir le devis ${dev(1)} en facture ?` });
  await expect(convert).toContainText(euros('405,00 €'));
  await convert.getByRole('button', { name: 'Créer la facture' }).click();
  await expectToast(page, `Facture ${fac(2)} créée`);
  const final = sheetOf(page, `Facture n° ${fac(2)}`);
  await expect(final).toContainText(euros('1 350,00 €'));
  await expect(final).toContainText(`Acompte ${fac(1)}`);
  await expect(final).toContainText('Net à payer');
  await expect(final).toContainText(euros('945,00 €'));

  // --- The quote is invoiced: no second conversion; its PDF downloads under its number.
  await page.getByRole('link', { name: dev(1), exact: true }).click();
  await expect(page.getByText('Facturé', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Suite du devis' }).getByRole('link', { name: fac(2) }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Convertir en facture' })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger le PDF', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${dev(1)}.pdf`);
  const saved = testInfo.outputPath(`${dev(1)}.pdf`);
  await file.saveAs(saved);
  expect((await readFile(saved)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectAccessible(page);

  // --- The recipient's list says Accepté on their side.
  await other.goto('/devis?onglet=reception');
  await expect(
    other.getByRole('listitem').filter({ has: other.getByRole('link', { name: dev(1), exact: true }) }),
  ).toContainText('Accepté');
  await recipientContext.close();
});

test('duplicating a quote or an invoice opens the wizard with its client and lines; an unsent quote is deleted', async ({
  page,
  request,
}) => {
  test.slow();
  const issuer = await confirmedProfessional(request, 'dupliquer');
  const headers = await apiHeaders(request, issuer.email, issuer.password);
  const client = await createClient(request, headers, 'atelier@exemple.fr');
  const lignes = [{ description: 'Audit de sécurité', quantite: 1, prixUnitaire: 800 }];
  const quote = await request.post('/api/devis', { headers, data: { client, objet: 'Audit', lignes } });
  expect(quote.status(), await quote.text()).toBe(201);
  const quoteId: string = (await quote.json())._id;
  const invoice = await request.post('/api/factures', {
    headers,
    data: {
      client,
      delaiPaiement: 45,
      objet: 'Formation',
      lignes: [{ description: 'Formation', quantite: 2, prixUnitaire: 300 }],
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  await signIn(page, issuer.email, issuer.password);

  // --- « Dupliquer » a quote: the wizard starts from its client and lines; no number is taken before.
  await page.goto(`/devis/${quoteId}`);
  await page.getByRole('link', { name: 'Dupliquer' }).click();
  await expect(page).toHaveURL(new RegExp(`/devis/create\\?depuis=${quoteId}$`));
  const next = page.getByRole('button', { name: 'Suivant' });
  await next.click();
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue(/Atelier Lumière/);
  await next.click();
  await expect(page.getByLabel('Description ligne 1')).toHaveValue('Audit de sécurité');
  await next.click();
  await next.click();
  await page.getByRole('button', { name: 'Générer le devis' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Devis ${dev(2)}`);

  // --- The copy never went out: Supprimer, after a confirmation, removes it from the list.
  await page.getByRole('button', { name: 'Supprimer' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer ce devis ?' });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expectToast(page, `Devis ${dev(2)} supprimé`);
  await expect(page).toHaveURL(/\/devis$/);
  await expect(page.getByRole('link', { name: dev(1), exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: dev(2), exact: true })).toHaveCount(0);

  // --- An answer received elsewhere: « Marquer refusé »; the quote is then locked.
  await page.getByRole('link', { name: dev(1), exact: true }).click();
  await page.getByRole('button', { name: 'Marquer refusé' }).click();
  const refuse = page.getByRole('dialog', { name: `Marquer le devis ${dev(1)} comme refusé ?` });
  await refuse.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Refusé', { exact: true })).toBeVisible();
  await expect(page.getByText('Dupliquez-le pour en préparer un autre.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Modifier' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Suite du devis' })).toContainText(
    'réponse reçue hors de Facturo',
  );

  // --- « Dupliquer » an invoice: the creation panel opens with its client, term and lines.
  await page.goto(`/factures/create?depuis=${(await invoice.json())._id}`);
  const panel = page.getByRole('dialog', { name: 'Nouvelle facture' });
  await panel.getByRole('button', { name: 'Suivant' }).click();
  await expect(panel.getByRole('combobox', { name: 'Client' })).toHaveValue(/Atelier Lumière/);
  await expect(panel.getByLabel('Délai de paiement')).toHaveValue('45');
  await panel.getByRole('button', { name: 'Suivant' }).click();
  await expect(panel.getByLabel('Description ligne 1')).toHaveValue('Formation');
  await expectAccessible(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu leads to the quotes; the list, the detail and the wizard fit 375 px', async ({
    page,
    request,
  }) => {
    const issuer = await confirmedProfessional(request, 'devis-mobile');
    const headers = await apiHeaders(request, issuer.email, issuer.password);
    const client = await createClient(request, headers, 'mobile@exemple.fr');
    const lignes = [
      { description: 'Reportage photo d’une journée complète', quantite: 1, prixUnitaire: 1200 },
    ];
    const quote = await request.post('/api/devis', { headers, data: { client, objet: 'Reportage', lignes } });
    expect(quote.status(), await quote.text()).toBe(201);
    await signIn(page, issuer.email, issuer.password);
    const fits = async () =>
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Devis' })
      .click();
    await expect(page).toHaveURL(/\/devis$/);
    await expect(page.getByRole('link', { name: dev(1), exact: true })).toBeVisible();
    await fits();
    await expectAccessible(page);

    // The row opens with the keyboard: its number is the link.
    await page.getByRole('link', { name: dev(1), exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Devis ${dev(1)}`);
    await expect(sheetOf(page, `Devis n° ${dev(1)}`)).toBeVisible();
    await fits();
    await expectAccessible(page);

    await page.goto('/devis/create');
    await expect(page.getByText('Étape 1 sur 5')).toBeVisible();
    await fits();
    await expectAccessible(page);
  });
});
