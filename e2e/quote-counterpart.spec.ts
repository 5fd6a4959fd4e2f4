import { apiHeaders, confirmedProfessional, signIn } from './support/accounts.js';
import { CLIENT_ADDRESS } from './support/addresses.js';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/test.js';

/*
 * A quote whose issuer left: a client received a quote on Facturo, then the professional closed the
 * account. On a phone (375 px) the client reads « Compte clôturé » in the received quotes and on the quote,
 * is told why it cannot answer, is offered no « Accepter », and the API refuses the answer all the same.
 */
test('a client sees « Compte clôturé » on a quote whose issuer left, and cannot accept it', async ({
  page,
  request,
}) => {
  const seller = await confirmedProfessional(request, 'devis-parti');
  const buyer = await confirmedProfessional(request, 'client-devis-parti');
  const sellerH = await apiHeaders(request, seller.email, seller.password);
  const client = await request.post('/api/clients', {
    headers: sellerH,
    data: { nom: 'Atelier Lumière', email: buyer.email, adresse: CLIENT_ADDRESS },
  });
  expect(client.status(), await client.text()).toBe(201);
  const created = await request.post('/api/devis', {
    headers: sellerH,
    data: {
      client: ((await client.json()) as { _id: string })._id,
      lignes: [{ description: 'Rénovation de la façade', quantite: 1, prixUnitaire: 1200 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quote = (await created.json()) as { _id: string; numero: string };
  const sent = await request.post(`/api/devis/${quote._id}/send-internal`, { headers: sellerH });
  expect(sent.status(), await sent.text()).toBe(200);
  const closed = await request.delete('/api/users/me', {
    headers: sellerH,
    data: { password: seller.password },
  });
  expect(closed.status(), await closed.text()).toBe(204);

  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, buyer.email, buyer.password);
  await page.goto('/devis?onglet=reception');
  await expect(page.getByRole('tab', { name: 'Réception' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('listitem').filter({ hasText: quote.numero });
  await expect(row).toContainText('Compte clôturé');
  await expectAccessible(page);

  // The detail: the badge beside the issuer's name, the reason, and no answer offered once the server's
  // « peutRepondre » is known.
  const statuses = page.waitForResponse(
    (res) => res.url().endsWith(`/api/devis/${quote._id}/statuts`) && res.ok(),
  );
  await row.getByRole('link', { name: quote.numero }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(quote.numero);
  expect(((await (await statuses).json()) as { peutRepondre: boolean }).peutRepondre).toBe(false);
  await expect(page.getByText('Compte clôturé', { exact: true })).toBeVisible();
  await expect(page.getByTestId('contrepartie-injoignable')).toHaveText(
    'Le compte de votre correspondant est clôturé : il ne peut plus recevoir votre réponse à ce devis.',
  );
  const actions = page.getByRole('region', { name: 'Actions sur le devis' });
  await expect(actions.getByRole('button', { name: 'Télécharger le PDF' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Accepter' })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Refuser' })).toHaveCount(0);
  await expectAccessible(page);

  // The API says the same to a client that tries anyway.
  const answer = await request.put(`/api/devis/${quote._id}/statut-destinataire`, {
    headers: await apiHeaders(request, buyer.email, buyer.password),
    data: { statutDestinataire: 'acceptee', commentaire: '' },
  });
  expect(answer.status(), await answer.text()).toBe(409);
  expect(((await answer.json()) as { errorType: string }).errorType).toBe('counterpart_closed');
});
