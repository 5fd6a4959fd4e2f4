import type { User } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_NOTICE_QUEUE, type MessageNoticeJob } from '../../lib/jobs.js';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { waitForMail } from '../../test/outbox.js';
import { signedInAdmin } from '../admin/admin-test-helpers.js';
import { type Account, openSupport, readMessages, send, sharedInvoice } from './messaging-test-helpers.js';
import { sendUnreadNotice, UNREAD_NOTICE_DELAY_MS } from './unread-notice.js';

/*
 * The e-mail about messages still unread 15 minutes later. Nobody waits 15 minutes: the tests read the
 * job the sending transaction queued (and when it is due), then run it as the worker would.
 */

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInAdmin(t);
});
afterAll(async () => t?.close());

const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

async function noticesFor(messageIds: string[]): Promise<{ job: MessageNoticeJob; startAfter: Date }[]> {
  const schema = sql.identifier(t.jobsSchema);
  const result = await t.database.db.execute(sql`
    select data, start_after from ${schema}.job where name = ${MESSAGE_NOTICE_QUEUE}
      and data->>'messageId' in (${sql.join(
        messageIds.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  return rows(result).map((r) => ({
    job: r.data as MessageNoticeJob,
    startAfter: new Date(r.start_after as string | Date),
  }));
}

/** E-mails queued to this address (delivered or not): what the notice decided, without waiting. */
async function mailsQueuedTo(email: string): Promise<number> {
  const schema = sql.identifier(t.jobsSchema);
  const result = await t.database.db.execute(sql`
    select count(*)::int as n from ${schema}.job where name = 'mail' and data->>'to' = ${email}`);
  return Number(rows(result)[0]?.n ?? 0);
}

/** What the worker does once the job is due. */
const runNotice = (job: MessageNoticeJob) =>
  sendUnreadNotice({ db: t.database.db, mail: t.mail, appUrl: t.config.appUrl }, job);

describe('the e-mail about unread messages', () => {
  it('one job per burst, due 15 minutes after its first message; one e-mail if still unread then', async () => {
    const { issuer, recipient, invoice } = await sharedInvoice(t);
    const id = (
      await t.request({
        method: 'POST',
        url: `/api/factures/${invoice._id}/conversation`,
        token: issuer.token,
      })
    ).json<{ _id: string }>()._id;
    const before = t.clock.now().getTime();
    const first = await send(t, issuer.token, id, 'Votre facture est prête');
    const second = await send(t, issuer.token, id, 'Texte privé à ne pas recopier');
    const notices = await noticesFor([first._id, second._id]);
    expect(notices.map((n) => n.job)).toEqual([{ messageId: first._id }]);
    const due = notices[0]?.startAfter.getTime() ?? 0;
    expect(due).toBeGreaterThanOrEqual(before + UNREAD_NOTICE_DELAY_MS - 1000);
    expect(due).toBeLessThanOrEqual(t.clock.now().getTime() + UNREAD_NOTICE_DELAY_MS + 1000);

    await runNotice({ messageId: first._id });
    const mail = await waitForMail(t.outboxDir, recipient.user.email, '2 nouveaux messages');
    expect(mail.subject).toContain('Zoé Lefèvre');
    expect(mail.text).toContain(`${t.config.appUrl}/messages`);
    expect(mail.text).not.toContain('Texte privé');
    // The writer is not told about their own messages.
    expect(await mailsQueuedTo(issuer.user.email)).toBe(0);
  });

  it('sends nothing when the messages were read in time; the next message starts a new burst', async () => {
    const user = await signedInUser(t);
    const { _id: id } = await openSupport(t, user.token);
    const answer = await send(t, admin.token, id, 'Réponse');
    await readMessages(t, user.token, id);
    await runNotice({ messageId: answer._id });
    expect(await mailsQueuedTo(user.user.email)).toBe(0);

    const next = await send(t, admin.token, id, 'Autre chose ?');
    expect((await noticesFor([next._id])).map((n) => n.job)).toEqual([{ messageId: next._id }]);
    await runNotice({ messageId: next._id });
    expect(await mailsQueuedTo(user.user.email)).toBe(1);
    await waitForMail(t.outboxDir, user.user.email, 'Support Facturo');
  });

  it('tells the admins about a user’s unread message to support', async () => {
    const user = await signedInUser(t, { prenom: 'Inès', nom: 'Roux' });
    const { _id: id } = await openSupport(t, user.token);
    const question = await send(t, user.token, id, 'Au secours');
    await runNotice({ messageId: question._id });
    await waitForMail(t.outboxDir, admin.user.email, 'Inès Roux');
    expect(await mailsQueuedTo(user.user.email)).toBe(0);
  });

  it('the queue runs the notice by itself once it is due (the clock set 20 minutes back)', async () => {
    const user = await signedInUser(t, { prenom: 'Hugo' });
    const { _id: id } = await openSupport(t, user.token);
    // Sent « 20 minutes ago »: its notice is already due, and the worker picks it at its next poll.
    t.clock.advance(-20 * 60_000);
    try {
      await send(t, admin.token, id, 'Toujours là ?');
    } finally {
      t.clock.reset();
    }
    const mail = await waitForMail(t.outboxDir, user.user.email, 'Support Facturo', { timeoutMs: 20_000 });
    expect(mail.text).toContain('Bonjour Hugo');
  });

  it('respects the opt-out of the profile (GET/PUT /users/me notifierMessagesParEmail)', async () => {
    const user = await signedInUser(t);
    expect(user.user.notifierMessagesParEmail).toBe(true);
    const put = await t.request({
      method: 'PUT',
      url: '/api/users/me',
      token: user.token,
      body: { notifierMessagesParEmail: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<User>().notifierMessagesParEmail).toBe(false);
    const me = await t.request({ method: 'GET', url: '/api/users/me', token: user.token });
    expect(me.json<User>().notifierMessagesParEmail).toBe(false);
    const bad = await t.request({
      method: 'PUT',
      url: '/api/users/me',
      token: user.token,
      body: { notifierMessagesParEmail: 'non' },
    });
    expect(bad.statusCode).toBe(400);

    const { _id: id } = await openSupport(t, user.token);
    const answer = await send(t, admin.token, id, 'Réponse');
    await runNotice({ messageId: answer._id });
    expect(await mailsQueuedTo(user.user.email)).toBe(0);
  });
});
