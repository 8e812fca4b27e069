// Approval flows as data (docs/approvals.md): a kind runs on its registered default until an
// administrator saves another flow in the settings (/setting/operate, tab "审批流程 / Approval flows").
import { eq, inArray } from 'drizzle-orm';
import type { contract } from '@bo/api-sdk';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { badInput, staleVersion } from '../../http/errors.js';
import { writeAudit } from '../../shared/audit.js';
import { roles, users } from '../../db/schema.js';
import { approvalKind, approvalKinds, type RegisteredKind } from './registry.js';
import { approvalPolicies, type StoredStep } from './tables.js';
import { updateVersioned } from '../../shared/versioned.js';

type PolicyInput = z.output<(typeof contract.approvals)['policySave']['body']>;

/** The flow a new request of the kind is filed with. */
export async function policySteps(db: DbOrTx, k: RegisteredKind): Promise<StoredStep[]> {
  const [p] = await db.select().from(approvalPolicies).where(eq(approvalPolicies.kind, k.kind));
  return p?.steps ?? k.defaultSteps;
}

export async function listPolicies(deps: AppDeps) {
  const saved = new Map((await deps.db.select().from(approvalPolicies)).map((p) => [p.kind, p]));
  return approvalKinds().map((k) => {
    const p = saved.get(k.kind);
    return {
      kind: k.kind,
      label: k.label['zh-CN'],
      labelEn: k.label.en,
      subjectType: k.subjectType,
      steps: p?.steps ?? k.defaultSteps,
      custom: !!p,
      version: p?.version ?? 0,
      updatedAt: p ? p.updatedAt.toISOString() : null,
    };
  });
}

/** Replaces a kind's flow; requests already filed keep theirs. */
export async function savePolicy(deps: AppDeps, u: AuthUser, b: PolicyInput, ip: string | null) {
  const k = approvalKind(b.kind);
  if (!k) throw badInput('kind', `kind: 未知的审批类型 ${b.kind} / unknown approval kind ${b.kind}`);
  if (!b.steps.some((s) => s.aboveCents == null))
    throw badInput(
      'steps',
      'steps: 至少需要一个不设金额门槛的步骤 / at least one step must apply to every amount',
    );
  const roleCodes = [...new Set(b.steps.flatMap((s) => s.roles))];
  const userIds = [...new Set(b.steps.flatMap((s) => s.userIds))];
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    if (roleCodes.length) {
      const known = new Set(
        (await tx.select({ c: roles.code }).from(roles).where(inArray(roles.code, roleCodes))).map(
          (r) => r.c,
        ),
      );
      const i = b.steps.findIndex((s) => s.roles.some((c) => !known.has(c)));
      if (i >= 0) throw badInput(`steps.${i}.roles`, `steps.${i}.roles: 角色不存在 / no such role`);
    }
    if (userIds.length) {
      const known = new Set(
        (await tx.select({ id: users.id }).from(users).where(inArray(users.id, userIds))).map((r) => r.id),
      );
      const i = b.steps.findIndex((s) => s.userIds.some((id) => !known.has(id)));
      if (i >= 0) throw badInput(`steps.${i}.userIds`, `steps.${i}.userIds: 审批人不存在 / no such user`);
    }
    const [cur] = await tx
      .select()
      .from(approvalPolicies)
      .where(eq(approvalPolicies.kind, k.kind))
      .for('update');
    if (b.version !== undefined && b.version !== (cur?.version ?? 0)) throw staleVersion();
    const steps: StoredStep[] = b.steps.map((s) => ({
      name: s.name,
      roles: s.roles,
      userIds: s.userIds,
      mode: s.mode,
      aboveCents: s.aboveCents,
    }));
    if (cur)
      await updateVersioned(tx, approvalPolicies, {
        where: eq(approvalPolicies.kind, k.kind),
        version: undefined,
        set: { steps, updatedBy: u.id },
        at: now,
      });
    else await tx.insert(approvalPolicies).values({ kind: k.kind, steps, updatedBy: u.id, updatedAt: now });
    await writeAudit(tx, {
      action: 'approval.policy.save',
      target: `approval_policies:${k.kind}`,
      detail: { steps },
      userId: u.id,
      username: u.username,
      ip,
      at: now,
    });
  });
}
