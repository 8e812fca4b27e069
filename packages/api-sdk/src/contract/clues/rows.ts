// The clue record as the lists and the detail show it (with its follow records, history, contacts, requests).
import { z } from 'zod';
import { ClueState, ClueSource, IntentionLevel, ApprovalStatus, ApprovalKind, Ts } from './fields.js';

/** A tag a clue carries: the tag record's id, with its current name and colour. */
export const ClueTagRef = z.object({ id: z.number().int(), name: z.string(), color: z.string().nullable() });

export const ClueRow = z.object({
  clueId: z.number().int(),
  cluecode: z.string(),
  childName: z.string(),
  gender: z.number().int(),
  birthDate: z.string().nullable(),
  /** Age in whole months at the server's today (null without a birth date). */
  ageMonths: z.number().int().nullable(),
  parentName: z.string(),
  phone: z.string(),
  relation: z.string(),
  schoolItemCode: z.string().nullable(),
  schoolItemName: z.string().nullable(),
  channel: z.string().nullable(),
  recommender: z.string().nullable(),
  intention: z.string().nullable(),
  intentionLevel: IntentionLevel.nullable(),
  flowState: ClueState,
  flowStateName: z.string(),
  ownerUserId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  source: ClueSource,
  note: z.string(),
  tags: z.array(ClueTagRef),
  insurance: z.boolean(),
  followCount: z.number().int(),
  lastFollowAt: Ts.nullable(),
  nextVisitAt: Ts.nullable(),
  visitAt: Ts.nullable(),
  visitedAt: Ts.nullable(),
  createdAt: Ts,
  invalidReason: z.string().nullable(),
  /** The pending approval, when the clue waits for one (transferId / abandon id / invalid id of spec §3). */
  pendingApprovalId: z.number().int().nullable(),
  /** The pending transfer / abandon / invalid request of spec §3 (the same id as pendingApprovalId, by kind). */
  transferId: z.number().int().nullable(),
  abandonId: z.number().int().nullable(),
  invalidId: z.number().int().nullable(),
  studentCode: z.string().nullable(),
  version: z.number().int(),
});
export type TClueRow = z.infer<typeof ClueRow>;

export const FollowRow = z.object({
  id: z.number().int(),
  clueId: z.number().int(),
  content: z.string(),
  intentionLevel: IntentionLevel.nullable(),
  nextVisitAt: Ts.nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  createdAt: Ts,
});

export const ClueEventRow = z.object({
  id: z.number().int(),
  action: z.string(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  userName: z.string().nullable(),
  detail: z.string().nullable(),
  at: Ts,
});

export const ContactRow = z.object({
  id: z.number().int(),
  clueId: z.number().int(),
  name: z.string(),
  relation: z.string(),
  phone: z.string(),
  note: z.string(),
});

export const ApprovalRow = z.object({
  id: z.number().int(),
  kind: ApprovalKind,
  status: ApprovalStatus,
  clueId: z.number().int(),
  cluecode: z.string(),
  childName: z.string(),
  phone: z.string(),
  fromSchoolItemCode: z.string().nullable(),
  toSchoolItemCode: z.string().nullable(),
  fromUserName: z.string().nullable(),
  toUserId: z.number().int().nullable(),
  toUserName: z.string().nullable(),
  reasonCode: z.string().nullable(),
  reason: z.string(),
  requestedByName: z.string().nullable(),
  requestedAt: Ts,
  decidedByName: z.string().nullable(),
  decidedAt: Ts.nullable(),
  comment: z.string().nullable(),
});
export type TApprovalRow = z.infer<typeof ApprovalRow>;

export const ClueDetail = ClueRow.extend({
  follows: z.array(FollowRow),
  events: z.array(ClueEventRow),
  contacts: z.array(ContactRow),
  approvals: z.array(ApprovalRow),
  /** What the caller may do now (the UI shows only these buttons). */
  actions: z.array(z.string()),
});
