// What every clue command file shares: the body type of a clue endpoint, the audit context, and the
// checks of a campus and of a consultant working there.
import { eq } from 'drizzle-orm';
import type { contract } from '@bo/api-sdk';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { badInput } from '../../http/errors.js';
import { schoolItems, users } from '../../db/schema.js';
import { campusConsultants, usersWithRolesAt } from './people.js';

export type Body<K extends keyof typeof contract.clues> = z.output<
  NonNullable<(typeof contract.clues)[K]['body']>
>;

export const ctxAudit = (u: AuthUser, ip: string | null) => ({ userId: u.id, username: u.username, ip });

export async function campusExists(db: DbOrTx, code: string): Promise<boolean> {
  const [r] = await db.select({ code: schoolItems.code }).from(schoolItems).where(eq(schoolItems.code, code));
  return !!r;
}

export async function assertConsultantOf(
  db: DbOrTx,
  userId: number,
  schoolItemCode: string | null,
  field: string,
) {
  const [u] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, userId));
  if (!u || u.status !== 1) throw badInput(field, `${field}: 该用户不存在或已停用 / no such active user`);
  if (!schoolItemCode) return;
  const list = await campusConsultants(db, schoolItemCode);
  if (!list.some((c) => c.id === userId)) {
    // Managers of the campus may also own clues.
    const managers = await usersWithRolesAt(db, [76, 72, 58], schoolItemCode);
    if (!managers.some((m) => m.id === userId))
      throw badInput(
        field,
        `${field}: 该用户不属于校区 ${schoolItemCode} / the user does not work at campus ${schoolItemCode}`,
      );
  }
}

/**
 * Checks a channel (and customer intention) code against the clue settings. While a settings list is
 * still empty (a new installation), any code is accepted.
 */
