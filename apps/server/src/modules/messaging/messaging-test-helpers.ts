import type { Conversation, Invoice, Message, User } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { clientWithInvoice, createClient, signedInUser } from '../../test/factories.js';
import type { TestApp } from '../../test/harness.js';

export interface Account {
  token: string;
  user: User;
}

/** A second admin account (support is the admins as a team), flagged as ADMIN_EMAIL's would be. */
export async function anotherAdmin(t: TestApp, prenom = 'Bruno'): Promise<Account> {
  return signedInUser(t, { isAdmin: true, prenom, nom: 'Admin' });
}

export async function openSupport(t: TestApp, token: string): Promise<Conversation> {
  const res = await t.request({ method: 'POST', url: '/api/conversations/create-support', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Conversation>();
}

export async function send(t: TestApp, token: string, conversationId: string, contenu: string) {
  const res = await t.request({
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    token,
    body: { contenu },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Message>();
}

export async function readMessages(
  t: TestApp,
  token: string,
  conversationId: string,
  query = '',
): Promise<Message[]> {
  const res = await t.request({
    method: 'GET',
    url: `/api/conversations/${conversationId}/messages${query}`,
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Message[]>();
}

export async function unread(t: TestApp, token: string): Promise<number> {
  const res = await t.request({ method: 'GET', url: '/api/messages/unread-count', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number }>().count;
}

export async function conversations(t: TestApp, token: string, q?: string): Promise<Conversation[]> {
  const query = q === undefined ? '' : `?${new URLSearchParams({ q }).toString()}`;
  const res = await t.request({ method: 'GET', url: `/api/conversations${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Conversation[]>();
}

/** An issuer and a client who has an account, with an invoice sent to them on the platform. */
export async function sharedInvoice(
  t: TestApp,
): Promise<{ issuer: Account; recipient: Account; invoice: Invoice }> {
  const issuer = await signedInUser(t, { prenom: 'Zoé', nom: 'Lefèvre' });
  const recipient = await signedInUser(t, {
    prenom: 'Jean',
    nom: 'Dupont',
    role: 'particulier',
    siret: null,
  });
  const client = await createClient(t, issuer.token, { email: recipient.user.email });
  const created = await t.request({
    method: 'POST',
    url: '/api/factures',
    token: issuer.token,
    body: {
      client: client._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 100 }],
      tauxTVA: 0,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const invoice = created.json<Invoice>();
  const sent = await t.request({
    method: 'POST',
    url: `/api/factures/${invoice._id}/send-internal`,
    token: issuer.token,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return { issuer, recipient, invoice };
}

/** An invoice never sent on the platform (no recipient account). */
export async function unsharedInvoice(t: TestApp, token: string): Promise<Invoice> {
  return (await clientWithInvoice(t, token)).invoice;
}

export interface StoredEvent {
  userId: string;
  type: string;
  data: Record<string, unknown>;
}

/** The live events announced to these users, oldest first. */
export async function eventsOf(t: TestApp, userIds: string[]): Promise<StoredEvent[]> {
  const result = await t.database.db.execute(sql`
    select user_id, type, data from live_events
    where user_id in (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id`);
  return ((result as { rows: Record<string, unknown>[] }).rows ?? []).map((r) => ({
    userId: String(r.user_id),
    type: String(r.type),
    data: r.data as Record<string, unknown>,
  }));
}
