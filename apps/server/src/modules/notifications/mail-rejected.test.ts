import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWithInvoice, signedInUser, uniqueEmail } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { freePort, startSmtpServer, waitFor } from '../../test/smtp-server.js';
import { notificationsOf } from './notifications-test-kit.js';

/*
 * Issue 17's « e-mail rejeté »: a real SMTP server on loopback refuses one address for good (550), as a
 * dead mailbox would; the professional who e-mailed their invoice there is told once, in the app.
 */
const refused = uniqueEmail('boite-morte');
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  const port = await freePort();
  smtp = await startSmtpServer(port, { refuse: (address) => address === refused });
  t = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const sendByEmail = (token: string, id: string, to: string) =>
  t.request({
    method: 'POST',
    url: `/api/factures/${id}/send-email`,
    token,
    body: { to, subject: 'Votre facture', message: 'Bonjour,' },
  });

describe('an e-mail refused by its address', () => {
  it('tells the professional who sent it, once, with the address and the subject', async () => {
    const issuer = await signedInUser(t);
    const { invoice } = await clientWithInvoice(t, issuer.token);
    expect((await sendByEmail(issuer.token, invoice._id, refused)).statusCode).toBe(200);
    const [notice] = await waitFor(async () => {
      const list = await notificationsOf(t, issuer.token);
      return list.length > 0 ? list : undefined;
    });
    expect(notice).toMatchObject({
      kind: 'email_rejete',
      titre: `L’e-mail « Votre facture » n’a pas pu être remis à ${refused} : adresse refusée`,
      lien: '/clients',
      lu: false,
    });
    // The queue retries it (retryDelaySeconds 1 in tests): the second refusal, fully handled once the
    // third attempt has begun, tells nobody again.
    await waitFor(async () => {
      const { rows } = await t.database.executeSql(
        `SELECT retry_count FROM ${t.jobsSchema}.job WHERE name = 'mail' AND data->>'to' = $1`,
        [refused],
      );
      return Number(rows[0]?.retry_count ?? 0) >= 3 ? true : undefined;
    });
    expect(await notificationsOf(t, issuer.token)).toHaveLength(1);
  });

  it('a delivered e-mail tells nobody', async () => {
    const issuer = await signedInUser(t);
    const { invoice } = await clientWithInvoice(t, issuer.token);
    const to = uniqueEmail('client');
    expect((await sendByEmail(issuer.token, invoice._id, to)).statusCode).toBe(200);
    await waitFor(() => (smtp.received.some((mail) => mail.to.includes(to)) ? true : undefined));
    expect(await notificationsOf(t, issuer.token)).toEqual([]);
  });
});
