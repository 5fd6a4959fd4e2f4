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
  const line = panel.getByRole('group', { name: 'Ligne 1' });
  await line.getByLabel('Description').fill(description);
  await line.getByLabel('Quantité').fill(quantite);
  await line.getByLabel('Prix unitaire HT').fill(prix);
  await next.click();
  await next.click();
  return panel;
}
