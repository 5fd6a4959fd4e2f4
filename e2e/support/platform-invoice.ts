import { type APIRequestContext, expect } from '@playwright/test';
import { apiHeaders } from './accounts.js';
import { CLIENT_ADDRESS } from './addresses.js';
import { E2E_OUTBOX } from './env.js';
import { linkIn, waitForMail } from './outbox.js';

type Issuer = { email: string; password: string };

/** The issuer's session headers and a new client « Atelier Lumière » with `email`. */
async function clientOf(request: APIRequestContext, issuer: Issuer, email: string) {
  const headers = await apiHeaders(request, issuer.email, issuer.password);
  const client = await request.post('/api/clients', {
    headers,
    data: { nom: 'Atelier Lumière', email, adresse: CLIENT_ADDRESS },
  });
  expect(client.status(), await client.text()).toBe(201);
  return { headers, clientId: ((await client.json()) as { _id: string })._id };
}

/**
 * An invoice from `issuer` to `email`, sent on the platform through the real API: the recipient's copy
 * when `email` has an account, else an e-mail with the invoice's signed link (no account created).
 */
export async function issueInvoiceTo(
  request: APIRequestContext,
  issuer: Issuer,
  email: string,
): Promise<{ _id: string; numero: string }> {
  const { headers, clientId } = await clientOf(request, issuer, email);
  const created = await request.post('/api/factures', {
    headers,
    data: {
      client: clientId,
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

/** A quote of 250 € (HT, no VAT) from `issuer` to `email`, sent on the platform through the real API. */
export async function issueQuoteTo(
  request: APIRequestContext,
  issuer: Issuer,
  email: string,
): Promise<{ _id: string; numero: string }> {
  const { headers, clientId } = await clientOf(request, issuer, email);
  const created = await request.post('/api/devis', {
    headers,
    data: {
      client: clientId,
      objet: 'Audit',
      lignes: [{ description: 'Audit', quantite: 1, prixUnitaire: 250 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quote: { _id: string; numero: string } = await created.json();
  const sent = await request.post(`/api/devis/${quote._id}/send-internal`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return quote;
}

/**
 * Issue 19: an unsent invoice from `seller` to a French business — its client, the company with this SIRET
 * and e-mail — created through the real API (the reform's journeys send or upload it themselves).
 */
export async function invoiceToBusiness(
  request: APIRequestContext,
  seller: Issuer,
  business: { nom: string; email: string; siret: string },
  line: { description: string; quantite: number; prixUnitaire: number },
): Promise<{ headers: Record<string, string>; invoice: { _id: string; numero: string } }> {
  const headers = await apiHeaders(request, seller.email, seller.password);
  const client = await request.post('/api/clients', {
    headers,
    data: { ...business, type: 'entreprise', adresse: CLIENT_ADDRESS },
  });
  expect(client.status(), await client.text()).toBe(201);
  const created = await request.post('/api/factures', {
    headers,
    data: { client: ((await client.json()) as { _id: string })._id, delaiPaiement: 30, lignes: [line] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { headers, invoice: await created.json() };
}

/** The token of the signed link in the newest « Vous avez reçu la facture » e-mail to `email`. */
export async function invoiceLinkTokenFor(email: string): Promise<string> {
  const mail = await waitForMail(E2E_OUTBOX, email, 'Vous avez reçu la facture');
  return new URL(linkIn(mail, '/facture-en-ligne/')).pathname.split('/').at(-1) ?? '';
}

/**
 * The particulier account of `email`, created as its owner would from the invoice's signed link (names,
 * password, the terms accepted); the invoices sent to that address are then its received invoices.
 */
export async function particulierFromInvoiceLink(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  const token = await invoiceLinkTokenFor(email);
  const created = await request.post(`/api/facture-en-ligne/${token}/compte`, {
    data: { prenom: 'Inès', nom: 'Durand', password, accepteConditions: true },
  });
  expect(created.status(), await created.text()).toBe(200);
}
