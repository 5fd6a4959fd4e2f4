import { MESSAGES } from '@facturo/shared';
import type { Page } from '@playwright/test';
import {
  apiHeaders,
  confirmedProfessional,
  newEmail,
  newSiret,
  PASSWORD,
  signIn,
} from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { issueInvoiceTo, particulierFromInvoiceLink } from './support/platform-invoice.js';
import { expect, test } from './support/test.js';
import { expectToast } from './support/toast.js';

/*
 * « Supprimer mon compte » (GDPR art. 17, issue 13): the password asked again, then signed out to /login
 * with a notice. The account is closed, not wiped: the invoices it issued stay with their recipients.
 */

async function closeOwnAccount(page: Page, password: string) {
  const section = page.getByRole('region', { name: 'Supprimer mon compte' });
  await section.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  return dialog;
}

test('a professional closes their account; the recipient keeps the invoice, the address can register again', async ({
  page,
  request,
}) => {
  test.slow();
  const issuer = await confirmedProfessional(request, 'partant');
  const recipient = await confirmedProfessional(request, 'destinataire');
  const invoice = await issueInvoiceTo(request, issuer, recipient.email);
  const headers = await apiHeaders(request, issuer.email, issuer.password);

  await signIn(page, issuer.email, issuer.password);
  await page.goto('/profil');
  await expect(page.getByRole('region', { name: 'Supprimer mon compte' })).toBeVisible();

  // A wrong password keeps the session and says why, under the field.
  const dialog = await closeOwnAccount(page, 'Pas!LeBon2026');
  await expect(dialog.getByText(MESSAGES.wrongPassword)).toBeVisible();
  await expect(page).toHaveURL(/\/profil$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  await expectAccessible(page);

  await dialog.getByLabel('Mot de passe', { exact: true }).fill(issuer.password);
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Votre compte a été supprimé.');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expectAccessible(page);

  // The old token is dead; the same password now opens only the read-only archive of the books it issued
  // (Code de commerce L123-22), until its retention date.
  expect((await request.get('/api/users/me', { headers })).status()).toBe(401);
  const relogin = await request.post('/api/auth/login', {
    data: { email: issuer.email, password: issuer.password },
  });
  expect(relogin.status(), await relogin.text()).toBe(200);
  const archive = await request.get('/api/users/me', {
    headers: { authorization: `Bearer ${((await relogin.json()) as { token: string }).token}` },
  });
  expect(
    ((await archive.json()) as { consultationSeuleJusquAu: string | null }).consultationSeuleJusquAu,
  ).toMatch(/^\d{4}-12-31$/);

  // The recipient still lists the invoice and reads its PDF.
  const recipientHeaders = await apiHeaders(request, recipient.email, recipient.password);
  const received = await request.get('/api/factures/received', { headers: recipientHeaders });
  expect(received.status()).toBe(200);
  expect((await received.json()).map((i: { numero: string }) => i.numero)).toContain(invoice.numero);
  const pdf = await request.get(`/api/factures/${invoice._id}/pdf`, { headers: recipientHeaders });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  // The address is free again.
  const again = await request.post('/api/auth/register', {
    data: { email: issuer.email, password: PASSWORD, prenom: 'Camille', nom: 'Roux', siret: newSiret() },
  });
  expect(again.status(), await again.text()).toBe(201);
});

test('a particulier, invited by an invoice, closes their account from /mentions-legales', async ({
  page,
  request,
}) => {
  // A particulier comes from an invoice sent on the platform to a new address, and creates an account from its link.
  const issuer = await confirmedProfessional(request, 'emetteur');
  const email = newEmail('particulier-partant');
  await issueInvoiceTo(request, issuer, email);
  await particulierFromInvoiceLink(request, email, PASSWORD);

  await signIn(page, email, PASSWORD);
  await page.goto('/mentions-legales');
  await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
  await expectAccessible(page);
  await closeOwnAccount(page, PASSWORD);
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Votre compte a été supprimé.');
});
