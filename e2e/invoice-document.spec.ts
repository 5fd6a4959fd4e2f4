import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Locator, Page, TestInfo } from '@playwright/test';
import { confirmedProfessional, newEmail, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { E2E_OUTBOX } from './support/env.js';
import { waitForMail } from './support/outbox.js';
import { expect, test } from './support/test.js';
import { expectToast } from './support/toast.js';

/*
 * The invoice as a document: its Factur-X PDF from the detail and from the list, and the Email popup
 * that sends it (SPEC §2, §5, §7, §8). The invoice itself is made through the API: the wizard has its
 * own journey in invoices.spec.ts.
 */

async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

function rowOf(page: Page, invoiceNumber: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('link', { name: invoiceNumber }) });
}

/** The saved file is the invoice's Factur-X PDF under its number, not some error page. */
async function expectFacturX(download: Download, invoiceNumber: string, testInfo: TestInfo, label: string) {
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const file = testInfo.outputPath(`${label}-${invoiceNumber}.pdf`);
  await download.saveAs(file);
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
  expect(bytes.toString('latin1')).toContain('factur-x.xml');
}

test('the Factur-X PDF downloads from the list and the detail; the Email popup sends it and locks the invoice', async ({
  page,
  request,
}, testInfo) => {
  // A long journey: three times the test timeout of the config.
  test.slow();
  const pro = await confirmedProfessional(request, 'document');
  const clientEmail = newEmail('destinataire');
  const token = await apiToken(request, pro.email, pro.password);
  const headers = { Authorization: `Bearer ${token}` };
  const clientRes = await request.post('/api/clients', {
    headers,
    data: { nom: 'Atelier Lumière', email: clientEmail, adresse: CLIENT_ADDRESS },
  });
  expect(clientRes.status()).toBe(201);
  const invoiceRes = await request.post('/api/factures', {
    headers,
    data: {
      client: (await clientRes.json())._id,
      delaiPaiement: 30,
      objet: 'Refonte du site vitrine',
      lignes: [{ description: 'Maquettes', quantite: 3, prixUnitaire: 33.33 }],
    },
  });
  expect(invoiceRes.status()).toBe(201);
  const invoice: { _id: string; numero: string; dateEcheance: string } = await invoiceRes.json();
  const { numero } = invoice;
  const dueDate = invoice.dateEcheance.slice(0, 10).split('-').reverse().join('/');
  await signIn(page, pro.email, pro.password);

  // --- The list row's PDF is its own button: it saves the file and leaves the list where it is.
  const row = rowOf(page, numero);
  const rowPdf = row.getByRole('button', { name: `Télécharger le PDF de la facture ${numero}` });
  await expect(rowPdf).toHaveText('PDF');
  const fromList = page.waitForEvent('download');
  await rowPdf.click();
  await expectFacturX(await fromList, numero, testInfo, 'liste');
  await expect(page).toHaveURL(/\/factures$/);
  await expectAccessible(page);

  // --- The detail's PDF; a failed download says so.
  await row.getByRole('link', { name: numero }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Facture ${numero}` })).toBeVisible();
  const pdf = page.getByRole('button', { name: 'Télécharger le PDF', exact: true });
  const fromDetail = page.waitForEvent('download');
  await pdf.click();
  await expectFacturX(await fromDetail, numero, testInfo, 'detail');
  await page.route('**/api/factures/*/pdf', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
  await pdf.click();
  await expectToast(page, 'Erreur lors du téléchargement du PDF');
  await page.unroute('**/api/factures/*/pdf');

  // --- The « Envoyer par e-mail » popup, prefilled from the invoice; Escape closes it back onto its button.
  const emailButton = page.getByRole('button', { name: 'Envoyer par e-mail', exact: true });
  await emailButton.click();
  const dialog = page.getByRole('dialog', { name: 'Envoyer la facture par email' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Factur-X');
  await expect(dialog).toContainText(`${numero}.pdf`);
  const recipient = dialog.getByLabel('Destinataire');
  const subject = dialog.getByLabel('Objet');
  const message = dialog.getByLabel('Message');
  await expect(recipient).toHaveValue(clientEmail);
  await expect(subject).toHaveValue(`Facture ${numero}`);
  await expect(message).toHaveValue(/^Bonjour,/);
  await expect(message).toHaveValue(new RegExp(`facture ${numero} d'un montant de 99,99\\s€ TTC`));
  await expect(message).toHaveValue(new RegExp(`au plus tard le ${dueDate}\\.`));
  await expect(message).toHaveValue(/Cordialement,\nCamille Roux$/);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(emailButton).toBeFocused();

  // --- Send stays off while the recipient or the subject is blank; a blank recipient is named.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: "Envoyer l'email" });
  await expect(send).toBeEnabled();
  await recipient.fill('');
  await expect(dialog.getByRole('alert')).toHaveText('Veuillez saisir une adresse email destinataire.');
  await expect(recipient).toHaveAttribute('aria-invalid', 'true');
  await expect(send).toBeDisabled();
  await expectAccessible(page);
  await recipient.fill('atelier@');
  await recipient.blur();
  await expect(dialog.getByText('Adresse email invalide')).toBeVisible();
  await recipient.fill(clientEmail);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(send).toBeEnabled();
  await subject.fill('   ');
  await expect(send).toBeDisabled();
  await subject.fill(`Facture ${numero}`);
  await expect(send).toBeEnabled();

  // --- A refusal of the server is shown in the dialog, in its words (SPEC §8).
  await page.route('**/api/factures/*/send-email', (route) =>
    route.fulfill({
      status: 409,
      json: { errorType: 'invoice_cancelled', message: 'Une facture annulée ne peut pas être envoyée.' },
    }),
  );
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('Une facture annulée ne peut pas être envoyée.');
  await expect(dialog).toBeVisible();
  await page.unroute('**/api/factures/*/send-email');

  // --- Sent for real, with a personal line: the invoice is now Envoyée and locked.
  const personal = 'Merci encore pour votre confiance sur ce projet.';
  await message.fill((await message.inputValue()).replace('Cordialement,', `${personal}\n\nCordialement,`));
  const sentMessage = await message.inputValue();
  await send.click();
  await expectToast(page, 'Facture envoyée par email avec succès !');
  await expect(dialog).toBeHidden();
  await expect(emailButton).toBeFocused();
  await expect(page.locator('h1').locator('..')).toContainText('Envoyée');
  await expect(page.getByLabel('Statut')).toHaveValue('envoyee');
  await expect(page.getByRole('button', { name: 'Modifier' })).toBeDisabled();
  await expect(page.getByText('Facture envoyée ou payée : elle ne peut plus être modifiée.')).toBeVisible();
  await expectAccessible(page);

  // --- The e-mail left with the message, replies going to the professional, the PDF attached.
  const mail = await waitForMail(E2E_OUTBOX, clientEmail, `Facture ${numero}`);
  expect(mail.subject).toBe(`Facture ${numero}`);
  const { text } = mail;
  for (const paragraph of sentMessage.split('\n\n')) expect(text).toContain(paragraph);
  expect(text).toContain(personal);
  expect(text).toContain('au format Factur-X');
  expect(mail.replyTo).toContain(pro.email);
  expect(mail.attachments).toEqual([`${numero}.pdf`]);

  // --- Still downloadable once sent, and listed as sent.
  await page.getByRole('link', { name: 'Factures', exact: true }).click();
  await expect(rowOf(page, numero)).toContainText('Envoyée');
  const again = page.waitForEvent('download');
  await rowOf(page, numero)
    .getByRole('button', { name: `Télécharger le PDF de la facture ${numero}` })
    .click();
  expect((await again).suggestedFilename()).toBe(`${numero}.pdf`);
});
