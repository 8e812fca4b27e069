// Who may decide a request before it is filed: screens that let the requester see (or pick) the
// approver read the kind's policy here, so the list and the engine's check are one rule.
import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { roles, userCampuses, userRoles, users } from '../../db/schema.js';
import { resolveSteps } from './engine.js';
import { policySteps } from './policies.js';
import { approvalKind } from './registry.js';

export interface Approver {
  id: number;
  username: string;
  name: string;
}

/**
 * Active users who may decide the first step of a new request of `kind` at `schoolItemCode`: the
 * step's named people and holders of its roles, who hold the campus (all-scope roles hold every one,
 * as the engine's own check). The requester is not removed here: the engine refuses them per request.
 */
export async function eligibleApprovers(
  db: DbOrTx,
  kind: string,
  schoolItemCode: string | null,
  amountCents: number | null = null,
): Promise<Approver[]> {
  const k = approvalKind(kind);
  if (!k) throw new Error(`approval kind ${kind} is not registered`);
  const step = resolveSteps(await policySteps(db, k), amountCents)[0];
  if (!step || (!step.roles.length && !step.userIds.length)) return [];
  const named = step.userIds.length ? inArray(users.id, step.userIds) : undefined;
  const byRole = step.roles.length ? inArray(userRoles.roleCode, step.roles) : undefined;
  const candidates = await db
    .selectDistinct({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(users.status, 1), or(named, byRole)))
    .orderBy(users.id);
  if (!candidates.length) return [];
  const ids = candidates.map((c) => c.id);
  const wide = new Set(
    (
      await db
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .innerJoin(roles, eq(roles.code, userRoles.roleCode))
        .where(and(inArray(userRoles.userId, ids), or(eq(roles.isAdmin, true), eq(roles.allScope, true))))
    ).map((r) => r.userId),
  );
  const atCampus = schoolItemCode
    ? new Set(
        (
          await db
            .select({ userId: userCampuses.userId })
            .from(userCampuses)
            .where(and(inArray(userCampuses.userId, ids), eq(userCampuses.schoolItemCode, schoolItemCode)))
        ).map((r) => r.userId),
      )
    : new Set<number>();
  return candidates.filter((c) => wide.has(c.id) || atCampus.has(c.id));
}
