import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { confirmedProfessional, newEmail, PASSWORD, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { invoicePanel, openOneLineInvoicePreview } from './support/invoice-wizard.js';
import { particulierFromInvoiceLink } from './support/platform-invoice.js';
import { expect, test } from './support/test.js';
import { expectToast } from './support/toast.js';

/** The server dates invoices by the Paris calendar day (DESIGN §5), as the browser here does. */
function parisToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
}

function frenchDate(isoDay: string, plusDays = 0): string {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day + plusDays));
  return new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC' }).format(date);
}

const year = parisToday().slice(0, 4);
const numero = (n: number) => `FAC-${year}-${String(n).padStart(4, '0')}`;
/** Amounts are written by Intl with no-break spaces; \s matches them. */
const euros = (text: string) => new RegExp(text.replace(' ', '\\s').replace('€', '\\s?€'));

function rowOf(page: Page, invoiceNumber: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('link', { name: invoiceNumber }) });
}

async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

test('a professional writes an invoice in 5 steps, edits and sends it; the invited client pays it', async ({
  page,
  request,
  browser,
}) => {
  // A long journey: three times the test timeout of the config.
  test.slow();
  const pro = await confirmedProfessional(request, 'factures');
  const client = { nom: 'Atelier Lumière', email: newEmail('atelier') };
  await signIn(page, pro.email, pro.password);

  // --- The empty list.
  await expect(page.getByRole('heading', { level: 1, name: 'Factures' })).toBeVisible();
  await expect(page.getByText('Compte professionnel').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Envoi' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Aucune facture trouvée')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export RGPD' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Mentions légales' })).toBeVisible();
  await expectAccessible(page);

  // --- Step 1: the issuer, from the profile; Suivant needs both names, Précédent is off.
  await page.getByRole('button', { name: 'Nouvelle facture' }).click();
  const panel = invoicePanel(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Étape 1 sur 5')).toBeVisible();
  await expect(panel.getByText(`Prochaine facture : ${numero(1)}`)).toBeVisible();
  await expect(panel.getByLabel('Prénom')).toHaveValue('Camille');
  await expect(panel.getByLabel('Nom', { exact: true })).toHaveValue('Roux');
  const previous = panel.getByRole('button', { name: 'Précédent' });
  const next = panel.getByRole('button', { name: 'Suivant' });
  await expect(previous).toBeDisabled();
  await panel.getByLabel('Nom', { exact: true }).fill('');
  await expect(next).toBeDisabled();
  await panel.getByLabel('Nom', { exact: true }).fill('Roux');
  await panel.getByLabel('Adresse').fill('12 rue des Lilas');
  await panel.getByLabel('Code postal').fill('75011');
  await panel.getByLabel('Ville').fill('Paris');
  await expectAccessible(page);
  await next.click();

  // --- Step 2: a client added on the spot is picked at once; the due date follows the term.
  await expect(panel.getByText('Étape 2 sur 5')).toBeVisible();
  await expect(previous).toBeEnabled();
  await expect(next).toBeDisabled();
  await expect(panel.getByLabel("Date d'émission")).toHaveValue(frenchDate(parisToday()));
  await expect(panel.getByLabel('Délai de paiement')).toHaveValue('30');
  await expect(panel.getByLabel("Date d'échéance")).toHaveValue(frenchDate(parisToday(), 30));
  await panel.getByRole('button', { name: 'Ajouter un client' }).click();
  const addClient = page.getByRole('dialog', { name: 'Nouveau client' });
  await addClient.getByLabel('Nom', { exact: true }).fill(client.nom);
  await addClient.getByLabel('Adresse email').fill(client.email);
  await addClient.getByRole('button', { name: 'Ajouter le client' }).click();
  await expect(addClient).toBeHidden();
  await expect(panel.getByRole('combobox', { name: 'Client' })).toHaveValue(client.nom);
  await expect(panel.getByLabel('Email du client')).toHaveValue(client.email);
  // Added without an address: the wizard asks for it, and saves it to the client on Suivant.
  const clientFix = panel.getByRole('group', { name: 'Compléter la fiche du client' });
  await expect(clientFix).toContainText('L’adresse du client est incomplète');
  await clientFix.getByLabel('Rue du client').fill('3 quai Saint-Vincent');
  await clientFix.getByLabel('Code postal du client').fill('69001');
  await clientFix.getByLabel('Ville du client').fill('Lyon');
  await expect(panel.getByLabel('Date de livraison / d’exécution')).toHaveValue(parisToday());
  await panel.getByLabel('Délai de paiement').selectOption('45');
  await expect(panel.getByLabel("Date d'échéance")).toHaveValue(frenchDate(parisToday(), 45));
  await panel.getByLabel('Objet').fill('Refonte du site vitrine');
  await expect(next).toBeEnabled();
  // The "client ajouté" toast now sits over the wide panel, where axe cannot tell its background apart
  // from the panel's: checked once it has gone (it was checked over the list in the clients journeys).
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expectAccessible(page);
  // Précédent keeps what was typed.
  await previous.click();
  await expect(panel.getByLabel('Ville')).toHaveValue('Paris');
  await next.click();
  await expect(panel.getByRole('combobox', { name: 'Client' })).toHaveValue(client.nom);
  await next.click();

  // --- Step 3: three empty lines in a table, live totals in exact cents; no VAT under the franchise.
  await expect(panel.getByText('Étape 3 sur 5')).toBeVisible();
  const descriptions = panel.getByRole('textbox', { name: /^Description ligne \d$/ });
  await expect(descriptions).toHaveCount(3);
  await expect(panel.getByRole('combobox', { name: /^Taux de TVA/ })).toHaveCount(0);
  await expect(next).toBeDisabled();
  await panel.getByLabel('Description ligne 1').fill('Maquettes');
  await panel.getByLabel('Quantité ligne 1').fill('3');
  await expect(next).toBeDisabled();
  await panel.getByLabel('Prix unitaire HT ligne 1').fill('33,33');
  await expect(next).toBeEnabled();
  const lineRow = (n: number) =>
    panel.getByRole('row').filter({ has: page.getByLabel(`Description ligne ${n}`) });
  await expect(lineRow(1)).toContainText(euros('99,99 €'));
  await panel.getByLabel('Description ligne 2').fill('Hébergement');
  await panel.getByLabel('Quantité ligne 2').fill('0,5');
  await panel.getByLabel('Unité ligne 2').selectOption('mois');
  await panel.getByLabel('Prix unitaire HT ligne 2').fill('19,99');
  await expect(lineRow(2)).toContainText(euros('10,00 €'));
  const totals = panel.getByRole('region', { name: 'Totaux de la facture' });
  await expect(totals).toContainText(euros('109,99 €'));
  await expect(totals).toContainText('Net à payer');
  await expect(totals).not.toContainText('TVA');
  // The live preview beside the form follows the typing.
  const live = panel.getByRole('article', { name: `Aperçu de la facture n° ${numero(1)}` });
  await expect(live).toContainText('Hébergement');
  await expect(live).toContainText('mois');
  await panel.getByRole('button', { name: 'Supprimer la ligne 3' }).click();
  await expect(descriptions).toHaveCount(2);
  await panel.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await expect(panel.getByLabel('Description ligne 3')).toBeFocused();
  await panel.getByRole('button', { name: 'Supprimer la ligne 3' }).click();
  await expectAccessible(page);
  await next.click();

  // --- Step 4: recap and this invoice's legal mentions.
  await expect(panel.getByText('Étape 4 sur 5')).toBeVisible();
  await expect(
    panel.getByText('Mention imprimée automatiquement : « TVA non applicable, art. 293 B du CGI »'),
  ).toBeVisible();
  // The 45-day term wrote its own sentence.
  await expect(panel.getByLabel('Conditions de paiement')).toHaveValue(
    'Règlement sous 45 jours à compter de la date d’émission de la facture.',
  );
  await panel.getByLabel('Mention libre').fill('Merci pour votre confiance.');
  await expectAccessible(page);
  await next.click();

  // --- Step 5: the printed-style preview, then Générer la facture.
  await expect(panel.getByText('Étape 5 sur 5')).toBeVisible();
  const preview = panel.getByRole('article', { name: `Facture n° ${numero(1)}` });
  await expect(preview).toContainText('Camille Roux EI');
  await expect(preview).toContainText('12 rue des Lilas');
  await expect(preview).toContainText(client.nom);
  await expect(preview).toContainText('Merci pour votre confiance.');
  await expect(preview).toContainText(euros('109,99 €'));
  await expect(preview).toContainText('3 quai Saint-Vincent');
  await expect(preview).toContainText('Net à payer');
  await expect(preview).not.toContainText('Total TTC');
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'Générer la facture' }).click();

  // --- The detail of the new invoice.
  await expect(page).toHaveURL(/\/factures\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${numero(1)}` })).toBeVisible();
  const document = page.getByRole('article', { name: `Facture n° ${numero(1)}` });
  await expect(document).toContainText('Maquettes');
  await expect(document).toContainText(frenchDate(parisToday(), 45));
  await expect(document).toContainText('Règlement sous 45 jours');
  await expect(document).not.toContainText('30 jours');
  await expect(document).toContainText('69001 Lyon');
  await expect(page.getByLabel('Statut')).toHaveValue('creee');
  await expectAccessible(page);

  // --- Full edit while unsent: one more unit of hosting.
  await page.getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(
    page.getByRole('heading', { level: 1, name: `Modifier la facture ${numero(1)}` }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue(client.nom);
  await expect(page.getByLabel('Délai de paiement')).toHaveValue('45');
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByLabel('Quantité ligne 2').fill('2');
  await expect(page.getByRole('region', { name: 'Totaux de la facture' })).toContainText(euros('139,97 €'));
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByLabel('Mention libre')).toHaveValue('Merci pour votre confiance.');
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(page).toHaveURL(detailUrl);
  await expect(document).toContainText(euros('139,97 €'));

  // --- In the list: number, client, label, amount, dates, status, PDF.
  await page.getByRole('link', { name: 'Factures', exact: true }).click();
  const row = rowOf(page, numero(1));
  await expect(row).toContainText(client.nom);
  await expect(row).toContainText('Maquettes');
  await expect(row).toContainText(euros('139,97 €'));
  await expect(row).toContainText(`Échéance le ${frenchDate(parisToday(), 45)}`);
  await expect(row).toContainText('Créée');
  await expect(row).toContainText('PDF');
  await expect(page.getByRole('button', { name: 'Export RGPD' })).toBeEnabled();
  await expectAccessible(page);

  // --- Sent on the platform: the invoice is frozen.
  await page.getByRole('link', { name: numero(1) }).click();
  // Each sending button says what it does (issue 17), and sending on the platform asks first.
  await expect(page.getByRole('button', { name: 'Envoyer par e-mail' })).toHaveAccessibleDescription(
    "Envoyer par e-mail : Le PDF de la facture part à l'adresse e-mail de votre client, avec votre message.",
  );
  const sendOnFacturo = page.getByRole('button', { name: 'Envoyer sur Facturo' });
  await expect(sendOnFacturo).toHaveAccessibleDescription(
    "Envoyer sur Facturo : La facture arrive dans l'espace Facturo de votre client ; s'il n'a pas de compte, il reçoit par e-mail un lien pour la consulter en ligne, sans inscription.",
  );
  await sendOnFacturo.click();
  const confirmSend = page.getByRole('alertdialog', {
    name: `Envoyer la facture ${numero(1)} sur Facturo ?`,
  });
  await expect(confirmSend).toContainText(client.email);
  await expectAccessible(page);
  // Annuler sends nothing: the invoice stays editable.
  await confirmSend.getByRole('button', { name: 'Annuler' }).click();
  await expect(confirmSend).toBeHidden();
  await expect(page.getByLabel('Statut')).toHaveValue('creee');
  await sendOnFacturo.click();
  await confirmSend.getByRole('button', { name: 'Envoyer sur Facturo' }).click();
  await expectToast(page, 'Facture envoyée sur la plateforme.');
  await expect(confirmSend).toBeHidden();
  await expect(page.getByRole('button', { name: 'Modifier' })).toBeDisabled();
  await expect(
    page.getByText(
      'Facture envoyée ou payée : elle ne peut plus être modifiée. Pour la corriger, émettez un avoir.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Statut')).toHaveValue('envoyee');
  await expectAccessible(page);
  // A second "Envoyer" says the invoice is already there, and reminds the client (both links work).
  await sendOnFacturo.click();
  await confirmSend.getByRole('button', { name: 'Envoyer sur Facturo' }).click();
  await expectToast(page, 'Cette facture a déjà été envoyée sur la plateforme.');

  // --- The client, e-mailed the invoice's link, creates an account from it and finds the invoice.
  await particulierFromInvoiceLink(request, client.email, PASSWORD);
  const recipientContext = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const recipient = await recipientContext.newPage();
  await recipient.goto('/login');
  await signIn(recipient, client.email, PASSWORD);
  await expect(recipient.getByText('Compte particulier').first()).toBeVisible();
  await expect(recipient.getByRole('tab')).toHaveCount(0);
  const received = rowOf(recipient, numero(1));
  await expect(received).toContainText('Camille Roux');
  await expect(received).toContainText('Non vue');
  await expectAccessible(recipient);
  await recipient.getByRole('link', { name: numero(1) }).click();
  await expect(recipient.getByText('Émise par Camille Roux')).toBeVisible();
  await expect(recipient.getByRole('button', { name: 'Modifier' })).toHaveCount(0);
  await expect(recipient.getByRole('button', { name: /^Envoyer/ })).toHaveCount(0);
  // Declaring the payment cannot be taken back: it asks first.
  await recipient.getByRole('button', { name: 'Marquer comme payée' }).click();
  const confirmPaid = recipient.getByRole('alertdialog', {
    name: `Marquer la facture ${numero(1)} comme payée ?`,
  });
  await expectAccessible(recipient);
  await confirmPaid.getByRole('button', { name: 'Marquer comme payée' }).click();
  // Issue 17: a payment declared to the issuer, counted (PAYÉE) once the issuer confirms it.
  await expectToast(recipient, "Paiement signalé à l'émetteur");
  await expect(recipient.getByText('En attente de confirmation')).toBeVisible();
  await expect(recipient.getByRole('button', { name: 'Marquer comme payée' })).toHaveCount(0);
  await expectAccessible(recipient);
  await recipientContext.close();

  // --- The issuer confirms it in one click, then sees the PAYÉE stamp and the payment date.
  await page.reload();
  await page.getByRole('button', { name: /^Confirmer le paiement/ }).click();
  await expect(page.getByText('PAYÉE', { exact: true })).toBeVisible();
  await expect(page.getByText(`le ${frenchDate(parisToday())}`, { exact: true })).toBeVisible();
});

test('tabs, status filters, status changes, cancellation, export and the creation panel', async ({
  page,
  request,
}) => {
  // A long journey: three times the test timeout of the config.
  test.slow();
  const pro = await confirmedProfessional(request, 'filtres');
  const token = await apiToken(request, pro.email, pro.password);
  const headers = { Authorization: `Bearer ${token}` };
  const clientRes = await request.post('/api/clients', {
    headers,
    data: {
      nom: 'Boulangerie Dupont',
      email: newEmail('dupont'),
      siret: '123456782',
      adresse: CLIENT_ADDRESS,
    },
  });
  expect(clientRes.status()).toBe(201);
  const clientId = (await clientRes.json())._id;
  for (const description of ['Affiches', 'Flyers']) {
    const res = await request.post('/api/factures', {
      headers,
      data: {
        client: clientId,
        delaiPaiement: 30,
        objet: '',
        lignes: [{ description, quantite: 2, prixUnitaire: 50 }],
      },
    });
    expect(res.status()).toBe(201);
  }
  await signIn(page, pro.email, pro.password);

  // --- Newest first.
  const numbers = page.getByRole('link', { name: /^FAC-\d{4}-\d{4}$/ });
  await expect(numbers).toHaveText([numero(2), numero(1)]);
  await expect(rowOf(page, numero(2))).toContainText('Flyers');

  // --- GDPR export as a dated file named by role.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export RGPD' }).click();
  expect((await download).suggestedFilename()).toBe(
    `export-factures-rgpd-professionnel-${parisToday()}.json`,
  );
  await expectToast(page, 'Export RGPD réussi');

  // --- Réception: nothing received yet; the tab is kept in the address.
  await page.getByRole('tab', { name: 'Réception' }).click();
  await expect(page).toHaveURL(/onglet=reception/);
  await expect(page.getByText('Aucune facture trouvée')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Envoi' }).click();
  await expect(numbers).toHaveCount(2);

  // --- The issuer marks the first invoice paid with the status selector; it is then frozen.
  await page.getByRole('link', { name: numero(1) }).click();
  const status = page.getByLabel('Statut');
  await expect(status.locator('option')).toHaveText(['Créée', 'Brouillon', 'Envoyée', 'Payée']);
  await status.selectOption('payee');
  await expectToast(page, 'Statut mis à jour : Payée');
  await expect(page.getByText('PAYÉE', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Supprimer' })).toBeDisabled();
  // A business client (SIREN) gets the late-payment mentions.
  await expect(page.getByRole('article')).toContainText('40 €');

  // --- Filters from the sidebar's addresses.
  await page.goto('/factures?status=payée');
  await expect(page.getByRole('heading', { level: 1, name: 'Factures — Payées' })).toBeVisible();
  await expect(numbers).toHaveText([numero(1)]);
  await page.goto('/factures?status=brouillon');
  await expect(page.getByRole('heading', { level: 1, name: 'Factures — Brouillons' })).toBeVisible();
  await expect(numbers).toHaveText([numero(2)]);
  await page.goto('/factures?status=envoyée');
  await expect(page.getByText('Aucune facture trouvée')).toBeVisible();
  await expectAccessible(page);

  // --- Deleting the last invoice, after confirmation, cancels it: its number is never given again.
  await page.goto('/factures');
  await page.getByRole('link', { name: numero(2) }).click();
  await page.getByRole('button', { name: 'Supprimer' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer cette facture ?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(
    `La facture ${numero(2)} sera annulée : elle reste dans votre registre avec le statut Annulée et son numéro n'est jamais réutilisé.`,
  );
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Annuler', exact: true }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Supprimer' }).click();
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expectToast(page, `Facture ${numero(2)} annulée`);
  await expect(page).toHaveURL(/\/factures$/);
  await expect(numbers).toHaveText([numero(1)]);

  // --- It stays in the register under « Annulées », stamped, and can no longer be sent.
  await page.getByRole('link', { name: 'Annulées', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Factures — Annulées' })).toBeVisible();
  await expect(numbers).toHaveText([numero(2)]);
  await expect(rowOf(page, numero(2))).toContainText('Annulée');
  await page.getByRole('link', { name: numero(2) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${numero(2)}` })).toBeVisible();
  await expect(page.getByRole('article').getByText('ANNULÉE', { exact: true })).toBeVisible();
  for (const name of ['Envoyer par e-mail', 'Envoyer sur Facturo', 'Supprimer']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
  }
  await expect(
    page.getByRole('button', { name: 'Envoyer sur Facturo', exact: true }),
  ).toHaveAccessibleDescription(
    'Facture annulée : elle reste dans votre registre avec son numéro, et ne peut plus être modifiée ni envoyée.',
  );
  await expect(page.getByLabel('Statut')).toBeDisabled();
  await expectAccessible(page);
  await page.goto('/factures');

  // --- The creation panel: Escape minimises, Reprendre restores, Fermer asks before dropping input.
  await page.getByRole('button', { name: 'Nouvelle facture' }).click();
  const panel = invoicePanel(page);
  await expect(panel.getByText(`Prochaine facture : ${numero(3)}`)).toBeVisible();
  await panel.getByRole('button', { name: 'Suivant' }).click();
  const combobox = panel.getByRole('combobox', { name: 'Client' });
  await combobox.fill('dupont');
  await panel.getByRole('option', { name: /Boulangerie Dupont/ }).click();
  await expect(combobox).toHaveValue('Boulangerie Dupont');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  const bar = page.getByRole('region', { name: 'Facture en cours' });
  await expect(bar).toContainText('Nouvelle facture en cours');
  // The keyboard goes on from the bar, not from the top of the page.
  await expect(bar.getByRole('button', { name: 'Reprendre' })).toBeFocused();
  await expectAccessible(page);
  await bar.getByRole('button', { name: 'Reprendre' }).click();
  await expect(panel.getByText('Étape 2 sur 5')).toBeVisible();
  await expect(combobox).toHaveValue('Boulangerie Dupont');
  await panel.getByRole('button', { name: 'Fermer' }).click();
  const abandon = page.getByRole('alertdialog', { name: 'Abandonner la facture en cours ?' });
  await abandon.getByRole('button', { name: 'Abandonner' }).click();
  await expect(panel).toBeHidden();
  await expect(bar).toBeHidden();
  // Closed: the focus is back on the button that opened the panel.
  await expect(page.getByRole('button', { name: 'Nouvelle facture' })).toBeFocused();

  // --- /factures/create opens the panel; minimising it goes back to the list's address.
  await page.goto('/factures/create');
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Réduire' }).click();
  await expect(page).toHaveURL(/\/factures$/);
  await bar.getByRole('button', { name: 'Fermer la facture en cours' }).click();
  await expect(bar).toBeHidden();

  // --- The client's detail lists its invoices.
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Boulangerie Dupont', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Factures (1)' })).toBeVisible();
  const clientRow = rowOf(page, numero(1));
  await expect(clientRow).toContainText(euros('100,00 € HT'));
  await expect(clientRow).toContainText('Payée');
  await expectAccessible(page);
  await clientRow.getByRole('link', { name: numero(1) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${numero(1)}` })).toBeVisible();

  // --- An unknown invoice.
  await page.goto('/factures/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Facture non trouvée' })).toBeVisible();
  await expectAccessible(page);
});

test('refusals of the server are worded as the spec says, and the invoice in progress is kept', async ({
  page,
  request,
}) => {
  // A long journey: three times the test timeout of the config.
  test.slow();
  // The page's timers run on a clock the test moves: the popup's 8 s and the redirect's 2 s pass at once.
  await page.clock.install();
  const pro = await confirmedProfessional(request, 'factures-refus');
  const token = await apiToken(request, pro.email, pro.password);
  const created = await request.post('/api/clients', {
    headers: { Authorization: `Bearer ${token}` },
    data: { nom: 'Studio Nord', email: newEmail('nord'), adresse: CLIENT_ADDRESS },
  });
  expect(created.status()).toBe(201);
  await signIn(page, pro.email, pro.password);

  // A list that fails to load says so and offers to try again.
  await page.route('**/api/factures', (route) =>
    route.fulfill({ status: 500, json: { errorType: 'internal_error', message: 'Erreur interne' } }),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Erreur lors du chargement des factures');
  await expectAccessible(page);
  await page.unroute('**/api/factures');
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.getByText('Aucune facture trouvée')).toBeVisible();

  // A complete invoice, up to its preview.
  const panel = await openOneLineInvoicePreview(page, {
    client: /Studio Nord/,
    description: 'Photographies',
    quantite: '1',
    prix: '250',
  });
  const generate = panel.getByRole('button', { name: 'Générer la facture' });

  const refuse = (status: number, json: object) =>
    page.route('**/api/factures', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status, json }) : route.continue(),
    );

  // The monthly quota: a popup that closes by itself after 8 s…
  await refuse(403, {
    errorType: 'quota_exceeded',
    message: 'Quota atteint',
    quota: { utilise: 5, limite: 5 },
  });
  await generate.click();
  const quota = page.getByRole('dialog', { name: 'Quota de factures atteint' });
  await expect(quota).toContainText('Vous avez créé 5 factures sur 5 ce mois-ci.');
  await expect(quota).toContainText('limité à 5 factures par mois');
  await expectAccessible(page);
  await page.clock.fastForward(8_000);
  await expect(quota).toBeHidden();
  // …or leads to the plans, the invoice waiting in the minimised bar.
  await generate.click();
  await quota.getByRole('button', { name: 'Passer Premium' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  const bar = page.getByRole('region', { name: 'Facture en cours' });
  await bar.getByRole('button', { name: 'Reprendre' }).click();
  await expect(panel.getByText('Étape 5 sur 5')).toBeVisible();
  await page.unroute('**/api/factures');

  await refuse(409, { errorType: 'conflict', message: 'duplicate key value violates unique constraint' });
  await generate.click();
  await expect(panel.getByRole('alert')).toHaveText('Numéro de facture en conflit. Veuillez réessayer.');
  await page.unroute('**/api/factures');

  await refuse(403, { errorType: 'requires_upgrade', message: 'Réservé', requiresUpgrade: true });
  await generate.click();
  await expect(panel.getByRole('alert')).toHaveText(
    'Vous devez passer en mode professionnel pour créer une facture.',
  );
  await page.unroute('**/api/factures');

  // A client address missing on the server's side: back to the client step, with the sentence.
  await refuse(400, {
    errorType: 'validation_error',
    message:
      'L’adresse du client est incomplète : renseignez sa rue, son code postal et sa ville avant de créer une facture.',
    requiresClientAddress: true,
  });
  await generate.click();
  await expect(panel.getByText('Étape 2 sur 5')).toBeVisible();
  await expect(panel.getByRole('alert')).toContainText('L’adresse du client est incomplète');
  await page.unroute('**/api/factures');
  for (let step = 2; step < 5; step += 1) await panel.getByRole('button', { name: 'Suivant' }).click();
  await expect(panel.getByText('Étape 5 sur 5')).toBeVisible();

  await refuse(400, { errorType: 'validation_error', message: 'SIRET manquant', requiresSiret: true });
  await generate.click();
  await expect(panel.getByRole('alert')).toHaveText(
    'Vous devez configurer votre SIRET avant de créer une facture',
  );
  await page.clock.fastForward(2_000);
  await expect(page).toHaveURL(/\/mentions-legales$/);
  await expect(bar).toBeVisible();
  await page.unroute('**/api/factures');

  // Once the server agrees, the invoice is created from what was kept.
  await bar.getByRole('button', { name: 'Reprendre' }).click();
  await generate.click();
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${numero(1)}` })).toBeVisible();
  await expect(bar).toBeHidden();

  // A detail that fails to load.
  await page.route('**/api/factures/*', (route) =>
    route.fulfill({ status: 500, json: { errorType: 'internal_error', message: 'Erreur interne' } }),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Erreur lors du chargement de la facture');
  await expectAccessible(page);
});
