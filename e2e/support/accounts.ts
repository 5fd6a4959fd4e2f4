import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_OUTBOX } from './env.js';
import { linkIn, waitForMail } from './outbox.js';

export const PASSWORD = 'Facture!2026x';

export function newEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@exemple.fr`;
}

export function newSiret(): string {
  return String(Math.floor(Math.random() * 1e14)).padStart(14, '0');
}

/** A confirmed professional, made through the real API and the real confirmation e-mail. */
export async function confirmedProfessional(request: APIRequestContext, label = 'pro') {
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
  return account;
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Adresse email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/factures$/);
}
