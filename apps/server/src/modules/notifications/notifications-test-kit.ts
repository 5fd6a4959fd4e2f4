import type { AppNotification, NotificationKind } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { notify } from './notify.js';

/** What the notification tests share: the centre read over HTTP, and notify() run as a caller would. */

export async function notificationsOf(t: TestApp, token: string, query = ''): Promise<AppNotification[]> {
  const res = await t.request({ method: 'GET', url: `/api/notifications${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AppNotification[]>();
}

export async function unreadOf(t: TestApp, token: string): Promise<number> {
  const res = await t.request({ method: 'GET', url: '/api/notifications/count', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ nonLues: number }>().nonLues;
}

/** notify() in a transaction of its own, with the mail queue, as a service's writing transaction. */
export async function notifyNow(
  t: TestApp,
  userId: string,
  titre: string,
  kind: NotificationKind = 'relance_envoyee',
): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await notify(
      { tx, appUrl: t.config.appUrl, queueMail: (message) => t.mail.enqueue(message, tx) },
      { userId, kind, titre, lien: '/factures' },
    );
  });
}

/** E-mails queued to this address (delivered or not): what notify() decided, without waiting. */
export async function mailsQueuedTo(t: TestApp, email: string, subject: string): Promise<number> {
  const schema = sql.identifier(t.jobsSchema);
  const result = await t.database.db.execute(sql`
    select count(*)::int as n from ${schema}.job
    where name = 'mail' and data->>'to' = ${email} and data->>'subject' like ${`%${subject}%`}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
