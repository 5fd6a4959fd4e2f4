import type { Locator, Page } from '@playwright/test';

export function invoicePanel(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Nouvelle facture' });
}

/**
 * Opens the creation panel and walks it to the preview with one client and one line, for journeys
 * about what happens next (refusals, quotas). The full 5-step journey has its own spec.
 */
export async function openOneLineInvoicePreview(
  page: Page,
  {
    client,
    description,
    quantite,
    prix,
  }: { client: RegExp; description: string; quantite: string; prix: string },
): Promise<Locator> {
  await page.getByRole('button', { name: 'Nouvelle facture' }).click();
  const panel = invoicePanel(page);
  const next = panel.getByRole('button', { name: 'Suivant' });
  await next.click();
  await panel.getByRole('combobox', { name: 'Client' }).click();
  await panel.getByRole('option', { name: client }).click();
  await next.click();
  await panel.getByLabel('Description ligne 1').fill(description);
  await panel.getByLabel('Quantité ligne 1').fill(quantite);
  await panel.getByLabel('Prix unitaire HT ligne 1').fill(prix);
  await next.click();
  await next.click();
  return panel;
}
