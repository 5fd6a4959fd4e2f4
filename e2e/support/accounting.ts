import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiHeaders, newEmail } from './accounts.js';
import { CLIENT_ADDRESS } from './addresses.js';
import { followNavLink } from './navigation.js';

/* Issue 18: shared steps of the « Comptabilité » journeys. */

/** Opens /comptabilite from the sidebar (through the menu on a phone), as a professional would. */
export async function goToAccounting(page: Page, mobile: boolean): Promise<void> {
  await followNavLink(page, 'Comptabilité', mobile);
  await expect(page).toHaveURL(/\/comptabilite$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Comptabilité' })).toBeVisible();
}

/** The file a click downloads: its suggested name, its bytes and where Playwright saved it. */
export async function downloadOf(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await click();
  const file = await downloading;
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path), path };
}

/** `count` one-line invoices to one new client, each marked sent (so issued, with a stored original). */
export async function sentInvoices(
  request: APIRequestContext,
  account: { email: string; password: string },
  count: number,
): Promise<string[]> {
  const headers = await apiHeaders(request, account.email, account.password);
  const client = await request.post('/api/clients', {
    headers,
    data: { nom: 'Atelier Lumière', email: newEmail('client-compta'), adresse: CLIENT_ADDRESS },
  });
  expect(client.status()).toBe(201);
  const clientId = ((await client.json()) as { _id: string })._id;
  const numeros: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await request.post('/api/factures', {
      headers,
      data: {
        client: clientId,
        delaiPaiement: 30,
        lignes: [{ description: `Atelier ${i + 1}`, quantite: 1, prixUnitaire: 120 + i }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { _id, numero } = (await created.json()) as { _id: string; numero: string };
    const sent = await request.put(`/api/factures/${_id}/statut-emetteur`, {
      headers,
      data: { statutEmetteur: 'envoyee' },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    numeros.push(numero);
  }
  return numeros;
}
