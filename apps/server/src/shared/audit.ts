// The audit trail: who did what, when, from where. Written inside the command's transaction.
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { auditLog } from '../slices/system/tables.js';

export interface AuditEntry {
  action: string;
  target?: string | null;
  detail?: unknown;
  userId?: number | null;
  username?: string | null;
  ip?: string | null;
  at?: Date;
}

export async function writeAudit(db: DbOrTx, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: e.action,
    target: e.target ?? null,
    detail: (e.detail ?? null) as never,
    userId: e.userId ?? null,
    username: e.username ?? null,
    ip: e.ip ?? null,
    ...(e.at ? { at: e.at } : {}),
  });
}

/** The entries about one target, newest first (a record's history where the audit trail is it). */
export async function auditOf(db: DbOrTx, target: string, limit = 100) {
  return db
    .select({
      at: auditLog.at,
      action: auditLog.action,
      username: auditLog.username,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .where(eq(auditLog.target, target))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}
