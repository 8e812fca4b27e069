// The clue transfer, abandon and invalid requests as kinds of the approval engine (docs/approvals.md):
// filing moves the clue to its pending state; the engine's hooks move it on after the decision.
import { APPROVER_ROLES, ROLE } from '@bo/domain';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import type { AuthUser } from '../../http/auth.js';
import { decide, fileRequest, registerApprovalKind, type HookContext } from '../approvals/index.js';
import { loadClue, move } from './record.js';
import { type ClueRecord } from './common.js';
import { enterPool } from './creation.js';
import type { ClueAction, ClueState } from './states.js';
import { CLUE_KINDS, type ClueApprovalKind } from './approvalKinds.js';

const Payload = z.object({
  fromState: z.string(),
  fromUserId: z.number().int().nullable(),
  toUserId: z.number().int().nullable(),
  /** submitClueToDirector: on approval the clue returns to the distribution pool. */
  toPool: z.boolean(),
  reasonCode: z.string().nullable(),
});
type Payload = z.infer<typeof Payload>;

/** Today's rule as the default flow: one step, a director, a centre leader or a super administrator. */
const DEFAULT_STEPS = [
  {
    name: '主管审批',
    roles: [ROLE.admin, ...APPROVER_ROLES],
    userIds: [],
    mode: 'any' as const,
    aboveCents: null,
  },
];

const clear = { pendingFrom: null, pendingApprovalId: null };

async function back(c: HookContext<Payload>, action: ClueAction, extra: Partial<ClueRecord> = {}) {
  const clue = await loadClue(c.tx, c.request.subjectId, true);
  await move(c.tx, clue, {
    action,
    actor: c.actor,
    now: c.now,
    detail: { approvalId: c.request.id, comment: c.comment },
    patch: { ...clear, ...extra },
  });
  return clue;
}

registerApprovalKind<Payload>({
  kind: CLUE_KINDS.transfer,
  subjectType: 'clue',
  label: { 'zh-CN': '线索转移审批', en: 'Clue transfer' },
  payload: Payload,
  defaultSteps: DEFAULT_STEPS,
  rejectCommentOptional: true,
  onPass: async (c) => {
    const clue = await loadClue(c.tx, c.request.subjectId, true);
    const campus = c.request.toSchoolItemCode ?? clue.schoolItemCode;
    const toPool = c.payload.toPool || c.payload.toUserId === null;
    await move(c.tx, clue, {
      action: 'transferApprove',
      actor: c.actor,
      now: c.now,
      detail: { approvalId: c.request.id, comment: c.comment },
      to: toPool ? 'pool' : undefined,
      patch: {
        ...clear,
        schoolItemCode: campus,
        ownerUserId: toPool ? null : c.payload.toUserId,
        assignedAt: toPool ? null : c.now,
        ...(toPool ? { nextVisitAt: null } : {}),
      },
    });
    if (toPool) await enterPool(c.tx, await loadClue(c.tx, clue.id), c.now);
  },
  onReject: async (c) => {
    await back(c, 'transferReject');
  },
  onCancel: async (c) => {
    await back(c, 'cancelRequest');
  },
});

registerApprovalKind<Payload>({
  kind: CLUE_KINDS.abandon,
  subjectType: 'clue',
  label: { 'zh-CN': '线索放弃审批', en: 'Clue abandon' },
  payload: Payload,
  defaultSteps: DEFAULT_STEPS,
  rejectCommentOptional: true,
  onPass: async (c) => {
    await back(c, 'abandonApprove', { ownerUserId: null, assignedAt: null, nextVisitAt: null });
  },
  onReject: async (c) => {
    await back(c, 'abandonReject');
  },
  onCancel: async (c) => {
    await back(c, 'cancelRequest');
  },
});

registerApprovalKind<Payload>({
  kind: CLUE_KINDS.invalid,
  subjectType: 'clue',
  label: { 'zh-CN': '无效线索审批', en: 'Invalid clue' },
  payload: Payload,
  defaultSteps: DEFAULT_STEPS,
  rejectCommentOptional: true,
  onPass: async (c) => {
    await back(c, 'invalidApprove', { invalidReason: c.request.reason, nextVisitAt: null });
  },
  onReject: async (c) => {
    const clue = await loadClue(c.tx, c.request.subjectId);
    await back(c, 'invalidReject', { invalidRejectCount: clue.invalidRejectCount + 1 });
  },
  onCancel: async (c) => {
    await back(c, 'cancelRequest');
  },
});

/** Files a clue request on the engine and moves the clue to its pending state; returns the request id. */
export async function fileClueRequest(
  tx: DbOrTx,
  c: ClueRecord,
  u: AuthUser,
  now: Date,
  kind: ClueApprovalKind,
  action: 'transferRequest' | 'submitToDirector' | 'abandonRequest' | 'invalidRequest',
  v: {
    toUserId?: number | null;
    toSchoolItemCode?: string | null;
    toPool?: boolean;
    reasonCode?: string | null;
    reason: string;
  },
): Promise<number> {
  const id = await fileRequest(
    tx,
    u.id,
    {
      kind: CLUE_KINDS[kind],
      subjectId: c.id,
      subjectCode: c.cluecode,
      subjectName: c.childName,
      schoolItemCode: c.schoolItemCode,
      toSchoolItemCode: v.toSchoolItemCode ?? c.schoolItemCode,
      reason: v.reason,
      payload: {
        fromState: c.flowState as ClueState,
        fromUserId: c.ownerUserId,
        toUserId: v.toUserId ?? null,
        toPool: v.toPool ?? false,
        reasonCode: v.reasonCode ?? null,
      } satisfies Payload,
    },
    now,
  );
  await move(tx, c, {
    action,
    actor: u,
    now,
    patch: { pendingFrom: c.flowState, pendingApprovalId: id },
    detail: { approvalId: id, reason: v.reason },
  });
  return id;
}

/** The clue endpoints' decision: the engine's, narrowed to one clue kind (another kind's id is "not found"). */
export async function decideClue(
  deps: AppDeps,
  u: AuthUser,
  kind: ClueApprovalKind,
  d: { id: number; pass: boolean; comment: string },
  ip: string,
) {
  await decide(deps, u, d, ip, [CLUE_KINDS[kind]]);
}
