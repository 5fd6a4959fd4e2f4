import type { Client, Invoice, Quote } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { liveEvents } from '../../db/schema.js';
import { clientBody, signedInUser } from '../../test/factories.js';
import type { TestApp } from '../../test/harness.js';
import type { NewUser } from '../users/users.repo.js';

/** What the quote tests share: accounts, a client, quotes written and moved on over HTTP. */

export const QUOTE_LINES = [
  { description: 'Conseil', quantite: 3, prixUnitaire: 33.33 },
  { description: 'Déplacement', quantite: '0,5', prixUnitaire: '19.99' },
];

export interface Party {
  token: string;
  id: string;
  email: string;
}

export async function issuer(t: TestApp, values: Partial<NewUser> = {}): Promise<Party> {
  const { token, user } = await signedInUser(t, {
    adresse: '5 quai Rive',
    codePostal: '13002',
    ville: 'Marseille',
    ...values,
  });
  return { token, id: user._id, email: user.email };
}

export async function newClient(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<Client> {
  const res = await t.request({ method: 'POST', url: '/api/clients', token, body: clientBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Client>();
}

export function postQuote(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/devis', token, body });
}

export async function createQuote(
  t: TestApp,
  token: string,
  clientId: string,
  overrides: Record<string, unknown> = {},
): Promise<Quote> {
  const res = await postQuote(t, token, { client: clientId, lignes: QUOTE_LINES, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Quote>();
}

export async function call(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) {
  return t.request({ method, url: `/api${url}`, token, body });
}

/** Records the client's acceptance as the issuer would after a signed paper. */
export async function acceptOffPlatform(t: TestApp, token: string, quoteId: string): Promise<Quote> {
  const res = await call(t, token, 'PUT', `/devis/${quoteId}/statut-emetteur`, {
    statutEmetteur: 'acceptee',
    commentaire: 'Bon pour accord signé',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Quote>();
}

export async function deposit(t: TestApp, token: string, quoteId: string, body: Record<string, unknown>) {
  return call(t, token, 'POST', `/devis/${quoteId}/acompte`, body);
}

export async function depositInvoice(
  t: TestApp,
  token: string,
  quoteId: string,
  body: Record<string, unknown>,
): Promise<Invoice> {
  const res = await deposit(t, token, quoteId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invoice>();
}

/** The live events addressed to a user, oldest first. */
export async function eventsOf(t: TestApp, userId: string) {
  const rows = await t.database.db
    .select({ type: liveEvents.type, data: liveEvents.data })
    .from(liveEvents)
    .where(eq(liveEvents.userId, userId))
    .orderBy(liveEvents.id);
  return rows;
}
