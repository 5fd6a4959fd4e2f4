import { randomUUID } from 'node:crypto';
import type { Client, Invoice, User } from '@facturo/shared';
import { hashPassword } from '../lib/password-hash.js';
import { insertUser, type NewUser } from '../modules/users/users.repo.js';
import type { TestApp } from './harness.js';

export const STRONG_PASSWORD = 'Facture!2026x';

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@exemple.fr`;
}

/** A 14-digit SIRET that no other test uses. */
export function uniqueSiret(): string {
  return String(Math.floor(Math.random() * 1e14)).padStart(14, '0');
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
): Promise<{ client: Client; invoice: Invoice }> {
  const client = await t.request({
    method: 'POST',
    url: '/api/clients',
    token,
    body: {
      nom: 'Boulangerie Martin',
      email: uniqueEmail('client'),
      adresse: { rue: '1 rue Haute', codePostal: '44000', ville: 'Nantes' },
    },
  });
  if (client.statusCode !== 201) throw new Error(`Client non créé : ${client.body}`);
  const created = await t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: {
      client: client.json<Client>()._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 100 }],
      tauxTVA: 0,
    },
  });
  if (created.statusCode !== 201) throw new Error(`Facture non créée : ${created.body}`);
  return { client: client.json<Client>(), invoice: created.json<Invoice>() };
}
