import { type APIRequestContext, expect } from '@playwright/test';
import { apiHeaders } from './accounts.js';
import { CLIENT_ADDRESS } from './addresses.js';

/**
 * An invoice from `issuer` to `email`, sent on the platform through the real API: the recipient's copy
 * when `email` has an account, else an invitation that creates one.
 */
export async function issueInvoiceTo(
  request: APIRequestContext,
  issuer: { email: string; password: string },
  email: string,
): Promise<{ _id: string; numero: string }> {
  const headers = await apiHeaders(request, issuer.email, issuer.password);
  const client = await request.post('/api/clients', {
    headers,
    data: { nom: 'Atelier Lumière', email, adresse: CLIENT_ADDRESS },
  });
  expect(client.status()).toBe(201);
  const created = await request.post('/api/factures', {
    headers,
    data: {
      client: (await client.json())._id,
      delaiPaiement: 30,
      objet: 'Refonte du site vitrine',
      lignes: [{ description: 'Maquettes', quantite: 3, prixUnitaire: 100 }],
    },
  });
  expect(created.status()).toBe(201);
  const invoice: { _id: string; numero: string } = await created.json();
  const sent = await request.post(`/api/factures/${invoice._id}/send-internal`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return invoice;
}
