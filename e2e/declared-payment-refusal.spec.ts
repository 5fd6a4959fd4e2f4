import { apiHeaders, confirmedProfessional, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { issueInvoiceTo } from './support/platform-invoice.js';
import { expect, test } from './support/test.js';

/*
 * A declared payment the issuer did not receive: the payer reads « Paiement signalé » (not « Payée ») until
 * the issuer answers; refusing asks for confirmation and a reason, and the payer is told why, in the app.
 */
test('a declared payment reads « Paiement signalé », and its refusal asks a reason the payer receives', async ({
  page,
  browser,
  request,
}) => {
  const issuer = await confirmedProfessional(request, 'refus-paiement');
  const client = await confirmedProfessional(request, 'payeur-refuse');
  const invoice = await issueInvoiceTo(request, issuer, client.email);
  const clientHeaders = await apiHeaders(request, client.email, client.password);
  const declared = await request.put(`/api/factures/${invoice._id}/statut-destinataire`, {
    headers: clientHeaders,
    data: { statutDestinataire: 'payee' },
  });
  expect(declared.status(), await declared.text()).toBe(200);

  // The payer, on a phone: the declaration awaits the issuer.
  const payerContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const payer = await payerContext.newPage();
  await signIn(payer, client.email, client.password);
  await payer.goto(`/factures/${invoice._id}`);
  await expect(payer.getByTestId('life-badge').first()).toHaveText('Paiement signalé');
  await expectAccessible(payer);

  // The issuer refuses it: a dialog asks for the reason first.
  await signIn(page, issuer.email, issuer.password);
  await page.goto(`/factures/${invoice._id}`);
  await expect(page.getByTestId('life-badge').first()).toHaveText('Paiement signalé');
  const payments = page.getByRole('region', { name: 'Paiements' });
  await payments.getByRole('button', { name: /^Refuser le paiement de 300,00/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Refuser ce paiement ?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Motif du refus').fill('Aucun virement reçu à ce jour');
  await dialog.getByRole('button', { name: 'Refuser le paiement' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('life-badge').first()).not.toHaveText('Paiement signalé');
  await expect(payments).toContainText('Aucun virement reçu à ce jour');

  // The payer is told why.
  await payer.reload();
  await expect(payer.getByTestId('life-badge').first()).not.toHaveText('Paiement signalé');
  const notifications = await request.get('/api/notifications', { headers: clientHeaders });
  expect(JSON.stringify(await notifications.json())).toContain('Aucun virement reçu à ce jour');
  await payerContext.close();
});
