// Transfer school (issue 14): a student moves to another campus with their open orders and hours. The
// application is a schoolTransfer request on the approval engine; on its last pass everything moves
// in one transaction and the other campus sees the student from then on.
import { z } from 'zod';
import { KindApprovalFilter, KindApprovalFlow, KindApprovalRow } from './approvals.js';
import { FileResponse, PageQuery, get, page, post, priv, type Slice } from './define.js';

const Ts = z.string().describe('ISO 8601 timestamp');
const Id = z.coerce.number().int().positive().max(2147483647);
const Campus = z.string().trim().min(1, '请选择转入校区 / the target campus is required').max(20);

/** 10 awaiting approval, 20 moved, 30 rejected, 50 withdrawn. */
export const SCHOOL_TRANSFER_STATUSES = [10, 20, 30, 50] as const;

export const SchoolTransferInput = z.object({
  studentId: Id,
  toSchoolItemCode: Campus,
  reason: z
    .string()
    .trim()
    .min(1, '请填写转校原因 / the reason is required')
    .max(500, '原因最多500字 / the reason is at most 500 characters'),
});
export type TSchoolTransferInput = z.input<typeof SchoolTransferInput>;

export const SchoolTransferRow = KindApprovalRow.extend({
  transferId: z.number().int(),
  code: z.string(),
  transferStatus: z.number().int(),
  studentId: z.number().int(),
  studentCode: z.string(),
  fromSchoolItemCode: z.string(),
  fromSchoolItemName: z.string().nullable(),
  toSchoolItemName: z.string().nullable(),
  movedOrders: z.number().int(),
  createdAt: Ts,
});
export type TSchoolTransferRow = z.infer<typeof SchoolTransferRow>;
export const SchoolTransferDetail = SchoolTransferRow.extend(KindApprovalFlow.shape);

/** What would move with the student now, and what stops a transfer. */
export const SchoolTransferPreview = z.object({
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  orders: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      status: z.number().int(),
      payable: z.string().describe('yuan, 2 decimals'),
      remainingHours: z.number(),
    }),
  ),
  /** Empty when a transfer may be filed. */
  blockers: z.array(z.string()),
  pendingCode: z.string().nullable(),
});

export const SchoolTransferFilter = KindApprovalFilter.extend({ studentId: Id.optional() });

const APPLY = priv('/financial/transferSchool', '/students/studentDetail');
const READ = priv('/financial/transferSchool', '/students/studentDetail');
const APPROVE = priv('/financial/transferSchool');

export const schoolTransfers = {
  list: get('/transferSchool/list', {
    service: 'schedule',
    summary:
      'Transfer-school applications from or to the caller’s campuses with their approval state (mine: what the caller may decide now), paged.',
    access: READ,
    query: PageQuery.extend(SchoolTransferFilter.shape),
    response: page(SchoolTransferRow),
  }),
  applyDetail: get('/transferSchool/apply/detail', {
    service: 'schedule',
    summary: 'What would move with the student (their open orders and hours) and what stops a transfer now.',
    access: APPLY,
    query: z.object({ studentId: Id }),
    response: SchoolTransferPreview,
  }),
  export: get('/transferSchool/export', {
    service: 'schedule',
    summary: 'Every transfer-school application of the filter as a workbook.',
    access: READ,
    kind: 'download',
    query: SchoolTransferFilter,
    response: FileResponse,
  }),
  detail: get('/transferSchool/detail/{id}', {
    service: 'schedule',
    summary: 'One transfer-school application (by its id) with its approval flow and history.',
    access: READ,
    params: z.object({ id: Id }),
    response: SchoolTransferDetail,
  }),
  applyCheck: get('/transferSchool/apply/check', {
    service: 'schedule',
    summary: 'Whether the student may be transferred to the campus now, and why not.',
    access: APPLY,
    query: z.object({ studentId: Id, toSchoolItemCode: Campus }),
    response: z.object({ ok: z.boolean(), reason: z.string() }),
  }),
  apply: post('/transferSchool/apply', {
    service: 'schedule',
    summary: 'Apply to move a student to another campus: a schoolTransfer approval is filed.',
    access: APPLY,
    body: SchoolTransferInput,
    response: z.object({ id: z.number().int(), code: z.string(), approvalId: z.number().int() }),
  }),
  approvalPass: post('/transferSchool/approvalPass', {
    service: 'schedule',
    summary:
      'Pass the current step of a transfer-school approval (the engine’s pass narrowed to this kind); the last pass moves the student.',
    access: APPROVE,
    body: z.object({
      id: Id,
      comment: z.string().trim().max(500).default(''),
      version: z.number().int().positive().optional(),
    }),
    response: z.object({ id: z.number().int(), status: z.number().int(), step: z.number().int() }),
  }),
} satisfies Slice;
