import { randomUUID } from 'node:crypto';
import { type Client, type Invoice, luhnKeyFor, type User } from '@facturo/shared';
import { hashPassword } from '../lib/password-hash.js';
import { insertUser, type NewUser } from '../modules/users/users.repo.js';
import type { TestApp } from './harness.js';
import { createOneLineInvoice } from './invoice-requests.js';

export const STRONG_PASSWORD = 'Facture!2026x';

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@exemple.fr`;
}

function randomDigits(count: number): string {
  return String(Math.floor(Math.random() * 10 ** count)).padStart(count, '0');
}

/** A SIREN with its right key that no other test uses (never La Poste's, which has its own rule). */
export function uniqueSiren(): string {
  const body = randomDigits(8);
  return body === '35600000' ? uniqueSiren() : `${body}${luhnKeyFor(body)}`;
}

/** A SIRET with its right keys (its SIREN's and its own) that no other test uses. */
export function uniqueSiret(siren: string = uniqueSiren()): string {
  const body = `${siren}${randomDigits(4)}`;
  return `${body}${luhnKeyFor(body)}`;
}

/**
 * Where the factories' professionals work: an invoice needs its issuer's full address (issue 12), so a
 * test about something else never trips over it.
 */
export const ISSUER_ADDRESS = { adresse: '12 rue des Lilas', codePostal: '75011', ville: 'Paris' } as const;
/** The client's postal address every invoice requires, for the same reason. */
export const CLIENT_ADDRESS = { rue: '1 rue Haute', codePostal: '44000', ville: 'Nantes' } as const;

/** The body of POST /api/clients: a name, a fresh e-mail and a full address, unless told otherwise. */
export function clientBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { nom: 'Boulangerie Martin', email: uniqueEmail('client'), adresse: CLIENT_ADDRESS, ...overrides };
}

/** A client created over HTTP as the professional would (clientBody's defaults). */
export async function createClient(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<Client> {
  const res = await t.request({ method: 'POST', url: '/api/clients', token, body: clientBody(overrides) });
  if (res.statusCode !== 201) throw new Error(`Client non créé : ${res.statusCode} ${res.body}`);
  return res.json<Client>();
}

/** A confirmed account written straight to the database, for tests that are not about sign-up. */
export async function createUser(
  t: TestApp,
  values: Partial<NewUser> & { password?: string } = {},
): Promise<{ email: string; password: string; id: string }> {
  const { password = STRONG_PASSWORD, ...rest } = values;
  const user = await insertUser(t.database.db, {
    email: uniqueEmail(),
    passwordHash: await hashPassword(password),
    nom: 'Martin',
    prenom: 'Claire',
    role: 'professionnel',
    siret: uniqueSiret(),
    ...ISSUER_ADDRESS,
    emailVerifiedAt: new Date(),
    ...rest,
  });
  if (!user) throw new Error('insertUser a échoué');
  return { email: user.email, password, id: user.id };
}

/** A confirmed account and a session token obtained through the real login call. */
export async function signedInUser(
  t: TestApp,
  values: Partial<NewUser> = {},
): Promise<{ token: string; user: User; password: string }> {
  const { email, password } = await createUser(t, values);
  const res = await t.request({ method: 'POST', url: '/api/auth/login', body: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  const body = res.json<{ token: string; user: User }>();
  return { ...body, password };
}

/** A client (with its postal address) and a one-line invoice to it, created over HTTP as the issuer would. */
export async function clientWithInvoice(
  t: TestApp,
  token: string,
  options: { client?: Record<string, unknown>; prixUnitaire?: number } = {},
): Promise<{ client: Client; invoice: Invoice }> {
  const client = await createClient(t, token, options.client);
  const created = await createOneLineInvoice(t, token, client._id, options.prixUnitaire);
  if (created.statusCode !== 201) throw new Error(`Facture non créée : ${created.body}`);
  return { client, invoice: created.json<Invoice>() };
}
