import { type NotificationKind, resolveNotificationPrefs } from '@facturo/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { notifications, users } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { publishEvents } from '../../lib/events/publish.js';
import type { QueueMail } from '../../lib/mail/mail-queue.js';
import { notificationEmail } from './notification-email.js';

/** Where the e-mail says the choices are made (the profile's section, apps/web profile-sections.ts). */
export const NOTIFICATION_PREFS_PATH = '/profil#alertes';

/** Something that happened, told to one user. */
export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  /** The French sentence shown in the centre (and the e-mail's subject when one is sent). */
  titre: string;
  /** The in-app path it opens, e.g. `/factures/<id>`. */
  lien?: string;
}

export interface NotifyDeps {
  /** The transaction of what is reported: a rolled-back change notifies nobody. */
  tx: Tx;
  /** Given when the caller queues mail in its transaction: the kinds that matter are e-mailed too. */
  queueMail?: QueueMail;
  appUrl: string;
}

/**
 * The one way to notify a user (issue 17): the row, its live event and, for the kinds that matter, an
 * e-mail, all in the caller's transaction. The user's choices (users.notification_prefs) are honoured here,
 * so callers never check them. A closed account is never notified.
 */
export async function notify(deps: NotifyDeps, notification: NewNotification): Promise<void> {
  const [user] = await deps.tx
    .select({ prefs: users.notificationPrefs, email: users.email, prenom: users.prenom })
    .from(users)
    .where(and(eq(users.id, notification.userId), isNull(users.deletedAt)));
  if (!user) return;
  const prefs = resolveNotificationPrefs(user.prefs)[notification.kind];
  // The e-mail does not depend on the bell: a user may want one and not the other.
  if (prefs.email && deps.queueMail) {
    await deps.queueMail(
      notificationEmail(user.email, {
        prenom: user.prenom,
        titre: notification.titre,
        url: `${deps.appUrl}${notification.lien || '/'}`,
        profileUrl: `${deps.appUrl}${NOTIFICATION_PREFS_PATH}`,
      }),
      notification.userId,
    );
  }
  if (!prefs.app) return;
  const [row] = await deps.tx
    .insert(notifications)
    .values({
      userId: notification.userId,
      kind: notification.kind,
      titre: notification.titre,
      lien: notification.lien ?? '',
    })
    .returning({ id: notifications.id });
  const [unread] = await deps.tx
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, notification.userId), isNull(notifications.readAt)));
  await publishEvents(deps.tx, [
    {
      userId: notification.userId,
      type: 'notification.created',
      data: { notificationId: row?.id ?? '', nonLues: Number(unread?.count ?? 0) },
    },
  ]);
}
