import { downloadOf, goToAccounting, sentInvoices } from './support/accounting.js';
import { apiHeaders, confirmedProfessional, newEmail, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';

/**
 * The numbers register on « Comptabilité »: every number of the year with its state — two sent invoices
 * issued, one numbered but never sent still a draft —, a table on a wide screen, cards on a phone, and its
 * CSV. What each number says in every case is the API tests' (apps/server/src/modules/numbers-register).
 */
test('a professional reads every number of the year, on a wide screen and a phone, and downloads it', async ({
  page,
  request,
}) => {
  test.slow();
  const issuer = await confirmedProfessional(request, 'registre');
  const issued = await sentInvoices(request, issuer, 2);
  const headers = await apiHeaders(request, issuer.email, issuer.password);
  const client = await request.post('/api/clients', {
    headers,
    data: { nom: 'Studio Brouillon', email: newEmail('client-registre'), adresse: CLIENT_ADDRESS },
  });
  expect(client.status()).toBe(201);
  const unsent = await request.post('/api/factures', {
    headers,
    data: {
      client: ((await client.json()) as { _id: string })._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Maquette', quantite: 1, prixUnitaire: 90 }],
    },
  });
  expect(unsent.status()).toBe(201);
  const draft = ((await unsent.json()) as { numero: string }).numero;
  const year = new Date().getFullYear();

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, issuer.email, issuer.password);
  await goToAccounting(page, false);
  const register = page.getByRole('region', { name: 'Registre des numéros' });
  await expect(register.getByText('3 numéros attribués, dont 2 émis, 1 brouillon, 0 annulé.')).toBeVisible();
  const table = register.getByRole('table', { name: `Registre des numéros ${year}` });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row', { name: new RegExp(draft) })).toContainText('Non émis');
  for (const numero of issued)
    await expect(table.getByRole('row', { name: new RegExp(numero) })).toContainText('Émis');
  await expectAccessible(page);

  const csv = await downloadOf(page, () =>
    register.getByRole('button', { name: 'Télécharger le registre des numéros en CSV' }).click(),
  );
  expect(csv.name).toBe(`registre-des-numeros-${year}.csv`);
  const text = csv.bytes.toString('utf8');
  for (const numero of [...issued, draft]) expect(text).toContain(numero);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(table).toBeHidden();
  const cards = register.getByRole('list', { name: `Registre des numéros ${year}` }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  await expect(cards.filter({ hasText: draft })).toContainText('Non émis');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
