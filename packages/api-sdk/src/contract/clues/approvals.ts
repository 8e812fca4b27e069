// Requests that wait for a decision: transfer, hand-up, abandon, invalid (docs/clue-states.md).
import { z } from 'zod';
import { Ok, PageQuery, get, page, post, priv, type Slice } from '../define.js';
import { Ts, ClueId, Text, Reason, ClueIdQuery, UserPick } from './fields.js';
import { CLUE_LIST, INVALID, work, approve, approveOrWorkbench } from './access.js';
import { ClueRow, FollowRow, ApprovalRow } from './rows.js';

export const ApprovalDetail = ApprovalRow.extend({ clue: ClueRow, follows: z.array(FollowRow) });

export const Decision = z.object({
  id: z.coerce.number().int().positive(),
  pass: z.boolean(),
  comment: Text(500).default(''),
});

export const ApprovalQuery = PageQuery.extend({
  status: z.coerce.number().int().optional(),
  schoolItemCode: z.string().trim().optional(),
  keyword: z.string().trim().max(50).optional(),
});

/** id: the approval request (null when a manager's transfer took effect directly). */
export const ApprovalCreated = z.object({ id: z.number().int().nullable(), direct: z.boolean() });

export const approvalsEndpoints = {
  transferSave: post('/flow/transfersave', {
    service: 'clue',
    summary:
      'Transfer to another consultant of the same campus: direct for managers, an approval request for consultants.',
    access: work,
    body: z.object({
      clueId: ClueId,
      toUserId: z.number().int(),
      reason: Reason,
      version: z.number().int().optional(),
    }),
    response: ApprovalCreated,
  }),
  transferSaveCampus: post('/flow/transferSave', {
    service: 'clue',
    summary: 'Transfer to another campus (optionally to a consultant there): always with approval.',
    access: work,
    body: z.object({
      clueId: ClueId,
      toSchoolItemCode: z.string().trim().min(1),
      toUserId: z.number().int().nullable().optional(),
      reason: Reason,
    }),
    response: ApprovalCreated,
  }),
  submitClueToDirector: post('/flow/submitClueToDirector', {
    service: 'clue',
    summary: 'Hand the clue up to the director: on approval it returns to the campus distribution pool.',
    access: work,
    body: z.object({ clueId: ClueId, reason: Reason }),
    response: ApprovalCreated,
  }),
  abandonSave: post('/flow/abandonsave', {
    service: 'clue',
    summary: 'Request to abandon a clue (approved: it goes to the high sea).',
    access: work,
    body: z.object({
      clueId: ClueId,
      reasonCode: z.string().trim().max(50).nullable().optional(),
      reason: Reason,
    }),
    response: ApprovalCreated,
  }),
  abandonSaveBatch: post('/flow/abandonSave', {
    service: 'clue',
    summary: 'Request to abandon several clues at once (one approval each; all or nothing).',
    access: work,
    body: z.object({
      clueIds: z.array(ClueId).min(1).max(200),
      reasonCode: z.string().trim().max(50).nullable().optional(),
      reason: Reason,
    }),
    response: z.object({ ids: z.array(z.number().int()) }),
  }),
  abandonListAll: post('/clue/abandon/listAll', {
    service: 'clue',
    summary: 'Abandon requests in the caller’s campuses.',
    access: work,
    body: ApprovalQuery,
    response: page(ApprovalRow),
  }),
  abandonDetail: get('/clue/abandon/getDetailById', {
    service: 'clue',
    summary: 'One abandon request with its clue.',
    access: work,
    query: z.object({ id: ClueId }),
    response: ApprovalDetail,
  }),
  abandonApprove: post('/clue/abandon/approve', {
    service: 'clue',
    summary:
      'Pass (clue to the high sea) or reject (clue back) an abandon request. Also from the workbench: the approval engine decides who may (a saved flow may name a consultant).',
    access: approveOrWorkbench,
    body: Decision,
    response: Ok,
  }),
  invalidSubmit: post('/clue/clue/invalid/submit', {
    service: 'clue',
    summary:
      'Request to mark a clue invalid. Refused when the clue was created more than two days ago or its requests were rejected more than twice.',
    access: work,
    body: z.object({
      clueId: ClueId,
      reasonCode: z.string().trim().max(50).nullable().optional(),
      reason: Reason,
    }),
    response: ApprovalCreated,
  }),
  invalidList: get('/clue/clue/invalid/list', {
    service: 'clue',
    summary: 'Invalid-marking requests in the caller’s campuses.',
    access: priv(INVALID, CLUE_LIST),
    query: ApprovalQuery,
    response: page(ApprovalRow),
  }),
  invalidApprove: post('/clue/clue/invalid/approve', {
    service: 'clue',
    summary: 'Pass (clue becomes invalid and leaves the lists) or reject an invalid request.',
    access: approve,
    body: Decision,
    response: Ok,
  }),
  invalidApprovers: get('/clue/clue/invalid/approve/user/list', {
    service: 'clue',
    summary:
      'Who may approve invalid requests of a campus: the first step of the clueInvalid approval policy, holding the campus.',
    access: work,
    query: z.object({ schoolItemCode: z.string().trim().optional(), clueId: ClueId.optional() }),
    response: z.array(UserPick),
  }),
  checkExceedTowDays: get('/clue/clue/invalid/checkExceedTowDays', {
    service: 'clue',
    summary: 'True when the clue was created more than two days ago (it can no longer be marked invalid).',
    access: work,
    query: ClueIdQuery,
    response: z.object({ exceeded: z.boolean(), createdAt: Ts }),
  }),
  checkRejectExceedTwoTimes: get('/clue/clue/invalid/check/rejectExceedTwoTimes', {
    service: 'clue',
    summary: 'True when invalid requests of the clue were rejected more than twice (no new request).',
    access: work,
    query: ClueIdQuery,
    response: z.object({ exceeded: z.boolean(), rejectCount: z.number().int() }),
  }),
  commissioners4clueValid: get('/hr/commissioners4clueValid/{id}', {
    service: 'ehr',
    summary:
      'Approvers of invalid clues of a campus ({id}: school_items id or code), from the clueInvalid approval policy.',
    access: work,
    params: z.object({ id: z.string().trim().min(1) }),
    response: z.array(UserPick),
  }),
  centerWorkerList: get('/clue/clue/invalid/center/worker/list', {
    service: 'clue',
    summary: 'Invalid requests the centre leader may decide: pending ones of the caller’s campuses.',
    access: approve,
    query: ApprovalQuery,
    response: page(ApprovalRow),
  }),
  centerWorkerApprove: post('/clue/clue/invalid/center/worker/approve', {
    service: 'clue',
    summary: 'The centre leader’s decision on an invalid request.',
    access: approve,
    body: Decision,
    response: Ok,
  }),
  centerWorkerDetail: get('/clue/clue/invalid/center/worker/detail/{id}', {
    service: 'clue',
    summary: 'One invalid request with its clue.',
    access: approve,
    params: z.object({ id: z.coerce.number().int().positive() }),
    response: ApprovalDetail,
  }),
} satisfies Slice;
