import { apiHeaders, confirmedProfessional, newEmail, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';

/**
 * Issue 19: the e-reporting section of /facturation-electronique. The server's clock is the real one, so
 * the journey sees the period in progress (submission of an ended period is covered by the API tests).
 */
test('a professional reviews the sales to individuals of the period in progress', async ({
  page,
  request,
}) => {
  const pro = await confirmedProfessional(request, 'ereporting');
  const headers = await apiHeaders(request, pro.email, pro.password);
  const client = await request.post('/api/clients', {
    headers,
    data: { nom: 'Marie Durand', type: 'particulier', email: newEmail('marie'), adresse: CLIENT_ADDRESS },
  });
  expect(client.status(), await client.text()).toBe(201);
  const created = await request.post('/api/factures', {
    headers,
    data: {
      client: ((await client.json()) as { _id: string })._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Cours de piano', quantite: 2, prixUnitaire: 45 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { numero } = (await created.json()) as { numero: string };

  await signIn(page, pro.email, pro.password);
  await page.goto('/facturation-electronique');
  const section = page.getByRole('region', { name: 'E-reporting' });
  const current = section.getByRole('listitem').first();
  await expect(current).toContainText('1 vente');
  await expect(current).toContainText('En cours');
  await expect(current).toContainText('bimestrielle');
  await current.getByRole('button', { name: /Voir le détail/ }).click();
  await expect(current.getByRole('table', { name: /Ventes/ })).toContainText(numero);
  await expect(current.getByRole('table', { name: 'Totaux par taux de TVA' })).toContainText('90,00');
  await expect(current).toContainText('elle pourra être transmise à sa fin');
  await expect(current.getByRole('button', { name: 'Transmettre la période' })).toHaveCount(0);
  await expectAccessible(page);
});
