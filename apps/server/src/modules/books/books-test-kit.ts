import type { Client, Invoice } from '@facturo/shared';
import { expect } from 'vitest';
import { createClient, signedInUser } from '../../test/factories.js';
import type { TestApp } from '../../test/harness.js';
import type { NewUser } from '../users/users.repo.js';

/*
 * Test helpers of the books (issue 18): the year is written over HTTP as the professional would, the
 * clock moved to each day (an invoice is dated today, a payment may not be in the future).
 */

export interface Pro {
  token: string;
  id: string;
  email: string;
  password: string;
  siret: string | null;
}

/** Noon in Paris on `day` (UTC+1 or +2: noon UTC is the same Paris day). */
export function setDay(t: TestApp, day: string): void {
  t.clock.set(new Date(`${day}T12:00:00Z`));
}

/** A professional signed in on `day`; `relogin` gives a fresh token once the clock has moved on. */
export async function professionalOn(t: TestApp, day: string, values: Partial<NewUser> = {}): Promise<Pro> {
  setDay(t, day);
  const { token, user, password } = await signedInUser(t, values);
  return { token, id: user._id, email: user.email, password, siret: user.siret ?? null };
}

/** The clock moved to `day`, and a fresh session there (a token lives hours, not weeks). */
export async function moveTo(t: TestApp, pro: Pro, day: string): Promise<Pro> {
  setDay(t, day);
  return relogin(t, pro);
}

export async function relogin(t: TestApp, pro: Pro): Promise<Pro> {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    body: { email: pro.email, password: pro.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...pro, token: res.json<{ token: string }>().token };
}

export async function api(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) {
  return t.request({ method, url: `/api${url}`, token, ...(body === undefined ? {} : { body }) });
}

export async function clientNamed(t: TestApp, pro: Pro, nom: string): Promise<Client> {
  return createClient(t, pro.token, { nom });
}

/** An invoice written today (by the clock) and, unless told otherwise, marked sent. */
export async function invoiceOf(
  t: TestApp,
  pro: Pro,
  client: Client,
  body: Record<string, unknown>,
  { sent = true }: { sent?: boolean } = {},
): Promise<Invoice> {
  const res = await api(t, pro.token, 'POST', '/factures', {
    client: client._id,
    delaiPaiement: 30,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const invoice = res.json<Invoice>();
  if (sent) await markSent(t, pro, invoice._id);
  return invoice;
}

export async function markSent(t: TestApp, pro: Pro, id: string): Promise<void> {
  const res = await api(t, pro.token, 'PUT', `/factures/${id}/statut-emetteur`, {
    statutEmetteur: 'envoyee',
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A payment recorded by the issuer (confirmed at once), dated today unless told. */
export async function payOn(
  t: TestApp,
  pro: Pro,
  invoiceId: string,
  day: string,
  montant: number | string,
  methode = 'virement',
  reference = '',
): Promise<void> {
  const res = await api(t, pro.token, 'POST', `/factures/${invoiceId}/paiements`, {
    datePaiement: day,
    montant,
    methode,
    reference,
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** The fields of a `;`-separated CSV as a French spreadsheet reads them: quotes around fields, "" inside. */
export function parseFrenchCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** « 1234,56 » → 123456 cents, as a spreadsheet reads a French decimal. */
export function frenchCents(value: string): number {
  expect(value).toMatch(/^-?\d+,\d{2}$/);
  return Math.round(Number(value.replace(',', '.')) * 100);
}
