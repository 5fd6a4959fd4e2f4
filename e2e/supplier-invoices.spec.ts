import { confirmedProfessional, PASSWORD, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { invoiceToBusiness } from './support/platform-invoice.js';
import { expect, test } from './support/test.js';
import { expectToast } from './support/toast.js';

/*
 * The « Factures fournisseurs » inbox (issue 19): a supplier on the instance issues a Factur-X to the
 * buyer through the real API; the buyer drops the PDF on the page, reads it, approves it (it joins the
 * purchases register), marks it paid, and sees the lifecycle on its timeline; the same file again is a
 * duplicate linking to the first.
 */

test('a Factur-X dropped in the inbox, approved, then paid', async ({ page, request }, testInfo) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const buyer = await confirmedProfessional(request, 'acheteur');
  const supplier = await confirmedProfessional(request, 'fournisseur');

  // The supplier's Factur-X, as Facturo writes it, addressed to the buyer's SIRET.
  const { headers, invoice } = await invoiceToBusiness(
    request,
    supplier,
    { nom: 'Atelier Roux', email: buyer.email, siret: buyer.siret },
    { description: 'Impression de flyers', quantite: 2, prixUnitaire: 150 },
  );
  const pdf = await request.get(`/api/factures/${invoice._id}/pdf`, { headers });
  expect(pdf.status()).toBe(200);
  const facturx = await pdf.body();

  await signIn(page, buyer.email, PASSWORD);
  await page.getByRole('link', { name: 'Factures fournisseurs' }).first().click();
  await expect(page).toHaveURL(/\/factures-fournisseurs$/);
  await expect(page.getByText('Aucune facture fournisseur pour le moment')).toBeVisible();
  await expectAccessible(page);

  const picker = page.getByLabel('Choisir une facture fournisseur à déposer');
  await picker.setInputFiles({ name: `${invoice.numero}.pdf`, mimeType: 'application/pdf', buffer: facturx });
  await expectToast(page, `Facture ${invoice.numero}`);
  await expect(page).toHaveURL(/\/factures-fournisseurs\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Facture ${invoice.numero}`);
  await expect(page.getByText('Impression de flyers')).toBeVisible();
  await expect(page.getByText('Reçue', { exact: true })).toBeVisible();
  await expect(page.getByText('Aucun statut pour le moment')).toBeVisible();
  await expectAccessible(page);

  // Approve, behind a confirmation.
  await page.getByRole('button', { name: 'Approuver' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Approuver cette facture ?' });
  await confirm.getByRole('button', { name: 'Approuver' }).click();
  await expectToast(page, 'Facture approuvée');
  await expect(page.getByText('205 Approuvée')).toBeVisible();
  await expect(page.getByText('Approuvée', { exact: true })).toBeVisible();

  // Pay, with today's date.
  await page.getByRole('button', { name: 'Marquer comme payée' }).click();
  const pay = page.getByRole('dialog', { name: 'Marquer comme payée' });
  await expect(pay.getByLabel('Date du paiement')).not.toHaveValue('');
  await expectAccessible(page);
  await pay.getByRole('button', { name: 'Confirmer le paiement' }).click();
  await expectToast(page, 'Facture marquée comme payée');
  await expect(page.getByText('211 Paiement transmis')).toBeVisible();
  await expect(page.getByText('Payée', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approuver' })).toHaveCount(0);

  // The list shows it paid; the same file again is a duplicate that links to it.
  await page.getByRole('link', { name: 'Factures fournisseurs' }).first().click();
  await expect(page.getByRole('table').getByText(invoice.numero)).toBeVisible();
  await expect(page.getByRole('table').getByText('Payée')).toBeVisible();
  await picker.setInputFiles({ name: 'encore.pdf', mimeType: 'application/pdf', buffer: facturx });
  await expect(page.getByRole('alert')).toContainText('Cette facture a déjà été reçue');
  await page.getByRole('link', { name: 'Voir la facture déjà reçue' }).click();
  await expect(page).toHaveURL(detailUrl);

  // A file that is no e-invoice is refused in French.
  await page.goto('/factures-fournisseurs');
  await picker.setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('89504e470d0a1a0a', 'hex'),
  });
  await expect(page.getByRole('alert')).toContainText('Fichier non reconnu');
  testInfo.annotations.push({ type: 'facture', description: invoice.numero });
});
