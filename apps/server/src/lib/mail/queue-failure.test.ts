import type { Invoice } from '@facturo/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, emailTokens, users } from '../../db/schema.js';
import {
  clientWithInvoice,
  createUser,
  STRONG_PASSWORD,
  signedInUser,
  uniqueEmail,
  uniqueSiret,
} from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { linkIn, waitForMail } from '../../test/outbox.js';
import { refuseNewJobs } from '../../test/queue-schema.js';

/**
 * Every change that announces itself by e-mail is written with its e-mail in one transaction: when
 * the queue refuses the job, the change is not kept either, and the caller gets a clean error.
 */
let t: TestApp;
let repair: (() => Promise<void>) | undefined;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
afterEach(async () => {
  await repair?.();
  repair = undefined;
});

async function breakQueue(): Promise<void> {
  repair = await refuseNewJobs(t.database, t.jobsSchema);
}
async function repairQueue(): Promise<void> {
  await repair?.();
  repair = undefined;
}

function expectInternalError(res: { statusCode: number; json: () => unknown }): void {
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ errorType: 'internal_error', message: 'Erreur interne' });
}

async function issuerWithInvoice() {
  const issuer = await signedInUser(t, { adresse: '5 quai Rive', codePostal: '13002', ville: 'Marseille' });
  const { client, invoice } = await clientWithInvoice(t, issuer.token);
  return { issuer, clientEmail: client.email, invoice };
}

async function invoiceAsIssuer(token: string, id: string): Promise<Invoice> {
  return (await t.request({ method: 'GET', url: `/api/factures/${id}`, token })).json<Invoice>();
}

const userRows = (email: string) => t.database.db.select().from(users).where(eq(users.email, email));
const tokenRows = (userId: string, purpose: 'verify_email' | 'reset_password') =>
  t.database.db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)));

describe('when the mail queue refuses the job', () => {
  it('does not mark an invoice sent by e-mail, and sends it once the queue is back', async () => {
    const { issuer, invoice } = await issuerWithInvoice();
    const to = uniqueEmail('compta');
    const body = { to, subject: `Facture ${invoice.numero}`, message: 'Bonjour, voici la facture.' };
    await breakQueue();
    const failed = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-email`,
      token: issuer.token,
      body,
    });
    expectInternalError(failed);
    expect(await invoiceAsIssuer(issuer.token, invoice._id)).toMatchObject({
      statutEmetteur: 'creee',
      envoyeeLe: null,
      verrouillee: false,
    });

    await repairQueue();
    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-email`,
      token: issuer.token,
      body,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<Invoice>()).toMatchObject({ statutEmetteur: 'envoyee', verrouillee: true });
    const mail = await waitForMail(t.outboxDir, to, `Facture ${invoice.numero}`);
    expect(mail.attachments).toContain(`${invoice.numero}.pdf`);
  });

  it('does not send on the platform, creates no account, and sends the link once the queue is back', async () => {
    const { issuer, clientEmail, invoice } = await issuerWithInvoice();
    await breakQueue();
    const failed = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-internal`,
      token: issuer.token,
    });
    expectInternalError(failed);
    expect(await invoiceAsIssuer(issuer.token, invoice._id)).toMatchObject({
      statutEmetteur: 'creee',
      envoyeeLe: null,
      destinataire: null,
    });
    expect(await userRows(clientEmail)).toEqual([]);

    await repairQueue();
    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-internal`,
      token: issuer.token,
    });
    expect(sent.statusCode).toBe(200);
    const mail = await waitForMail(t.outboxDir, clientEmail, `Vous avez reçu la facture ${invoice.numero}`);
    expect(linkIn(mail, '/facture-en-ligne/')).toBeTruthy();
  });

  it('keeps no account from a sign-up whose confirmation could not be queued', async () => {
    const email = uniqueEmail('inscription');
    const body = { email, password: STRONG_PASSWORD, nom: 'Durand', prenom: 'Léa', siret: uniqueSiret() };
    await breakQueue();
    expectInternalError(await t.request({ method: 'POST', url: '/api/auth/register', body }));
    expect(await userRows(email)).toEqual([]);

    await repairQueue();
    const again = await t.request({ method: 'POST', url: '/api/auth/register', body });
    expect(again.statusCode).toBe(201);
    await waitForMail(t.outboxDir, email, 'Confirmez votre adresse email');
  });

  it('keeps the earlier confirmation link when a new one could not be queued', async () => {
    const email = uniqueEmail('renvoi');
    const body = { email, password: STRONG_PASSWORD, nom: 'Durand', prenom: 'Léa', siret: uniqueSiret() };
    expect((await t.request({ method: 'POST', url: '/api/auth/register', body })).statusCode).toBe(201);
    const mail = await waitForMail(t.outboxDir, email, 'Confirmez votre adresse email');
    const firstToken = new URL(linkIn(mail, '/verify-email')).searchParams.get('token');

    await breakQueue();
    expectInternalError(
      await t.request({ method: 'POST', url: '/api/auth/resend-verification', body: { email } }),
    );
    const [user] = await userRows(email);
    expect((await tokenRows(user?.id ?? '', 'verify_email')).map((row) => row.usedAt)).toEqual([null]);

    await repairQueue();
    const verified = await t.request({
      method: 'POST',
      url: '/api/auth/verify-email',
      body: { token: firstToken },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('writes no reset link that was never sent', async () => {
    const { email, id } = await createUser(t);
    await breakQueue();
    expectInternalError(
      await t.request({ method: 'POST', url: '/api/auth/reset-password', body: { email } }),
    );
    expect(await tokenRows(id, 'reset_password')).toEqual([]);
  });

  it('keeps the old password when the notice of its change could not be queued', async () => {
    const { email, password } = await createUser(t);
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/reset-password', body: { email } })).statusCode,
    ).toBe(200);
    const mail = await waitForMail(t.outboxDir, email, 'Réinitialisation de votre mot de passe');
    const token = new URL(linkIn(mail, '/reset-password-confirm')).searchParams.get('token');
    const body = { token, newPassword: 'Nouveau!2026y' };

    await breakQueue();
    expectInternalError(await t.request({ method: 'POST', url: '/api/auth/reset-password-confirm', body }));
    const login = await t.request({ method: 'POST', url: '/api/auth/login', body: { email, password } });
    expect(login.statusCode).toBe(200);

    await repairQueue();
    // The link was not spent by the failed attempt.
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/reset-password-confirm', body })).statusCode,
    ).toBe(200);
    await waitForMail(t.outboxDir, email, 'Votre mot de passe a été modifié');
  });

  it('keeps no contact message that support would never receive', async () => {
    const email = uniqueEmail('visiteur');
    const body = { nom: 'Camille Martin', email, sujet: 'autre', message: 'Bonjour, une question simple.' };
    await breakQueue();
    expectInternalError(await t.request({ method: 'POST', url: '/api/contact', body }));
    expect(
      await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email)),
    ).toEqual([]);
  });
});
