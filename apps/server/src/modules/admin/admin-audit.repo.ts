import type { AdminAction } from '@facturo/shared';
import { desc, eq } from 'drizzle-orm';
import { type AdminAuditRow, adminAuditLog, type UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

export interface AuditRecord {
  admin: Pick<UserRow, 'id' | 'email'>;
  action: AdminAction;
  /** Absent for an action on every account. */
  target?: Pick<UserRow, 'id' | 'email'>;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Written with the action's own transaction (`tx`): the action and its trace commit or roll back together. */
export async function recordAdminAction(tx: DbOrTx, record: AuditRecord): Promise<void> {
  await tx.insert(adminAuditLog).values({
    adminId: record.admin.id,
    adminEmail: record.admin.email,
    action: record.action,
    targetUserId: record.target?.id ?? null,
    targetEmail: record.target?.email ?? '',
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

export async function auditOf(db: DbOrTx, targetUserId: string, limit = 50): Promise<AdminAuditRow[]> {
  return db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetUserId, targetUserId))
    .orderBy(desc(adminAuditLog.createdAt))
    .limit(limit);
}
