import { PURCHASE_MESSAGES, PURCHASE_RECEIPT_MAX_BYTES, parisDay } from '@facturo/shared';
import type { Page } from '@playwright/test';
import { downloadOf } from './support/accounting.js';
import { apiToken, confirmedProfessional, signIn } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';
import { expectToast } from './support/toast.js';

/*
 * The purchases register (issue 18) on « Comptabilité »: a purchase typed the French way, a renamed
 * program refused as its receipt (the purchase stays saved), a real PDF attached and downloaded back,
 * an edit, the CSV and PDF of the year, a confirmed deletion; then the same register on a phone.
 */

/** Intl writes amounts with no-break spaces; \s matches them. */
const euros = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s*'));

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')]);

/** The first day of this month in Paris: never in the future, always in this year's register. */
const thisMonthStart = () => `${parisDay(new Date()).slice(0, 7)}-01`;
const year = () => parisDay(new Date()).slice(0, 4);

async function openRegister(page: Page) {
  await page.getByRole('link', { name: 'Comptabilité' }).first().click();
  await expect(page).toHaveURL(/\/comptabilite$/);
  const register = page.getByRole('region', { name: 'Registre des achats' });
  await expect(register).toBeVisible();
  return register;
}

test('a purchase with its receipt, edited, exported in CSV and PDF, then deleted', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const account = await confirmedProfessional(request, 'achats');
  await signIn(page, account.email, account.password);
  const register = await openRegister(page);
  await expect(register).toContainText('Obligatoire si vous vendez des marchandises');
  await expect(register.getByText('Aucun achat sur la période')).toBeVisible();
  await expect(register.getByRole('button', { name: 'Cette année' })).toHaveAttribute('aria-pressed', 'true');

  // A new purchase, amounts typed the French way; HT follows as typed.
  await register.getByRole('button', { name: 'Ajouter un achat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel achat' });
  await dialog.getByLabel("Date d'achat").fill(thisMonthStart());
  await dialog.getByLabel('Fournisseur').fill('Grossiste Durand');
  await dialog.getByLabel('Description').fill('Bougies (lot de 50)');
  await dialog.getByLabel('Montant TTC (€)').fill('1 200,00');
  await dialog.getByLabel('Dont TVA (€)').fill('200');
  await expect(dialog).toContainText(euros('Montant HT : 1 000,00 €'));
  await dialog.getByLabel('Moyen de paiement').selectOption({ label: 'Virement' });

  // Too large a file is refused before any upload.
  const receipt = dialog.getByLabel('Justificatif');
  await receipt.setInputFiles({
    name: 'scan.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(PURCHASE_RECEIPT_MAX_BYTES + 1),
  });
  await expect(dialog.getByRole('alert')).toHaveText(PURCHASE_MESSAGES.receiptTooLarge);

  // A program renamed facture.pdf passes the browser's check, not the server's: the purchase is kept.
  await receipt.setInputFiles({ name: 'facture.pdf', mimeType: 'application/pdf', buffer: EXE });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: "Enregistrer l'achat" }).click();
  await expect(dialog.getByRole('alert')).toHaveText(PURCHASE_MESSAGES.receiptUnsupported);
  await expect(
    dialog.getByText('L’achat est enregistré ; seul le justificatif reste à envoyer.'),
  ).toBeVisible();
  await expectAccessible(page);

  // The real receipt: the same purchase gets it (not a second one).
  await receipt.setInputFiles({ name: 'ticket-durand.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: "Enregistrer l'achat" }).click();
  await expectToast(page, 'Achat enregistré');
  await expect(dialog).toHaveCount(0);

  const table = register.getByRole('table');
  const row = table.getByRole('row').filter({ hasText: 'Grossiste Durand' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Bougies (lot de 50)');
  await expect(row).toContainText('Virement');
  await expect(row).toContainText(euros('1 000,00 €'));
  await expect(row).toContainText(euros('1 200,00 €'));
  await expect(table.getByRole('row', { name: /Total de la période/ })).toContainText(euros('1 200,00 €'));
  await expectAccessible(page);

  // The receipt comes back byte for byte, under its name.
  const receiptFile = await downloadOf(page, () =>
    row.getByRole('button', { name: /Télécharger le justificatif ticket-durand\.pdf/ }).click(),
  );
  expect(receiptFile.name).toBe('ticket-durand.pdf');
  expect(receiptFile.bytes.equals(PDF)).toBe(true);

  // An edit: the amount changes, the totals with it.
  await row.getByRole('button', { name: /Modifier l'achat Grossiste Durand/ }).click();
  const editDialog = page.getByRole('dialog', { name: "Modifier l'achat" });
  await expect(editDialog.getByLabel('Montant TTC (€)')).toHaveValue('1200,00');
  await expect(editDialog.getByRole('button', { name: /ticket-durand\.pdf/ })).toBeVisible();
  await editDialog.getByLabel('Montant TTC (€)').fill('1 500,00');
  await editDialog.getByLabel('Dont TVA (€)').fill('250');
  await editDialog.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expectToast(page, 'Achat modifié');
  await expect(table.getByRole('row', { name: /Total de la période/ })).toContainText(euros('1 500,00 €'));

  // The year's CSV, as a French spreadsheet reads it, and its PDF.
  const csv = await downloadOf(page, () =>
    register.getByRole('button', { name: 'Télécharger le registre des achats en CSV' }).click(),
  );
  expect(csv.name).toBe(`registre-des-achats-${year()}-01-01-${year()}-12-31.csv`);
  const csvText = csv.bytes.toString('utf8');
  expect(csvText.startsWith('\uFEFFDate;Mois;Fournisseur;')).toBe(true);
  expect(csvText).toContain(
    ';Grossiste Durand;Bougies (lot de 50);Virement;1250,00;250,00;1500,00;ticket-durand.pdf',
  );

  const pdf = await downloadOf(page, () =>
    register.getByRole('button', { name: 'Télécharger le registre des achats en PDF' }).click(),
  );
  expect(pdf.name).toBe(`registre-des-achats-${year()}-01-01-${year()}-12-31.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  testInfo.attachments.push({ name: 'registre.pdf', path: pdf.path, contentType: 'application/pdf' });

  // Last year holds nothing.
  await register.getByRole('button', { name: 'L’année dernière' }).click();
  await expect(register.getByText('Aucun achat sur la période')).toBeVisible();
  await register.getByRole('button', { name: 'Cette année' }).click();

  // Deletion, after confirmation.
  await row.getByRole('button', { name: /Supprimer l'achat Grossiste Durand/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Supprimer cet achat ?' });
  await expect(confirm).toContainText('Grossiste Durand');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expectToast(page, 'Achat supprimé');
  await expect(register.getByText('Aucun achat sur la période')).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the register is cards with their totals, and the form fits the screen', async ({ page, request }) => {
    const account = await confirmedProfessional(request, 'achats-mobile');
    const token = await apiToken(request, account.email, account.password);
    const created = await request.post('/api/achats', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        dateAchat: thisMonthStart(),
        fournisseur: 'Établissements Dupont-Lajoie-Martin-Fontaine-Associés-Réunis',
        montantTTC: '59,90',
        montantTVA: '9,98',
        methode: 'carte',
      },
    });
    expect(created.status()).toBe(201);
    await signIn(page, account.email, account.password);
    await page.goto('/comptabilite');
    const register = page.getByRole('region', { name: 'Registre des achats' });
    // The cards: the table (hidden below 768 px) is not what shows.
    const card = register.getByRole('listitem').filter({ hasText: 'Établissements Dupont-Lajoie' });
    await expect(card).toBeVisible();
    await expect(card).toContainText(euros('59,90 €'));
    await expect(register.getByRole('table')).toHaveCount(0);
    await expect(register.getByText('Total de la période').filter({ visible: true })).toBeVisible();
    // Nothing widens the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);

    await register.getByRole('button', { name: 'Ajouter un achat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel achat' });
    // The dialog fits the width (its height scrolls inside it), and the form works from a phone.
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await dialog.getByLabel('Fournisseur').fill('La Poste');
    await dialog.getByLabel('Montant TTC (€)').fill('7,35');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: "Enregistrer l'achat" }).click();
    await expectToast(page, 'Achat enregistré');
    await expect(register.getByRole('listitem').filter({ hasText: 'La Poste' })).toContainText(
      euros('7,35 €'),
    );
  });
});
