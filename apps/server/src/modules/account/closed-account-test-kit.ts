import type { Invoice } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { invoices } from '../../db/schema.js';
import { clientWithInvoice, signedInUser } from '../../test/factories.js';
import type { TestApp } from '../../test/harness.js';

export interface ClosedArchive {
  email: string;
  password: string;
  userId: string;
  invoice: Invoice;
  /** The read-only session, signed in after the closure with the same address and password. */
  token: string;
}

/** An issuer with one issued invoice, who closed the account and signed in again to its archive. */
export async function closedArchive(t: TestApp): Promise<ClosedArchive> {
  const { user, token, password } = await signedInUser(t);
  const { invoice } = await clientWithInvoice(t, token);
  // Issued as any sending would mark it (document-life.repo.ts): what the retention is counted from.
  const now = new Date();
  await t.database.db
    .update(invoices)
    .set({ issuedAt: now, sentAt: now, channel: 'email', issuerStatus: 'envoyee' })
    .where(eq(invoices.id, invoice._id));
  const closing = await t.request({ method: 'DELETE', url: '/api/users/me', token, body: { password } });
  expect(closing.statusCode, closing.body).toBe(204);
  const login = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    body: { email: user.email, password },
  });
  expect(login.statusCode, login.body).toBe(200);
  return {
    email: user.email,
    password,
    userId: user._id,
    invoice,
    token: login.json<{ token: string }>().token,
  };
}
