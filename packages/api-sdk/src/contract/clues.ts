// The clue lifecycle: pools, follow-up, transfer, abandon, invalid, conversion (docs/clue-states.md).
import { z } from 'zod';
import { BirthDate, Mobile } from './fields.js';
import {
  Ok,
  PageQuery,
  QueryBool,
  get,
  page,
  post,
  priv,
  publicAccess,
  signedIn,
  type Slice,
} from './define.js';

/** Clue states of docs/clue-states.md (spec §4 leaves the values to us). */
export const ClueState = z.enum([
  'pool',
  'following',
  'visit_scheduled',
  'visited',
  'assessed',
  'converted',
  'transfer_pending',
  'abandon_pending',
  'invalid_pending',
  'high_sea',
  'invalid',
  'merged',
]);
export type TClueState = z.infer<typeof ClueState>;
/** Where a clue came from. */
export const ClueSource = z.enum(['manual', 'baidu', 'douyin', 'h5', 'import']);
export const LeadSource = z.enum(['baidu', 'douyin', 'h5']);
/** 1 boy, 2 girl, 0 unknown. */
export const Gender = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]));
/** Intention levels of a follow-up: A hot … D cold. */
export const IntentionLevel = z.enum(['A', 'B', 'C', 'D']);
/** Status of a clue request on the approval engine: 5 pending, 20 approved, 30 rejected, 50 cancelled (10 and 40 are not used by the clue kinds). */
export const ApprovalStatus = z.union([
  z.literal(5),
  z.literal(10),
  z.literal(20),
  z.literal(30),
  z.literal(40),
  z.literal(50),
]);
export const ApprovalKind = z.enum(['transfer', 'abandon', 'invalid']);

const Ts = z.string().describe('ISO 8601 timestamp');
const DateStr = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
// Clue phones are the family's mobile: every lookup and duplicate check is by mobile.
const Phone = Mobile;
const ClueId = z.coerce.number().int().positive();
const Text = (max: number) => z.string().trim().max(max);
const Reason = z.string().trim().min(1, '请填写原因 / a reason is required').max(500);

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
  tags: z.array(z.string()),
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
export const ApprovalDetail = ApprovalRow.extend({ clue: ClueRow, follows: z.array(FollowRow) });

export const ClueDetail = ClueRow.extend({
  follows: z.array(FollowRow),
  events: z.array(ClueEventRow),
  contacts: z.array(ContactRow),
  approvals: z.array(ApprovalRow),
  /** What the caller may do now (the UI shows only these buttons). */
  actions: z.array(z.string()),
});

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
  tags: z.array(z.string().trim().min(1).max(30)).max(20).default([]),
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
  tag: z.string().trim().optional(),
});
export type TClueListQuery = z.infer<typeof ClueListQuery>;

export const StateCount = z.object({ flowState: ClueState, name: z.string(), count: z.number().int() });
const ClueIdQuery = z.object({ clueId: ClueId });
const PhoneQuery = z.object({ phone: Phone });
const MobileQuery = z.object({ mobile: Phone });

/** Who holds a phone: enough to tell the caller who to talk to, names masked outside their scope. */
export const PhoneHolder = z.object({
  clueId: z.number().int(),
  cluecode: z.string(),
  childName: z.string(),
  flowState: ClueState,
  flowStateName: z.string(),
  schoolItemCode: z.string().nullable(),
  schoolItemName: z.string().nullable(),
  ownerName: z.string().nullable(),
  mine: z.boolean(),
  /** False: the caller may not open it (other campus or other consultant); names are masked. */
  visible: z.boolean(),
  createdAt: Ts,
});
export const CorFilterRow = z.object({
  kind: z.enum(['clue', 'student']),
  code: z.string(),
  name: z.string(),
  state: z.string(),
  schoolItemCode: z.string().nullable(),
  schoolItemName: z.string().nullable(),
  ownerName: z.string().nullable(),
  mine: z.boolean(),
  visible: z.boolean(),
});

export const LeadInput = z.object({
  /** The platform's lead id: a repeated delivery with the same id changes nothing. */
  leadId: z.string().trim().min(1).max(100),
  phone: Phone,
  parentName: Text(50).default(''),
  childName: Text(50).default(''),
  schoolItemCode: z.string().trim().max(20).nullable().optional(),
  campaignName: Text(200).default(''),
  /** The ad account (Douyin: the ad UC name). */
  adAccountName: Text(200).default(''),
  city: Text(50).default(''),
  extra: z.record(z.string(), z.unknown()).default({}),
});
export const IngestResult = z.object({
  leadId: z.number().int(),
  clueId: z.number().int(),
  cluecode: z.string(),
  /** created: a new clue; routed: the phone's existing clue got a follow note; repeated: same lead id again. */
  outcome: z.enum(['created', 'routed', 'repeated']),
});
export const LeadRow = z.object({
  id: z.number().int(),
  leadId: z.string(),
  phone: z.string(),
  parentName: z.string(),
  childName: z.string(),
  schoolItemCode: z.string().nullable(),
  campaignName: z.string(),
  adAccountName: z.string(),
  city: z.string(),
  outcome: z.string(),
  clueId: z.number().int().nullable(),
  cluecode: z.string().nullable(),
  flowState: ClueState.nullable(),
  ownerName: z.string().nullable(),
  receivedAt: Ts,
});
export const LeadQuery = PageQuery.extend({
  startDate: DateStr.optional(),
  endDate: DateStr.optional(),
  schoolItemCode: z.string().trim().optional(),
  keyword: z.string().trim().max(50).optional(),
  adAccountName: z.string().trim().optional(),
});
export const LeadSummary = z.object({
  total: z.number().int(),
  created: z.number().int(),
  routed: z.number().int(),
  converted: z.number().int(),
  invalid: z.number().int(),
});

export const MergeInput = z.object({
  keepClueId: ClueId,
  mergeClueIds: z.array(ClueId).min(1, 'choose the clues to merge').max(20),
});
export const MergePreview = z.object({
  keep: ClueRow,
  merged: z.array(ClueRow),
  /** The kept record's fields after the merge: empty fields are filled from the merged clues. */
  fields: z.array(
    z.object({ field: z.string(), value: z.string().nullable(), fromClueId: z.number().int() }),
  ),
  followsMoved: z.number().int(),
});

export const DistributionMode = z.enum(['manual', 'round_robin', 'least_loaded']);
export const UserPick = z.object({ id: z.number().int(), username: z.string(), name: z.string() });
export const DistributionRule = z.object({
  schoolItemCode: z.string(),
  mode: DistributionMode,
  version: z.number().int().nullable(),
  /** Active consultants (role 34) of the campus: whom an automatic rule assigns to. */
  consultants: z.array(UserPick.extend({ load: z.number().int() })),
});

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

export const MatriculationRow = z.object({
  id: z.number().int(),
  clueId: z.number().int(),
  uuid: z.string(),
  matriculationType: z.string(),
  conclusion: z.string(),
  score: z.number().nullable(),
  suggestion: z.string(),
  assessorName: z.string(),
  createdAt: Ts,
  sentAt: Ts.nullable(),
});
export const EvaluationSendRow = z.object({
  id: z.number().int(),
  uuid: z.string(),
  phone: z.string(),
  matriculationType: z.string(),
  /** The link the parent opens (sent by SMS once an SMS adapter exists; stored and returned now). */
  link: z.string(),
  sentAt: Ts,
});
export const CompletedStep = z.object({
  key: z.enum(['created', 'followed', 'visit_scheduled', 'visited', 'assessed', 'converted']),
  name: z.string(),
  done: z.boolean(),
  at: Ts.nullable(),
});
export const StudentDraft = z.object({
  clueId: z.number().int(),
  name: z.string(),
  gender: z.number().int(),
  birthDate: z.string().nullable(),
  parentName: z.string(),
  phone: z.string(),
  relation: z.string(),
  schoolItemCode: z.string().nullable(),
  channel: z.string().nullable(),
  insurance: z.boolean(),
  assessment: MatriculationRow.nullable(),
});
export const StudentInput = z.object({
  clueId: ClueId,
  name: z.string().trim().min(1, 'the student name is required').max(50),
  gender: Gender,
  birthDate: BirthDate.nullable().optional(),
  parentName: z.string().trim().min(1, 'the parent name is required').max(50),
  phone: Phone,
  schoolItemCode: z.string().trim().min(1, 'the campus is required').max(20),
  insurance: z.boolean().optional(),
});
export const StudentCreated = z.object({ studentId: z.number().int(), studentCode: z.string() });

export const ChannelSignRow = z.object({
  id: z.number().int(),
  name: z.string(),
  channel: z.string(),
  schoolItemCode: z.string().nullable(),
  remark: z.string(),
  status: z.number().int(),
  version: z.number().int(),
});
export const CalendarDay = z.object({
  dateStr: z.string(),
  typeCalendar: z.number().int(),
  isOpen: z.boolean(),
  note: z.string(),
  /** Campuses open that day (their own entries, or the day's default). */
  openSchoolCount: z.number().int(),
});
export const CalendarSchoolRow = z.object({
  dateStr: z.string(),
  schoolItemCode: z.string(),
  schoolItemName: z.string(),
  isOpen: z.boolean(),
  note: z.string(),
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

// Privilege codes: the screens of spec §2 that own the endpoints, plus action codes.
const CLUE_LIST = '/clues/clueList';
const SCHOOL = '/clues/schoolClues';
const DIST = '/clues/disCluelist';
const PUBLIC = '/clues/cluePublic';
const INVALID = '/clues/invalidClue';
const BAIDU = '/clues/baiduClue';
const H5 = '/clues/h5activity';
const SIGN = '/clues/channelSign';
const ASSESS = '/clues/admissionAssessment';
const WORK = '/workSurface/index';
/** Action codes held by managers and approvers (docs/clue-states.md). */
export const CLUE_ACTIONS = {
  approve: 'clues.approve',
  distribute: 'clues.distribute',
  import: 'clues.import',
  merge: 'clues.merge',
} as const;
/** Any screen where clues are worked. */
const work = priv(CLUE_LIST, SCHOOL, DIST, PUBLIC, WORK);
/**
 * Looking up who holds a phone: the screens that take in or screen leads (clue desks, resources,
 * primary screening), not every signed-in user (issue 11 §4: a teacher enumerated phones).
 */
const phoneLookup = priv(
  CLUE_LIST,
  SCHOOL,
  DIST,
  PUBLIC,
  WORK,
  BAIDU,
  '/clues/clueDetail',
  '/clues/primaryScreen',
  '/clues/clueResources',
);
/** Approvers: the service also requires a director (76), centre leader (72) or administrator of the campus. */
const approve = priv(CLUE_ACTIONS.approve, INVALID);

export const clues = {
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
  distributionPoolList: get('/clue/distributionPoolList', {
    service: 'clue',
    summary: 'The distribution pool (state pool) of the caller’s campuses, filtered and paged.',
    access: priv(DIST, CLUE_LIST),
    query: ClueListQuery,
    response: page(ClueRow),
  }),
  getCompletedProject: get('/clue/getCompletedProject', {
    service: 'clue',
    summary:
      'The steps of the clue done so far: created, followed, visit scheduled, visited, assessed, converted.',
    access: work,
    query: ClueIdQuery,
    response: z.array(CompletedStep),
  }),
  list4baidu: get('/clue/query/list4baidu', {
    service: 'clue',
    summary: 'Baidu leads as received, with their clue.',
    access: priv(BAIDU),
    query: LeadQuery,
    response: page(LeadRow),
  }),
  list4Douyin: get('/clue/query/list4Douyin', {
    service: 'clue',
    summary: 'Douyin leads as received, with their clue.',
    access: priv(BAIDU),
    query: LeadQuery,
    response: page(LeadRow),
  }),
  list4H5: get('/clue/query/list4H5', {
    service: 'clue',
    summary: 'H5 campaign leads as received, with their clue.',
    access: priv(H5, BAIDU),
    query: LeadQuery,
    response: page(LeadRow),
  }),
  list4baiduSummary: get('/clue/query/list4baiduSummary', {
    service: 'clue',
    summary: 'Totals of the Baidu lead filter.',
    access: priv(BAIDU),
    query: LeadQuery,
    response: LeadSummary,
  }),
  list4DouyinSummary: get('/clue/query/list4DouyinSummary', {
    service: 'clue',
    summary: 'Totals of the Douyin lead filter.',
    access: priv(BAIDU),
    query: LeadQuery,
    response: LeadSummary,
  }),
  list4H5Summary: get('/clue/query/list4H5Summary', {
    service: 'clue',
    summary: 'Totals of the H5 lead filter.',
    access: priv(H5, BAIDU),
    query: LeadQuery,
    response: LeadSummary,
  }),
  douyinAdUcName: get('/clue/query/douyinAdUcName', {
    service: 'clue',
    summary: 'Douyin ad account (UC) names seen in leads.',
    access: priv(BAIDU),
    response: z.array(z.string()),
  }),
  ingest: post('/clue/ingest/{source}', {
    service: 'clue',
    summary:
      'Ad-platform webhook: stores the raw lead and creates a clue, or routes it to the phone’s existing clue. Authenticated by header x-webhook-token (CLUE_WEBHOOK_SECRET_<SOURCE>); 503 when not configured.',
    access: publicAccess,
    params: z.object({ source: LeadSource }),
    body: LeadInput,
    response: IngestResult,
  }),

  checkClueRepeat: get('/clue/checkClueRepeat', {
    service: 'clue',
    summary: 'Whether an active clue already holds the phone, and who.',
    access: phoneLookup,
    query: PhoneQuery,
    response: z.object({ repeat: z.boolean(), holder: PhoneHolder.nullable() }),
  }),
  clueProtect: get('/clue/clueProtect', {
    service: 'clue',
    summary:
      'Whether the phone is protected: an owned working clue of someone else (pool and high-sea clues are not protected).',
    access: phoneLookup,
    query: PhoneQuery,
    response: z.object({ protected: z.boolean(), holder: PhoneHolder.nullable(), message: z.string() }),
  }),
  queryByMobile: get('/clue/queryByMobile', {
    service: 'clue',
    summary: 'Every clue under a mobile (masked outside the caller’s scope).',
    access: phoneLookup,
    query: MobileQuery,
    response: z.array(PhoneHolder),
  }),
  listUserClueByPhone: get('/clue/listUserClueByPhone', {
    service: 'clue',
    summary: 'Clues under a phone; isMyself=1 only the caller’s own; cluePosition filters by flow state.',
    access: phoneLookup,
    query: z.object({ phone: Phone, isMyself: QueryBool.default(true), cluePosition: ClueState.optional() }),
    response: z.array(PhoneHolder),
  }),
  getBizIdByPhone: get('/clue/getBizIdByPhone', {
    service: 'clue',
    summary: 'The active clue and the student under a phone (ids only when visible to the caller).',
    access: phoneLookup,
    query: PhoneQuery,
    response: z.object({
      clueId: z.number().int().nullable(),
      cluecode: z.string().nullable(),
      studentCode: z.string().nullable(),
    }),
  }),
  getFlowsByPhone: get('/flow/getFlowsByPhone', {
    service: 'clue',
    summary: 'Follow records of the visible clues under a phone.',
    access: work,
    query: PhoneQuery,
    response: z.array(FollowRow),
  }),
  corFilterByMobile: get('/corFilter/getListByMobile', {
    service: 'clue',
    summary:
      'Cooperation filter: clues and students under a mobile across campuses, masked for other owners.',
    access: phoneLookup,
    query: MobileQuery,
    response: z.array(CorFilterRow),
  }),
  isInsuranceUser: get('/user/isInsuranceUser', {
    service: 'user',
    summary:
      'True when the mobile belongs to a family with an insurance-funded (rehabilitation subsidy) clue or student.',
    access: signedIn,
    query: MobileQuery,
    response: z.boolean(),
  }),
  mergePreview: post('/clue/merge/preview', {
    service: 'clue',
    summary: 'What merging duplicates would keep.',
    access: priv(CLUE_ACTIONS.merge, DIST),
    body: MergeInput,
    response: MergePreview,
  }),
  merge: post('/clue/merge', {
    service: 'clue',
    summary:
      'Merge duplicates into one clue: follow records, contacts and tags move; the others become state merged.',
    access: priv(CLUE_ACTIONS.merge, DIST),
    body: MergeInput,
    response: z.object({
      clueId: z.number().int(),
      merged: z.number().int(),
      followsMoved: z.number().int(),
    }),
  }),

  distributeSave: post('/clue/distributeSave', {
    service: 'clue',
    summary:
      'Assign clues to a consultant of their campus (from the pool, the high sea or another consultant).',
    access: priv(CLUE_ACTIONS.distribute, DIST),
    body: z.object({
      clueIds: z.array(ClueId).min(1).max(500),
      ownerUserId: z.number().int(),
      schoolItemCode: z.string().trim().optional(),
    }),
    response: z.object({ count: z.number().int() }),
  }),
  distributionRule: get('/clue/distributionRule', {
    service: 'clue',
    summary: 'The distribution rule of a campus (manual when never set) and its consultants with their load.',
    access: priv(DIST),
    query: z.object({ schoolItemCode: z.string().trim().min(1) }),
    response: DistributionRule,
  }),
  distributionRuleSave: post('/clue/distributionRule', {
    service: 'clue',
    summary: 'Set the distribution rule of a campus: manual, round_robin or least_loaded.',
    access: priv(CLUE_ACTIONS.distribute, DIST),
    body: z.object({
      schoolItemCode: z.string().trim().min(1),
      mode: DistributionMode,
      version: z.number().int().nullable().optional(),
    }),
    response: DistributionRule,
  }),
  highSeaList: get('/clue/highSeaList', {
    service: 'clue',
    summary: 'The high sea (public pool) of the caller’s campuses and the brand centre.',
    access: priv(PUBLIC),
    query: ClueListQuery,
    response: page(ClueRow),
  }),
  receiveClue: post('/clue/receiveClue', {
    service: 'clue',
    summary:
      'Claim a high-sea clue (schoolItemCode for a brand-centre clue). Daily cap per consultant (CLUE_CLAIM_DAILY_CAP) → 429.',
    access: priv(PUBLIC),
    body: z.object({ clueId: ClueId, schoolItemCode: z.string().trim().optional() }),
    response: ClueRow,
  }),
  highSeaReject: post('/clue/highSeaReject', {
    service: 'clue',
    summary:
      'Give back a received clue that has no follow record yet: straight to the high sea without approval.',
    access: work,
    query: z.object({ cluecode: z.string().trim().min(1), reason: Text(200).optional() }),
    response: Ok,
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
    summary: 'Pass (clue to the high sea) or reject (clue back) an abandon request.',
    access: approve,
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
    summary: 'Who may approve invalid requests of a campus (directors and centre leaders of it).',
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
    summary: 'Approvers of invalid clues of a campus ({id}: school_items id or code).',
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

  intoSchoolSave: post('/flow/intoschoolsave', {
    service: 'clue',
    summary: 'Schedule (or reschedule) the visit into school.',
    access: work,
    body: z.object({ clueId: ClueId, visitAt: Ts, note: Text(500).default('') }),
    response: ClueRow,
  }),
  clueConfirmSave: post('/clue/clueconfirmsave', {
    service: 'clue',
    summary: 'Confirm the visit happened.',
    access: work,
    body: z.object({ clueId: ClueId, visitedAt: Ts.optional(), note: Text(500).default('') }),
    response: ClueRow,
  }),
  entranceAssessment: get('/clue/entranceAssessment', {
    service: 'clue',
    summary: 'The entrance assessments of a clue and the evaluation links sent.',
    access: priv(ASSESS, CLUE_LIST, SCHOOL, WORK),
    query: ClueIdQuery,
    response: z.object({
      clueId: z.number().int(),
      results: z.array(MatriculationRow),
      sends: z.array(EvaluationSendRow),
    }),
  }),
  matriculationSave: post('/ifree/matriculationResult/save', {
    service: 'clue',
    summary: 'Record the entrance assessment of a visited clue (state assessed).',
    access: priv(ASSESS, CLUE_LIST, SCHOOL, WORK),
    body: z.object({
      clueId: ClueId,
      matriculationType: z.string().trim().min(1).max(50),
      conclusion: z.string().trim().min(1, 'the conclusion is required').max(2000),
      score: z.number().min(0).max(1000).nullable().optional(),
      suggestion: Text(2000).default(''),
      assessorName: Text(50).default(''),
    }),
    response: MatriculationRow,
  }),
  matriculationSend: post('/ifree/matriculationResult/send/{id}', {
    service: 'clue',
    summary:
      'Send the assessment result link to the parent by text message (503 when not configured), record the send and return the link.',
    access: priv(ASSESS, CLUE_LIST, SCHOOL, WORK),
    params: z.object({ id: z.coerce.number().int().positive() }),
    response: EvaluationSendRow,
  }),
  sendEvaluate: post('/ifree/matriculationResult/sendEvaluate', {
    service: 'clue',
    summary:
      'Send the evaluation link to a phone by text message (SMS adapter; 503 when not configured), record the send and return the link.',
    access: priv(ASSESS, CLUE_LIST, SCHOOL, WORK),
    query: z.object({
      uuid: z.string().trim().min(1).max(100),
      phone: Phone,
      matriculationType: z.string().trim().min(1).max(50),
    }),
    response: EvaluationSendRow,
  }),
  preSaveStudent: get('/clue/preSaveStudent', {
    service: 'clue',
    summary: 'The student case file prefilled from the clue.',
    access: work,
    query: ClueIdQuery,
    response: StudentDraft,
  }),
  studentCreate: post('/clue/student/create', {
    service: 'clue',
    summary: 'Create the student from a visited or assessed clue (state converted).',
    access: work,
    body: StudentInput,
    response: StudentCreated,
  }),
  bindingStudent: post('/clue/bindingStudent', {
    service: 'clue',
    summary: 'Bind the clue to an existing student of its campus (state converted).',
    access: work,
    body: z.object({ clueId: ClueId, studentCode: z.string().trim().min(1) }),
    response: Ok,
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
  channelSignList: get('/clueChannelSign/getChannelSignList', {
    service: 'clue',
    summary: 'Channel signs (tracking marks of a channel), filtered and paged.',
    access: priv(SIGN),
    query: PageQuery.extend({ channel: z.string().trim().optional(), name: z.string().trim().optional() }),
    response: page(ChannelSignRow),
  }),
  channelSignDelete: get('/clueChannelSign/deleteById', {
    service: 'clue',
    summary: 'Delete a channel sign.',
    access: priv(SIGN),
    query: z.object({ id: ClueId }),
    response: Ok,
  }),
  channelSignSave: post('/clueChannelSign/saveOrUpdate', {
    service: 'clue',
    summary: 'Create (no id) or update (id + version) a channel sign.',
    access: priv(SIGN),
    body: z.object({
      id: z.number().int().optional(),
      name: z.string().trim().min(1, 'the name is required').max(50),
      channel: z.string().trim().min(1, 'the channel is required').max(50),
      schoolItemCode: z.string().trim().nullable().optional(),
      remark: Text(500).default(''),
      status: z.number().int().min(0).max(1).default(1),
      version: z.number().int().optional(),
    }),
    response: ChannelSignRow,
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
    summary: 'Replace the tags (names) of a clue.',
    access: work,
    body: z.object({ clueId: ClueId, tags: z.array(z.string().trim().min(1).max(30)).max(20) }),
    response: z.array(z.string()),
  }),
  calendarList: get('/clueCalendar/queryCalendarList', {
    service: 'clue',
    summary: 'Days of a month of the school-opening calendar (typeCalendar default 1).',
    access: signedIn,
    query: z.object({
      monthStr: z.string().regex(/^\d{4}-\d{2}$/, 'a month as YYYY-MM'),
      typeCalendar: z.coerce.number().int().default(1),
    }),
    response: z.array(CalendarDay),
  }),
  calendarSchoolList: get('/clueCalendar/queryCalendarSchoolList', {
    service: 'clue',
    summary: 'Campus entries of a month (campuses whose opening differs from the day’s default).',
    access: signedIn,
    query: z.object({
      monthStr: z.string().regex(/^\d{4}-\d{2}$/, 'a month as YYYY-MM'),
      schoolItemCode: z.string().trim().optional(),
    }),
    response: z.array(CalendarSchoolRow),
  }),
  calendarSchoolsOnDate: get('/clueCalendar/querySchoolList', {
    service: 'clue',
    summary: 'Every campus in scope with whether it is open on a date.',
    access: signedIn,
    query: z.object({ dateStr: DateStr }),
    response: z.array(CalendarSchoolRow),
  }),
  updateCalender: post('/clueCalendar/updateCalender', {
    service: 'clue',
    summary: 'Set whether a day is an opening day (for every campus by default).',
    access: priv(DIST, '/setting/clues'),
    body: z.object({
      dateStr: DateStr,
      typeCalendar: z.number().int().default(1),
      isOpen: z.boolean(),
      note: Text(200).default(''),
    }),
    response: Ok,
  }),
  updateCalenderSchool: post('/clueCalendar/updateCalenderSchool', {
    service: 'clue',
    summary: 'Set whether one campus is open on a day (overrides the day’s default).',
    access: priv(DIST, '/setting/clues'),
    body: z.object({
      dateStr: DateStr,
      schoolItemCode: z.string().trim().min(1),
      isOpen: z.boolean(),
      note: Text(200).default(''),
    }),
    response: Ok,
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
