// Refund applications (issue 14): a family's written request for a refund of an order, with
// attachments (a signed letter, bank card, medical note). Once approved (kind refundApplication) the
// refunds slice files the refund order of the money core, which then runs its own approval.
import { z } from 'zod';
import { KindApprovalFilter, KindApprovalFlow, KindApprovalRow } from './approvals.js';
import { Mobile } from './fields.js';
import { FileResponse, PageQuery, get, page, post, priv, type Slice } from './define.js';

const Ts = z.string().describe('ISO 8601 timestamp');
const Id = z.coerce.number().int().positive().max(2147483647);

/** 10 awaiting approval, 20 approved (refund order filed), 30 rejected, 50 withdrawn. */
export const REFUND_APPLICATION_STATUSES = [10, 20, 30, 50] as const;
/** Attachments: at most 10 per application, 10 MB each, PDF or image. */
export const REFUND_ATTACHMENT_MAX = 10;
export const REFUND_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export const RefundApplicationInput = z.object({
  orderId: Id,
  reasonCode: z.string().trim().min(1, '请选择退费原因 / the refund reason is required').max(50),
  content: z
    .string()
    .trim()
    .min(1, '请填写申请内容 / the request text is required')
    .max(2000, '申请内容最多2000字 / at most 2000 characters'),
  applicantName: z
    .string()
    .trim()
    .min(1, '请填写申请人 / the applicant is required')
    .max(50, '申请人最多50字 / at most 50 characters'),
  applicantPhone: Mobile,
});
export type TRefundApplicationInput = z.input<typeof RefundApplicationInput>;

export const RefundAttachment = z.object({
  index: z.number().int(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export const RefundApplicationRow = KindApprovalRow.extend({
  applicationId: z.number().int(),
  code: z.string(),
  applicationStatus: z.number().int(),
  studentId: z.number().int(),
  studentCode: z.string(),
  orderId: z.number().int(),
  orderCode: z.string(),
  reasonCode: z.string(),
  content: z.string(),
  applicantName: z.string(),
  applicantPhone: z.string(),
  attachmentCount: z.number().int(),
  refundOrderId: z.number().int().nullable(),
  refundOrderCode: z.string().nullable(),
  createdAt: Ts,
});
export type TRefundApplicationRow = z.infer<typeof RefundApplicationRow>;
export const RefundApplicationDetail = RefundApplicationRow.extend(KindApprovalFlow.shape).extend({
  attachments: z.array(RefundAttachment),
});

export const RefundApplicationFilter = KindApprovalFilter.extend({ studentId: Id.optional() });

const APPLY = priv('/students/refundApply');
const READ = priv('/students/refundApply', '/financial/refundApproval');

export const refundApplications = {
  queryPage: get('/refundApply/queryPage', {
    service: 'schedule',
    summary:
      'Refund applications of the caller’s campuses with their approval state (mine: what the caller may decide now), paged.',
    access: READ,
    query: PageQuery.extend(RefundApplicationFilter.shape),
    response: page(RefundApplicationRow),
  }),
  flowDetail: get('/refundApply/flowDetail/{id}', {
    service: 'schedule',
    summary: 'One refund application (by its id) with its approval flow, history and attachments.',
    access: READ,
    params: z.object({ id: Id }),
    response: RefundApplicationDetail,
  }),
  export: get('/refundApply/export', {
    service: 'schedule',
    summary: 'Every refund application of the filter as a workbook.',
    access: READ,
    kind: 'download',
    query: RefundApplicationFilter,
    response: FileResponse,
  }),
  attachmentInfo: get('/refundApply/attachmentInfo', {
    service: 'schedule',
    summary: 'The attachments of one refund application (download each by its index).',
    access: READ,
    query: z.object({ id: Id }),
    response: z.array(RefundAttachment),
  }),
  add: post('/refundApply/add', {
    service: 'schedule',
    summary:
      'Record a family’s refund application of an effective order: a refundApplication approval is filed.',
    access: APPLY,
    body: RefundApplicationInput,
    response: z.object({ id: z.number().int(), code: z.string(), approvalId: z.number().int() }),
  }),
  attachmentUpload: post('/refundApply/attachment', {
    service: 'schedule',
    kind: 'upload',
    summary:
      'Attach one file (PDF, JPG or PNG, ≤ 10 MB; field id = the application) while the application awaits its first decision.',
    access: APPLY,
    response: z.array(RefundAttachment),
  }),
  attachmentDownload: get('/refundApply/attachment/{id}/{index}', {
    service: 'schedule',
    kind: 'download',
    summary: 'Download one attachment of a refund application.',
    access: READ,
    params: z.object({ id: Id, index: z.coerce.number().int().min(0).max(REFUND_ATTACHMENT_MAX) }),
    response: FileResponse,
  }),
} satisfies Slice;
