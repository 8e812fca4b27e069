// Who a request waits for: for each step still to decide, the people who may decide it (active
// users carrying one of its tokens, holding the request's campus, not the requester, not someone who
// passed another step of it: the engine's own rules, docs/approvals.md) and the roles it names.
// The detail of every kind shows it; a refusal to someone who cannot act names them.
import { and, eq, inArray, or } from 'drizzle-orm';
import { APPROVAL_OPEN } from '@bo/domain';
import type { DbOrTx } from '../../db/client.js';
import { roles, userCampuses, userRoles, users } from '../../db/schema.js';
import type { RequestRecord } from './registry.js';
import { approvalDecisions } from './tables.js';

export interface AwaitedStep {
  /** The step (0-based) and its name. */
  step: number;
  stepName: string;
  /** The step being decided now (later steps follow it). */
  current: boolean;
  /** The names of the roles the step still waits for. */
  roles: string[];
  /** Everyone who may decide the step, by name. */
  approvers: { id: number; name: string }[];
}

const parse = (tokens: readonly string[], prefix: 'role:' | 'user:') =>
  tokens.filter((t) => t.startsWith(prefix)).map((t) => Number(t.slice(prefix.length)));

/** The steps an open request still waits for, from the current one; none once it is closed. */
export async function awaitedSteps(
  db: DbOrTx,
  r: Pick<
    RequestRecord,
    'id' | 'status' | 'steps' | 'step' | 'awaiting' | 'requestedBy' | 'schoolItemCode' | 'toSchoolItemCode'
  >,
): Promise<AwaitedStep[]> {
  if (!APPROVAL_OPEN.includes(r.status)) return [];
  const pending = r.steps.slice(r.step).map((s, i) => {
    const step = r.step + i;
    const tokens =
      step === r.step
        ? r.awaiting
        : [...s.roles.map((c) => `role:${c}`), ...s.userIds.map((u) => `user:${u}`)];
    return { step, name: s.name, roleCodes: parse(tokens, 'role:'), userIds: parse(tokens, 'user:') };
  });
  const allRoles = [...new Set(pending.flatMap((p) => p.roleCodes))];
  const allUsers = [...new Set(pending.flatMap((p) => p.userIds))];
  const roleRows = allRoles.length
    ? await db.select({ code: roles.code, name: roles.name }).from(roles).where(inArray(roles.code, allRoles))
    : [];
  const roleName = new Map(roleRows.map((x) => [x.code, x.name]));
  const candidates =
    allRoles.length || allUsers.length
      ? await db
          .selectDistinct({ id: users.id, name: users.name, roleCode: userRoles.roleCode })
          .from(users)
          .leftJoin(userRoles, eq(userRoles.userId, users.id))
          .where(
            and(
              eq(users.status, 1),
              or(
                allUsers.length ? inArray(users.id, allUsers) : undefined,
                allRoles.length ? inArray(userRoles.roleCode, allRoles) : undefined,
              ),
            ),
          )
          .orderBy(users.id)
      : [];
  const ids = [...new Set(candidates.map((c) => c.id))];
  const campuses = [r.schoolItemCode, r.toSchoolItemCode].filter((c): c is string => !!c);
  // One after another: `db` may be the caller's transaction, whose one connection runs a query at a time.
  const wide = ids.length
    ? await db
        .selectDistinct({ userId: userRoles.userId })
        .from(userRoles)
        .innerJoin(roles, eq(roles.code, userRoles.roleCode))
        .where(and(inArray(userRoles.userId, ids), or(eq(roles.isAdmin, true), eq(roles.allScope, true))))
    : [];
  const atCampus =
    ids.length && campuses.length
      ? await db
          .selectDistinct({ userId: userCampuses.userId })
          .from(userCampuses)
          .where(and(inArray(userCampuses.userId, ids), inArray(userCampuses.schoolItemCode, campuses)))
      : [];
  const passed = ids.length
    ? await db
        .select({ userId: approvalDecisions.userId, step: approvalDecisions.step })
        .from(approvalDecisions)
        .where(and(eq(approvalDecisions.requestId, r.id), eq(approvalDecisions.decision, 'pass')))
    : [];
  const holds = new Set([...wide, ...atCampus].map((x) => x.userId));
  return pending.map((p) => {
    const seen = new Map<number, string>();
    for (const c of candidates) {
      const carries = p.userIds.includes(c.id) || (c.roleCode !== null && p.roleCodes.includes(c.roleCode));
      const passedOther = passed.some((d) => d.userId === c.id && d.step !== p.step);
      if (carries && holds.has(c.id) && c.id !== r.requestedBy && !passedOther) seen.set(c.id, c.name);
    }
    return {
      step: p.step,
      stepName: p.name,
      current: p.step === r.step,
      roles: p.roleCodes.map((c) => roleName.get(c) ?? String(c)),
      approvers: [...seen].map(([id, name]) => ({ id, name })),
    };
  });
}

/** "awaiting 周敏 (财务经理)" of the current step, in both languages, for a refusal or a hint. */
export function awaitedText(steps: readonly AwaitedStep[]): string | null {
  const s = steps.find((x) => x.current);
  if (!s) return null;
  if (!s.approvers.length)
    return `当前步骤「${s.stepName}」在该校区没有可审批的人，请管理员调整审批流程 / nobody at the campus may decide the current step "${s.stepName}"; an administrator must adjust the flow`;
  const names = s.approvers.map((a) => a.name);
  return `等待 ${names.join('、')}（${s.stepName}）审批 / awaiting ${names.join(', ')} (${s.stepName})`;
}
