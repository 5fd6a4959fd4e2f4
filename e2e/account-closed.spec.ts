import { apiHeaders, confirmedProfessional, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';

/*
 * Closing an account that issued invoices keeps its books readable (Code de commerce L123-22): signing in
 * again with the same address and password opens a read-only archive — the invoices, the books, the journal
 * and the archives, under a banner saying until when — at desktop and phone widths.
 */
test('a closed account signs in to a read-only archive of its invoices and books', async ({
  page,
  request,
}) => {
  const seller = await confirmedProfessional(request, 'cloture');
  const headers = await apiHeaders(request, seller.email, seller.password);
  const client = await request.post('/api/clients', {
    headers,
    data: { nom: 'Atelier Lumière', email: 'atelier-cloture@exemple.fr', adresse: CLIENT_ADDRESS },
  });
  expect(client.status(), await client.text()).toBe(201);
  const created = await request.post('/api/factures', {
    headers,
    data: {
      client: ((await client.json()) as { _id: string })._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Maquettes', quantite: 2, prixUnitaire: 150 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = (await created.json()) as { _id: string; numero: string };
  const sent = await request.put(`/api/factures/${invoice._id}/statut-emetteur`, {
    headers,
    data: { statutEmetteur: 'envoyee' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const closed = await request.delete('/api/users/me', { headers, data: { password: seller.password } });
  expect(closed.status(), await closed.text()).toBe(204);

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await signIn(page, seller.email, seller.password);
    await expect(page.getByTestId('bandeau-compte-cloture')).toContainText(
      /Compte clôturé : consultation seule jusqu’au \d{2}\/\d{2}\/\d{4}/,
    );
    await expect(page.getByRole('link', { name: invoice.numero, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Supprimer définitivement' })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/factures/${invoice._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(invoice.numero);
    await expectAccessible(page);
    await page.evaluate(() => localStorage.clear());
  }
});
