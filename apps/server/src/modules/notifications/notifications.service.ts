import {
  type AppNotification,
  type NotificationPrefs,
  type ResolvedNotificationPrefs,
  resolveNotificationPrefs,
} from '@facturo/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { type NotificationRow, type UserRow, users } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { countUnread, listNotifications, markAllRead, markRead } from './notifications.repo.js';

const NOT_FOUND = 'Notification introuvable.';

const present = (row: NotificationRow): AppNotification => ({
  _id: row.id,
  kind: row.kind,
  titre: row.titre,
  lien: row.lien,
  lu: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/** The notification centre as its owner reads it: the list, the bell's count, reading, the choices. */
export class NotificationsService {
  constructor(private readonly ctx: AppContext) {}

  async list(user: UserRow, page: { before?: string; limit: number }): Promise<AppNotification[]> {
    return (await listNotifications(this.ctx.db, user.id, page)).map(present);
  }

  unreadCount(user: UserRow): Promise<number> {
    return countUnread(this.ctx.db, user.id);
  }

  /** Opening one marks it read; another user's (or a made-up) id is a 404, as if it did not exist. */
  async read(user: UserRow, id: string): Promise<number> {
    if (!isUuid(id) || !(await markRead(this.ctx.db, user.id, id, this.ctx.clock.now()))) {
      throw notFound(NOT_FOUND);
    }
    return countUnread(this.ctx.db, user.id);
  }

  async readAll(user: UserRow): Promise<number> {
    await markAllRead(this.ctx.db, user.id, this.ctx.clock.now());
    return countUnread(this.ctx.db, user.id);
  }

  preferences(user: UserRow): ResolvedNotificationPrefs {
    return resolveNotificationPrefs(user.notificationPrefs);
  }

  /** Stored whole and resolved, so a later change of the defaults does not silently undo a choice. */
  async savePreferences(user: UserRow, prefs: NotificationPrefs): Promise<ResolvedNotificationPrefs> {
    const resolved = resolveNotificationPrefs(prefs);
    await this.ctx.db.update(users).set({ notificationPrefs: resolved }).where(eq(users.id, user.id));
    return resolved;
  }
}
