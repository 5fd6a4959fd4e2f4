import { randomUUID } from 'node:crypto';
import { frenchVatNumber, luhnKeyFor } from '@facturo/shared';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { ISSUER_ADDRESS } from './addresses.js';
import { E2E_OUTBOX } from './env.js';
import { linkIn, waitForMail } from './outbox.js';

export const PASSWORD = 'Facture!2026x';

export function newEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@exemple.fr`;
}

const randomDigits = (count: number) => String(Math.floor(Math.random() * 10 ** count)).padStart(count, '0');

/** A SIRET nobody else has, with the right check digits (its SIREN's and its own). */
export function newSiret(): string {
  const sirenBody = randomDigits(8);
  const body = `${sirenBody}${luhnKeyFor(sirenBody)}${randomDigits(4)}`;
  return `${body}${luhnKeyFor(body)}`;
}

/** A bearer token for the API helpers of a journey. */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

export async function apiHeaders(request: APIRequestContext, email: string, password: string) {
  return { Authorization: `Bearer ${await apiToken(request, email, password)}` };
}

/** PUT /users/me: e.g. the address an invoice needs, or the VAT regime. */
export async function updateProfile(
  request: APIRequestContext,
  headers: Record<string, string>,
  data: Record<string, unknown>,
): Promise<void> {
  const res = await request.put('/api/users/me', { headers, data });
  expect(res.status(), await res.text()).toBe(200);
}

/** A VAT-registered issuer (« régime réel »), with the VAT number its SIRET's SIREN gives. */
export async function chargeVat(
  request: APIRequestContext,
  account: { email: string; password: string; siret: string },
) {
  const headers = await apiHeaders(request, account.email, account.password);
  await updateProfile(request, headers, {
    regimeTva: 'reel',
    tvaIntracommunautaire: frenchVatNumber(account.siret.slice(0, 9)),
  });
}

/**
 * A confirmed professional, made through the real API and the real confirmation e-mail; with the
 * address an invoice needs unless `address: false` (a journey about the missing address).
 */
export async function confirmedProfessional(
  request: APIRequestContext,
  label = 'pro',
  { address = true }: { address?: boolean } = {},
) {
  const account = {
    email: newEmail(label),
    password: PASSWORD,
    prenom: 'Camille',
    nom: 'Roux',
    siret: newSiret(),
  };
  const res = await request.post('/api/auth/register', { data: account });
  expect(res.status()).toBe(201);
  const mail = await waitForMail(E2E_OUTBOX, account.email, 'Confirmez votre adresse email');
  const token = new URL(linkIn(mail, '/verify-email')).searchParams.get('token');
  expect((await request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
  if (address) {
    await updateProfile(request, await apiHeaders(request, account.email, account.password), ISSUER_ADDRESS);
  }
  return account;
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/factures$/);
}
