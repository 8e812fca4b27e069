// The clue itself: create, lists, detail, follow-ups, contacts, tags, channel, state correction, import.
import { z } from 'zod';
import { BirthDate } from '../fields.js';
import { Ok, PageQuery, get, page, post, priv, type Slice } from '../define.js';
import {
  ClueState,
  ClueSource,
  Gender,
  IntentionLevel,
  Ts,
  DateStr,
  Phone,
  ClueId,
  Text,
  Reason,
  ClueIdQuery,
} from './fields.js';
import { CLUE_LIST, SCHOOL, DIST, CLUE_ACTIONS, work } from './access.js';
import { ClueRow, ClueTagRef, FollowRow, ContactRow, ClueDetail } from './rows.js';

export const ClueInput = z.object({
  childName: z.string().trim().min(1, '请填写孩子姓名 / the child name is required').max(50),
  gender: Gender.default(0),
  birthDate: BirthDate.nullable().optional(),
  parentName: z.string().trim().min(1, '请填写家长姓名 / the parent name is required').max(50),
  phone: Phone,
  relation: Text(20).default(''),
  /** Campus (school_items.code); empty = the brand traffic centre's pool. */
  schoolItemCode: z.string().trim().max(20).nullable().optional(),
  /** Channel code of the clue settings. */
  channel: z.string().trim().max(50).nullable().optional(),
  recommender: Text(50).nullable().optional(),
  /** Customer intention code of the clue settings. */
  intention: z.string().trim().max(50).nullable().optional(),
  note: Text(1000).default(''),
  /** Clue tags (tag records of type 1) by id. */
  tagIds: z.array(z.number().int().positive().max(2147483647)).max(20).default([]),
  insurance: z.boolean().default(false),
  /** Who follows it up: absent = a consultant keeps their own clue, a manager puts it in the pool. */
  ownerUserId: z.number().int().nullable().optional(),
});
export type TClueInput = z.infer<typeof ClueInput>;

export const ClueListQuery = PageQuery.extend({
  schoolItemCode: z.string().trim().optional(),
  channel: z.string().trim().optional(),
  startDate: DateStr.optional(),
  endDate: DateStr.optional(),
  keyword: z.string().trim().max(50).optional(),
  flowState: ClueState.optional(),
  ownerUserId: z.coerce.number().int().optional(),
  source: ClueSource.optional(),
  /** Clues carrying this tag (tag record id). */
  tagId: z.coerce.number().int().positive().max(2147483647).optional(),
});
export type TClueListQuery = z.infer<typeof ClueListQuery>;

export const StateCount = z.object({ flowState: ClueState, name: z.string(), count: z.number().int() });

export const CompletedStep = z.object({
  key: z.enum(['created', 'followed', 'visit_scheduled', 'visited', 'assessed', 'converted']),
  name: z.string(),
  done: z.boolean(),
  at: Ts.nullable(),
});

export const ImportRow = z.object({
  childName: z.string(),
  gender: z.union([z.number(), z.string()]).optional(),
  birthDate: z.string().nullable().optional(),
  parentName: z.string(),
  phone: z.string(),
  relation: z.string().optional(),
  schoolItemCode: z.string().nullable().optional(),
  channel: z.string().nullable().optional(),
  intention: z.string().nullable().optional(),
  note: z.string().optional(),
});

export const ImportResult = z.object({
  total: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), reason: z.string() })),
  duplicates: z.array(z.object({ row: z.number().int(), phone: z.string(), owner: z.string() })),
});

export const coreEndpoints = {
  clueSave: post('/clue/cluesave', {
    service: 'clue',
    summary:
      'Create a clue by hand. A phone held by an active clue is refused (409 on field phone, naming owner and campus).',
    access: work,
    body: ClueInput,
    response: ClueRow,
  }),
  mylist: get('/clue/mylist', {
    service: 'clue',
    summary: "The caller's own clues (filtered, paged).",
    access: work,
    query: ClueListQuery,
    response: page(ClueRow),
  }),
  detail: get('/clue/detail', {
    service: 'clue',
    summary:
      'One clue with follow records, history, contacts, approvals and the actions the caller may take.',
    access: work,
    query: ClueIdQuery,
    response: ClueDetail,
  }),
  list: get('/clue/list', {
    service: 'clue',
    summary:
      'Clues in scope: a consultant sees own clues plus the campus pool, managers their campuses, admin all.',
    access: priv(CLUE_LIST),
    query: ClueListQuery,
    response: page(ClueRow),
  }),
  list2: get('/clue/list2', {
    service: 'clue',
    summary: 'Campus clues (the schoolClues screen), same filters.',
    access: priv(SCHOOL, CLUE_LIST),
    query: ClueListQuery,
    response: page(ClueRow),
  }),
  list2Summary: get('/clue/list2Summary', {
    service: 'clue',
    summary: 'Counts per flow state of the list2 filter (flowState itself ignored).',
    access: priv(SCHOOL, CLUE_LIST),
    query: ClueListQuery,
    response: z.array(StateCount),
  }),
  getCompletedProject: get('/clue/getCompletedProject', {
    service: 'clue',
    summary:
      'The steps of the clue done so far: created, followed, visit scheduled, visited, assessed, converted.',
    access: work,
    query: ClueIdQuery,
    response: z.array(CompletedStep),
  }),
  followSave: post('/flow/followsave', {
    service: 'clue',
    summary: 'Add a follow record (content, next visit time, intention level).',
    access: work,
    body: z.object({
      clueId: ClueId,
      content: z.string().trim().min(1, '请填写跟进内容 / the follow-up content is required').max(2000),
      nextVisitAt: Ts.nullable().optional(),
      intentionLevel: IntentionLevel.nullable().optional(),
      version: z.number().int().optional(),
    }),
    response: FollowRow,
  }),
  flows: get('/flow/flows', {
    service: 'clue',
    summary: 'Follow records of a clue, newest first.',
    access: work,
    query: ClueIdQuery,
    response: z.array(FollowRow),
  }),
  updateClueFlowState: post('/clue/updateClueFlowState', {
    service: 'clue',
    summary: 'Super administrator’s correction of a clue’s flow state (reason required, audited).',
    access: priv('clues.admin'),
    body: z.object({
      clueId: ClueId,
      flowState: ClueState,
      reason: Reason,
      ownerUserId: z.number().int().nullable().optional(),
    }),
    response: Ok,
  }),
  modifyClueChannel: post('/clue/clue/modifyClueChannel', {
    service: 'clue',
    summary: 'Change the channel (and recommender) of a clue.',
    access: work,
    body: z.object({
      clueId: ClueId,
      channel: z.string().trim().min(1).max(50),
      recommender: Text(50).nullable().optional(),
    }),
    response: Ok,
  }),
  queryRecommender: get('/clue/clue/queryRecommender', {
    service: 'clue',
    summary: 'Find a recommender (referral) among visible clues and students by name or phone.',
    access: work,
    query: z.object({ keyword: z.string().trim().min(1).max(50) }),
    response: z.array(
      z.object({
        kind: z.enum(['clue', 'student']),
        code: z.string(),
        name: z.string(),
        parentName: z.string(),
        phone: z.string(),
      }),
    ),
  }),
  contactSave: post('/clueContactInfo/insertOrUpdateClueContactInfo', {
    service: 'clue',
    summary: 'Add (no id) or change another contact of a clue.',
    access: work,
    body: z.object({
      id: z.number().int().optional(),
      clueId: ClueId,
      name: z.string().trim().min(1).max(50),
      relation: Text(20).default(''),
      phone: Phone,
      note: Text(200).default(''),
    }),
    response: ContactRow,
  }),
  contactDelete: get('/clueContactInfo/deleteClueContactInfo', {
    service: 'clue',
    summary: 'Remove a contact of a clue.',
    access: work,
    query: z.object({ id: ClueId }),
    response: Ok,
  }),
  tagsSave: post('/clue/tags', {
    service: 'clue',
    summary:
      'Replace the tags of a clue (tag record ids of type 1); a tag added must be enabled, one the clue already carries may be disabled.',
    access: work,
    body: z.object({
      clueId: ClueId,
      tagIds: z.array(z.number().int().positive().max(2147483647)).max(20),
    }),
    response: z.array(ClueTagRef),
  }),
  importRows: post('/clue/importRows', {
    service: 'clue',
    summary:
      'Batch import (CLI): rows validated first; any error → nothing written; duplicates by phone reported, not created.',
    access: priv(CLUE_ACTIONS.import, DIST),
    body: z.object({ rows: z.array(ImportRow).max(5000), dryRun: z.boolean().default(false) }),
    response: ImportResult,
  }),
} satisfies Slice;
