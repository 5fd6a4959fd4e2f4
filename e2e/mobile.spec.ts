import type { Locator, Page } from '@playwright/test';
import { apiHeaders, confirmedProfessional, newEmail, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { invoicePanel } from './support/invoice-wizard.js';
import { invoiceToBusiness } from './support/platform-invoice.js';
import { expect, test } from './support/test.js';

test.use({ viewport: { width: 375, height: 740 } });

test('the mobile top menu opens, navigates and closes at 375 px', async ({ page, request }) => {
  const account = await confirmedProfessional(request, 'mobile');
  await signIn(page, account.email, account.password);
  await expectAccessible(page);

  const open = page.getByRole('button', { name: 'Ouvrir le menu' });
  await expect(open).toBeVisible();
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav).toBeHidden();

  await open.click();
  await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  await expectAccessible(page);
  await nav.getByRole('link', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(nav).toBeHidden();

  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await expect(nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();

  // Nothing overflows the narrow screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

/** Each line of a sheet at 375 px: its figures named (data-label) and whole, none cut nor off the screen. */
async function expectLineCards(lines: Locator, names: string[]) {
  await expect(lines.locator('thead')).toBeHidden();
  const figures = lines.locator('td[data-label]');
  await expect(figures).toHaveCount(names.length);
  const seen = await figures.evaluateAll((cells) =>
    cells.map((cell) => {
      const box = cell.getBoundingClientRect();
      return {
        label: getComputedStyle(cell, '::before').content,
        whole: cell.scrollWidth <= cell.clientWidth && box.right <= window.innerWidth,
      };
    }),
  );
  expect(seen).toEqual(names.map((name) => ({ label: `"${name}"`, whole: true })));
}

/** Found by its caption: a table laid out as cards may no longer be exposed as a table. */
const linesTable = (page: Page) =>
  page.locator('table', { has: page.locator('caption', { hasText: 'Lignes de la facture' }) });

const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('invoice lines are stacked cards at 375 px on both sides, in the supplier inbox and in the wizard', async ({
  browser,
  page: sellerPage,
  request,
}) => {
  let page = sellerPage;
  test.slow();
  const buyer = await confirmedProfessional(request, 'mobile-acheteur');
  const seller = await confirmedProfessional(request, 'mobile-vendeur');
  const { headers, invoice } = await invoiceToBusiness(
    request,
    seller,
    { nom: 'Atelier Roux', email: buyer.email, siret: buyer.siret },
    { description: 'Impression de flyers\nRecto verso, papier recyclé', quantite: 2, prixUnitaire: 1250.5 },
  );
  const sent = await request.post(`/api/factures/${invoice._id}/send-internal`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const figures = ['Quantité', 'Unité', 'Prix unitaire HT', 'Total HT'];

  // The issuer's sheet.
  await signIn(page, seller.email, seller.password);
  await page.goto(`/factures/${invoice._id}`);
  await expect(linesTable(page)).toContainText(/2\s501,00\s€/);
  await expectLineCards(linesTable(page), figures);
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page);

  // The recipient's, then the same invoice dropped in the supplier inbox.
  const pdf = await request.get(`/api/factures/${invoice._id}/pdf`, { headers });
  expect(pdf.status()).toBe(200);
  await page.context().close();
  page = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  await signIn(page, buyer.email, buyer.password);
  await page.goto(`/factures/${invoice._id}`);
  await expect(linesTable(page)).toContainText('Recto verso');
  await expectLineCards(linesTable(page), figures);
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);

  await page.goto('/factures-fournisseurs');
  await page
    .getByLabel('Choisir une facture fournisseur à déposer')
    .setInputFiles({ name: `${invoice.numero}.pdf`, mimeType: 'application/pdf', buffer: await pdf.body() });
  await expect(page).toHaveURL(/\/factures-fournisseurs\/[0-9a-f-]{36}$/);
  const inbox = linesTable(page);
  await expect(inbox).toContainText('Recto verso');
  await expectLineCards(inbox, ['Quantité', 'Prix unitaire HT', 'TVA', 'Montant HT']);
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page);

  // The wizard's lines are cards too: no sideways scroll, the description within the screen.
  const buyerHeaders = await apiHeaders(request, buyer.email, buyer.password);
  const client = await request.post('/api/clients', {
    headers: buyerHeaders,
    data: { nom: 'Maison Azur', email: newEmail('client'), adresse: CLIENT_ADDRESS },
  });
  expect(client.status(), await client.text()).toBe(201);
  await page.goto('/factures');
  await page.getByRole('button', { name: 'Nouvelle facture' }).click();
  const panel = invoicePanel(page);
  const next = panel.getByRole('button', { name: 'Suivant' });
  await next.click();
  await panel.getByRole('combobox', { name: 'Client' }).click();
  await panel.getByRole('option', { name: /Maison Azur/ }).click();
  await next.click();
  const description = panel.getByLabel('Description ligne 1');
  await description.fill('Conseil');
  const box = await description.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  expect(box?.width ?? 0).toBeGreaterThan(250);
  for (const name of ['Quantité ligne 1', 'Prix unitaire HT ligne 1']) {
    const field = await panel.getByLabel(name).boundingBox();
    expect((field?.x ?? 0) + (field?.width ?? 0)).toBeLessThanOrEqual(375);
  }
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
