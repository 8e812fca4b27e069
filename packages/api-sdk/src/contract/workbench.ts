// Workbench: approvals of transfers and the work lists of the /workSurface/index screen.
import { z } from 'zod';
import { Ok, PageQuery, get, page, post, priv, type Slice } from './define.js';
import { ApprovalDetail, ApprovalRow, ClueState, Decision } from './clues/index.js';

const Ts = z.string().describe('ISO 8601 timestamp');
/** 1 today's follow-ups, 2 today's visits, 3 my approvals, 4 my targets (this month). */
export const WorkType = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]));
export const WorkItem = z.object({
  clueId: z.number().int(),
  cluecode: z.string(),
  childName: z.string(),
  parentName: z.string(),
  phone: z.string(),
  schoolItemCode: z.string().nullable(),
  flowState: ClueState,
  /** The moment that puts it on the list: next follow-up, visit time or request time. */
  at: Ts.nullable(),
  overdue: z.boolean(),
  title: z.string(),
  approvalId: z.number().int().nullable(),
});
export const TargetRow = z.object({
  key: z.enum(['newClues', 'follows', 'visits', 'conversions', 'overdueTerms']),
  name: z.string(),
  /** The month's target, when the clue-target settings hold one (null until then). */
  target: z.number().int().nullable(),
  actual: z.number().int(),
});
export const ParentNoSignRow = z.object({
  studentCode: z.string(),
  studentName: z.string(),
  parentName: z.string(),
  phone: z.string(),
  schoolItemCode: z.string(),
  clueId: z.number().int().nullable(),
  createdAt: Ts,
});

const WORK = '/workSurface/index';
/** Approvers: the service also requires a director (76), centre leader (72) or administrator of the campus. */
const approve = priv('clues.approve', '/clues/invalidClue');

export const workbench = {
  selectApproveClue: get('/workbench/selectApproveClue', {
    service: 'clue',
    summary: 'Pending transfer requests the approver may decide (empId: user id; default the caller).',
    access: approve,
    query: z.object({ empId: z.coerce.number().int().optional() }),
    response: z.array(ApprovalRow),
  }),
  selectApproveClueDetail: get('/workbench/selectApproveClueDetail', {
    service: 'clue',
    summary: 'One transfer request with its clue and follow records.',
    access: approve,
    query: z.object({ transferId: z.coerce.number().int().positive() }),
    response: ApprovalDetail,
  }),
  approve: post('/workbench/approve', {
    service: 'clue',
    summary: 'Pass or reject a transfer request, with a comment.',
    access: approve,
    body: Decision,
    response: Ok,
  }),
  workList: get('/work/list', {
    service: 'clue',
    summary:
      "Workbench lists: type 1 today's follow-ups (due today or overdue), 2 today's visits, 3 my approvals, 4 my month's targets.",
    access: priv(WORK),
    query: z.object({ type: WorkType }),
    response: z.object({ type: z.number().int(), items: z.array(WorkItem), targets: z.array(TargetRow) }),
  }),
  parentNoSign: get('/work/growth-consultant/parent-no-sign/list', {
    service: 'clue',
    summary:
      'Students converted from clues in the caller’s campuses whose family has not signed yet (no order that is not revoked).',
    access: priv(WORK),
    query: PageQuery.extend({ schoolItemCode: z.string().trim().optional() }),
    response: page(ParentNoSignRow),
  }),
} satisfies Slice;
