// The one approval engine (docs/approvals.md): decide, cancel and revoke a request of any kind, the
// caller's pending decisions, a request's history, and the approval flows (policies) of the settings.
import { z } from 'zod';
import { Ok, PageQuery, get, page, post, priv, signedIn, type Slice } from './define.js';

const Ts = z.string().describe('ISO 8601 timestamp');
const Comment = z.string().trim().max(500);

/** A kind of request, e.g. 'clueInvalid'; registered by the slice that owns it. */
export const ApprovalKindCode = z
  .string()
  .trim()
  .regex(/^[a-zA-Z][a-zA-Z0-9]{1,49}$/, '审批类型编码无效 / not an approval kind code');

/** Stored status codes: 5 WAIT, 10 DEFAULT (in approval), 20 PASS, 30 REJECT, 40 REVOKE, 50 CANCEL. */
export const RequestStatus = z.number().int();

/** One step of an approval flow. */
export const ApprovalStepDef = z
  .object({
    name: z.string().trim().min(1, '请填写步骤名称 / the step name is required').max(50),
    /** Role codes whose holders may decide the step. */
    roles: z.array(z.number().int().positive()).max(20).default([]),
    /** Named people (user ids) who may decide the step. */
    userIds: z.array(z.number().int().positive()).max(50).default([]),
    /** any: one pass by any listed approver; all: every listed person and one holder of every listed role. */
    mode: z.enum(['any', 'all']).default('any'),
    /** The step applies only to requests whose amount (cents) is above this; null: always. */
    aboveCents: z.number().int().min(0).nullable().default(null),
  })
  .refine((s) => s.roles.length + s.userIds.length > 0, {
    message: '每一步至少需要一个审批角色或审批人 / each step needs at least one approver role or person',
    path: ['roles'],
  });
export type TApprovalStepDef = z.infer<typeof ApprovalStepDef>;

export const ApprovalPolicyRow = z.object({
  kind: z.string(),
  label: z.string(),
  labelEn: z.string(),
  subjectType: z.string(),
  steps: z.array(ApprovalStepDef),
  /** False while the kind runs on its registered default (nobody saved a policy yet). */
  custom: z.boolean(),
  version: z.number().int(),
  updatedAt: Ts.nullable(),
});
export type TApprovalPolicyRow = z.infer<typeof ApprovalPolicyRow>;

export const ApprovalPolicyInput = z.object({
  kind: ApprovalKindCode,
  steps: z
    .array(ApprovalStepDef)
    .min(1, '至少需要一个审批步骤 / at least one step is required')
    .max(10, '最多十个审批步骤 / at most ten steps'),
  /** The version read (0 while the kind runs on its default). */
  version: z.number().int().min(0).optional(),
});

export const ApprovalRequestRow = z.object({
  id: z.number().int(),
  kind: z.string(),
  kindLabel: z.string(),
  subjectType: z.string(),
  subjectId: z.number().int(),
  subjectCode: z.string().nullable(),
  subjectName: z.string(),
  status: RequestStatus,
  schoolItemCode: z.string().nullable(),
  toSchoolItemCode: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  reason: z.string(),
  requestedBy: z.number().int().nullable(),
  requestedByName: z.string().nullable(),
  requestedAt: Ts,
  /** The current step (0-based) and its name. */
  step: z.number().int(),
  stepName: z.string().nullable(),
  stepCount: z.number().int(),
  decidedAt: Ts.nullable(),
  comment: z.string().nullable(),
  version: z.number().int(),
});
export type TApprovalRequestRow = z.infer<typeof ApprovalRequestRow>;

export const ApprovalHistoryRow = z.object({
  step: z.number().int(),
  stepName: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  decision: z.enum(['pass', 'reject', 'cancel', 'revoke', 'close']),
  comment: z.string(),
  at: Ts,
});
/** A step an open request still waits for: who may decide it, by name, and the roles it names. */
export const AwaitedStep = z.object({
  step: z.number().int(),
  stepName: z.string(),
  /** The step being decided now; later steps follow it. */
  current: z.boolean(),
  roles: z.array(z.string()),
  approvers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TAwaitedStep = z.infer<typeof AwaitedStep>;
/** Who an open request waits for, and why the caller cannot act on it now (null: they can, or it is closed). */
export const ApprovalWaiting = z.object({
  awaited: z.array(AwaitedStep),
  whyNot: z.string().nullable(),
});
export const ApprovalRequestDetail = ApprovalRequestRow.extend({
  steps: z.array(ApprovalStepDef),
  history: z.array(ApprovalHistoryRow),
  /** What the caller may do now. */
  canDecide: z.boolean(),
  canCancel: z.boolean(),
  canRevoke: z.boolean(),
  ...ApprovalWaiting.shape,
});
export type TApprovalRequestDetail = z.infer<typeof ApprovalRequestDetail>;

/**
 * The one row shape of a kind's approval list (leave, make-up, transfer school, …): the request's
 * columns every list shows; an owning slice extends it with its subject's columns.
 */
export const KindApprovalRow = z.object({
  /** The approval request's id (what /approval/pass and /approval/reject take). */
  id: z.number().int(),
  status: RequestStatus,
  subjectId: z.number().int(),
  subjectCode: z.string().nullable(),
  subjectName: z.string(),
  schoolItemCode: z.string().nullable(),
  schoolItemName: z.string().nullable(),
  toSchoolItemCode: z.string().nullable(),
  reason: z.string(),
  requestedBy: z.number().int().nullable(),
  requestedByName: z.string().nullable(),
  requestedAt: Ts,
  stepName: z.string().nullable(),
  decidedAt: Ts.nullable(),
  comment: z.string().nullable(),
  canDecide: z.boolean(),
  version: z.number().int(),
});
/** The filter every kind's approval list takes. */
export const KindApprovalFilter = z.object({
  status: z.coerce.number().int().min(0).max(99).optional(),
  schoolItemCode: z.string().trim().max(20).optional(),
  keyword: z.string().trim().max(50).optional(),
  /** Only what the caller may decide now. */
  mine: z
    .preprocess(
      (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
      z.boolean(),
    )
    .optional(),
});
/** A kind's approval with its flow and history (detail pages). */
export const KindApprovalFlow = z.object({
  steps: z.array(ApprovalStepDef),
  step: z.number().int(),
  history: z.array(ApprovalHistoryRow),
  canDecide: z.boolean(),
  canCancel: z.boolean(),
  canRevoke: z.boolean(),
  ...ApprovalWaiting.shape,
});

const Target = {
  id: z.coerce.number().int().positive(),
  /** The version read; a stale one is refused with 409. */
  version: z.number().int().positive().optional(),
};
export const ApprovalPassInput = z.object({ ...Target, comment: Comment.default('') });
/** The message of a rejection without a reason, whether the comment is missing or blank. */
export const REJECT_COMMENT_REQUIRED = '请填写驳回意见 / enter a reason for rejecting';
export const ApprovalRejectInput = z.object({
  ...Target,
  comment: z.string({ error: REJECT_COMMENT_REQUIRED }).trim().min(1, REJECT_COMMENT_REQUIRED).max(500),
});
export const ApprovalCancelInput = z.object({ ...Target, comment: Comment.default('') });
export const ApprovalRevokeInput = z.object({
  ...Target,
  comment: Comment.min(1, '请填写撤销原因 / a reason is required to revoke'),
});
export const ApprovalOutcome = z.object({
  id: z.number().int(),
  status: RequestStatus,
  step: z.number().int(),
});

const FLOWS = priv('/setting/operate');

export const approvals = {
  pass: post('/approval/pass', {
    service: 'schedule',
    summary:
      'Pass the current step of a request of any kind; the last step approves it and runs the kind’s hook.',
    access: signedIn,
    body: ApprovalPassInput,
    response: ApprovalOutcome,
  }),
  reject: post('/approval/reject', {
    service: 'schedule',
    summary: 'Reject a request of any kind (a comment is required); the request ends.',
    access: signedIn,
    body: ApprovalRejectInput,
    response: ApprovalOutcome,
  }),
  cancel: post('/approval/cancel', {
    service: 'schedule',
    summary:
      'The requester withdraws their own open request (waiting, or in approval at a later step); nothing took effect yet.',
    access: signedIn,
    body: ApprovalCancelInput,
    response: ApprovalOutcome,
  }),
  revoke: post('/approval/revoke', {
    service: 'schedule',
    summary: 'Undo an approved request where its kind allows it (the kind’s hook undoes the effect).',
    access: signedIn,
    body: ApprovalRevokeInput,
    response: ApprovalOutcome,
  }),
  pending: get('/approval/pending', {
    service: 'schedule',
    summary: 'Requests waiting for the caller’s decision (any kind, or one), oldest first.',
    access: signedIn,
    query: PageQuery.extend({ kind: ApprovalKindCode.optional() }),
    response: page(ApprovalRequestRow),
  }),
  pendingCount: get('/approval/pending/count', {
    service: 'schedule',
    summary: 'How many requests wait for the caller’s decision.',
    access: signedIn,
    response: z.object({ count: z.number().int() }),
  }),
  mine: get('/approval/mine', {
    service: 'schedule',
    summary: 'The caller’s own requests, newest first.',
    access: signedIn,
    query: PageQuery.extend({
      kind: ApprovalKindCode.optional(),
      status: z.coerce.number().int().optional(),
    }),
    response: page(ApprovalRequestRow),
  }),
  detail: get('/approval/detail/{id}', {
    service: 'schedule',
    summary: 'A request with its steps and history (requester, approvers in scope, administrators).',
    access: signedIn,
    params: z.object({ id: z.coerce.number().int().positive() }),
    response: ApprovalRequestDetail,
  }),
  policyList: get('/approval/policy/list', {
    service: 'setting',
    summary: 'Every registered approval kind with its flow (saved or default).',
    access: FLOWS,
    response: z.array(ApprovalPolicyRow),
  }),
  policySave: post('/approval/policy/save', {
    service: 'setting',
    summary: 'Replace the flow of one kind; requests already filed keep the flow they were filed with.',
    access: FLOWS,
    body: ApprovalPolicyInput,
    response: Ok,
  }),
} satisfies Slice;
