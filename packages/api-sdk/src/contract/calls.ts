// Call records, quality control and the outbound-call service adapters (Tencent Cloud Contact Center
// style and Zhichi style). Decisions: docs/decisions.md "Resources and calls".
import { z } from 'zod';
import { Phone } from './fields.js';
import { Ok, PageQuery, get, page, post, priv, signedIn, type Slice } from './define.js';

export const CallDirection = z.enum(['out', 'in']);
/** The call types the softphone panel offers (spec §4 call-type lock stores the last one). */
export const CallType = z.enum(['first_call', 'follow', 'invite', 'service', 'other']);
export const CallResult = z.enum(['answered', 'no_answer', 'busy', 'failed']);
export const CallProvider = z.enum(['tencent', 'zhichi', 'manual']);
export const QualityState = z.enum(['unscored', 'scored']);

const Ts = z.string().describe('ISO 8601 timestamp');
const TsIn = z.iso.datetime({ offset: true, message: 'an ISO 8601 timestamp' });
const DateStr = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const Id = z.coerce.number().int().positive();
const PhoneNo = Phone;

export const CallRow = z.object({
  id: z.number().int(),
  sessionId: z.string(),
  userId: z.number().int(),
  userName: z.string().nullable(),
  clueId: z.number().int().nullable(),
  cluecode: z.string().nullable(),
  resourceId: z.number().int().nullable(),
  rescode: z.string().nullable(),
  /** Campus of the clue or resource at the time of the call (scope of managers). */
  schoolItemCode: z.string().nullable(),
  customerName: z.string().nullable(),
  phone: z.string(),
  callerPhone: z.string().nullable(),
  direction: CallDirection,
  callType: CallType.nullable(),
  result: CallResult,
  provider: CallProvider,
  startAt: Ts,
  endAt: Ts.nullable(),
  durationSeconds: z.number().int(),
  recordingUrl: z.string().nullable(),
  qualityState: QualityState,
  /** The current quality score (0–100), when scored. */
  qualityTotal: z.number().int().nullable(),
  createdAt: Ts,
});
export type TCallRow = z.infer<typeof CallRow>;

export const QualityItem = z.object({
  code: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(100),
  score: z.number().int('whole points').min(0, 'scores are 0–100').max(100, 'scores are 0–100'),
});
export const QualityScore = z.object({
  id: z.number().int(),
  callId: z.number().int(),
  /** 1 for the first scoring, +1 for every re-scoring; only the newest is current. */
  version: z.number().int(),
  current: z.boolean(),
  items: z.array(QualityItem),
  /** The rounded mean of the item scores. */
  total: z.number().int(),
  comment: z.string(),
  reviewerId: z.number().int(),
  reviewerName: z.string().nullable(),
  reviewedAt: Ts,
});

export const CallDetail = CallRow.extend({
  content: z.string(),
  contentUpdatedAt: Ts.nullable(),
  /** Every scoring, newest first (the first one is current). */
  quality: z.array(QualityScore),
});

export const CallQuery = PageQuery.extend({
  /** The caller (agent) user id. */
  userId: z.coerce.number().int().optional(),
  /** Callee phone (part of it). */
  phone: z.string().trim().max(20).optional(),
  clueId: z.coerce.number().int().optional(),
  resourceId: z.coerce.number().int().optional(),
  /** Start time from / to: ISO timestamps or YYYY-MM-DD (Asia/Shanghai days, inclusive). */
  startTime: z.string().trim().optional(),
  endTime: z.string().trim().optional(),
  minDuration: z.coerce.number().int().min(0).optional(),
  maxDuration: z.coerce.number().int().min(0).optional(),
  direction: CallDirection.optional(),
  callType: CallType.optional(),
  result: CallResult.optional(),
  qualityState: QualityState.optional(),
  schoolItemCode: z.string().trim().optional(),
});
export type TCallQuery = z.infer<typeof CallQuery>;

export const CallInput = z.object({
  /** The provider's session id: saving the same session again (same agent) completes the record. */
  sessionId: z.string().trim().min(1, 'sessionId is required').max(100),
  clueId: z.number().int().positive().nullable().optional(),
  resourceId: z.number().int().positive().nullable().optional(),
  phone: PhoneNo,
  callerPhone: PhoneNo.nullable().optional(),
  direction: CallDirection.default('out'),
  callType: CallType.nullable().optional(),
  result: CallResult.optional(),
  provider: CallProvider.default('manual'),
  startAt: TsIn,
  endAt: TsIn.nullable().optional(),
  /** Seconds; default end − start. */
  durationSeconds: z.number().int().min(0).max(86_400).optional(),
  /** Only a web address (http or https): the screens open it as a link. */
  recordingUrl: z
    .url({
      protocol: /^https?$/,
      message: '录音地址须为 http 或 https 网址 / the recording URL must be an http or https address',
    })
    .max(1000)
    .nullable()
    .optional(),
});

export const CallCountRow = z.object({
  userId: z.number().int(),
  userName: z.string().nullable(),
  date: z.string(),
  total: z.number().int(),
  answered: z.number().int(),
  outgoing: z.number().int(),
  durationSeconds: z.number().int(),
});
export const CallCount = z.object({
  total: z.number().int(),
  answered: z.number().int(),
  durationSeconds: z.number().int(),
  /** Per user and Asia/Shanghai day, newest day first. */
  rows: z.array(CallCountRow),
});

export const AgentLogin = z.object({
  provider: z.enum(['tencent', 'zhichi']),
  /** The provider's agent id: the seat user id (Tencent) or job number (Zhichi). */
  agentId: z.string(),
  /** The call token for the softphone SDK (kept by the browser as the "call token"). */
  token: z.string(),
  /** The SDK script URL (Tencent); null for Zhichi. */
  sdkUrl: z.string().nullable(),
  expiresAt: Ts,
});
export const KeepAlive = z.object({
  online: z.boolean(),
  expiresAt: Ts,
  /** A fresh login when the old token was about to expire (under 5 minutes left); else null. */
  renewed: AgentLogin.nullable(),
});
export const ScreenPop = z.object({
  callee: z.string(),
  caller: z.string(),
  /** Who the callee is, as far as the caller may see. */
  clue: z
    .object({
      clueId: z.number().int(),
      cluecode: z.string(),
      childName: z.string(),
      parentName: z.string(),
      flowState: z.string(),
      ownerName: z.string().nullable(),
    })
    .nullable(),
  resource: z
    .object({
      id: z.number().int(),
      rescode: z.string(),
      name: z.string(),
      status: z.string(),
      ownerName: z.string().nullable(),
    })
    .nullable(),
  lastCall: z
    .object({
      id: z.number().int(),
      startAt: Ts,
      userName: z.string().nullable(),
      durationSeconds: z.number().int(),
    })
    .nullable(),
  /** The flash text shown on the agent's screen. */
  message: z.string(),
});

// Privilege codes: the screens that own the endpoints.
const QC = '/clues/qualityControl';
/** Anyone who works clues or resources makes calls. */
const agent = priv(
  '/workSurface/index',
  '/clues/clueList',
  '/clues/clueDetail',
  '/clues/clueResources',
  '/clues/resourceDetail',
  QC,
);
const IdQuery = z.object({ id: Id });

export const calls = {
  list: get('/call/list', {
    service: 'interaction',
    summary:
      'Call records in scope (own calls; managers their campuses; admin all), filtered and paged, newest first.',
    access: agent,
    query: CallQuery,
    response: page(CallRow),
  }),
  listAll: get('/call/listAll', {
    service: 'interaction',
    summary: 'The whole filtered result (for exports; at most 5000 rows, newest first).',
    access: agent,
    query: CallQuery.omit({ pageIdx: true, pageSize: true }),
    response: z.array(CallRow),
  }),
  getById: get('/call/getById', {
    service: 'interaction',
    summary: 'One call with its content and every quality scoring.',
    access: agent,
    query: IdQuery,
    response: CallDetail,
  }),
  getBySessionId: get('/call/getBySessionId', {
    service: 'interaction',
    summary: 'The call of a provider session (the panel after hanging up).',
    access: agent,
    query: z.object({ sessionId: z.string().trim().min(1).max(100) }),
    response: CallDetail,
  }),
  count: get('/call/count', {
    service: 'interaction',
    summary:
      'Calls per user and day (workbench): total, answered, outgoing, talk seconds. Default: today; own calls unless a manager.',
    access: agent,
    query: z.object({
      startDate: DateStr.optional(),
      endDate: DateStr.optional(),
      userId: z.coerce.number().int().optional(),
    }),
    response: CallCount,
  }),
  callUserList: get('/call/callUserList', {
    service: 'interaction',
    summary: 'Users who made calls visible to the caller (for the filters).',
    access: agent,
    response: z.array(z.object({ id: z.number().int(), username: z.string(), name: z.string() })),
  }),
  save: post('/call/save', {
    service: 'interaction',
    summary:
      'Save a call record (sessionId unique: the same agent saving the session again completes it; another agent → 409).',
    access: agent,
    body: CallInput,
    response: CallRow,
  }),
  deleteById: post('/call/deleteById', {
    service: 'interaction',
    summary:
      'Delete a call record (quality managers, or the agent while unscored); kept for the audit trail.',
    access: agent,
    query: IdQuery,
    response: Ok,
  }),
  content: post('/call/content', {
    service: 'interaction',
    summary:
      'The transcript/notes of a call: with a body { content } they are replaced first (the agent or a quality manager); answers the current text.',
    access: agent,
    query: IdQuery,
    body: z.object({ content: z.string().max(20_000) }).optional(),
    response: z.object({ id: z.number().int(), content: z.string(), contentUpdatedAt: Ts.nullable() }),
  }),
  qualitySave: post('/call/qualitySave', {
    service: 'interaction',
    summary:
      'Score a call (items 0–100, total = rounded mean, comment). Re-scoring needs the current score’s version; every scoring is kept and audited.',
    access: priv(QC),
    body: z.object({
      callId: Id,
      items: z.array(QualityItem).min(1, 'at least one item').max(30),
      /** Optional: when given it must equal the rounded mean of the items. */
      total: z.number().int().min(0).max(100).optional(),
      comment: z.string().trim().max(1000).default(''),
      /** The current score's version (required when the call is already scored). */
      version: z.number().int().optional(),
    }),
    response: QualityScore,
  }),

  centre: get('/call/centre', {
    service: 'interaction',
    summary:
      'Which outbound-call centre this server is configured for (the agent panel signs in there): tencent when TCCC_* is complete, else zhichi when ZHICHI_* is, else null.',
    access: agent,
    response: z.object({ provider: z.enum(['tencent', 'zhichi']).nullable() }),
  }),
  tencentLogin: post('/tencent/login', {
    service: 'interaction',
    summary:
      'Sign the agent in to the contact centre: asks the provider (CreateSDKLoginToken, TC3-HMAC-SHA256) for the SDK URL and call token. 503 when TCCC_* is not configured.',
    access: agent,
    body: z.object({ phone: PhoneNo.optional() }).optional(),
    response: AgentLogin,
  }),
  tencentKeepAlive: post('/tencent/keepAlive', {
    service: 'interaction',
    summary:
      'Keep the agent’s seat session alive (email = seat user id, own unless a manager); renews the token when under 5 minutes are left.',
    access: agent,
    query: z.object({ email: z.string().trim().min(1).max(100).optional() }),
    response: KeepAlive,
  }),
  tencentLogout: post('/tencent/logout', {
    service: 'interaction',
    summary:
      'End the agent’s seat session (called by the shell on sign-out when a call token exists). Idempotent.',
    access: signedIn,
    response: Ok,
  }),
  tencentBinding: post('/tencent/binding', {
    service: 'interaction',
    summary: 'Bind the agent’s phone to the seat at the provider (ModifyStaff).',
    access: agent,
    body: z.object({ phone: PhoneNo }),
    response: Ok,
  }),
  tencentFlashMsg: post('/tencent/flashMsg', {
    service: 'interaction',
    summary:
      'Screen-pop (闪信) for a call from zj (主叫, the agent’s line) to bj (被叫, the customer): who the customer is and the last call.',
    access: agent,
    query: z.object({ bj: PhoneNo, zj: PhoneNo }),
    response: ScreenPop,
  }),
  zhichiLogin: post('/zhichi/login', {
    service: 'interaction',
    summary:
      'Sign the agent (job number, answering phone) in to the Zhichi (Sobot) V6 call centre (callservice/v6 agent _login with the company token of POST /tokens/company) and answer the agent token (POST /tokens/agent) for the browser. 503 when ZHICHI_* is not configured.',
    access: agent,
    query: z.object({ jobNumber: z.string().trim().min(1).max(50), phone: PhoneNo }),
    response: AgentLogin,
  }),
  zhichiMakeCall: post('/zhichi/makeCall', {
    service: 'interaction',
    summary:
      'Dial a customer through the Zhichi (Sobot) V6 call centre from the signed-in seat (callservice/v6 webmsg agent _makeCall): the centre rings the agent’s answering phone, then the customer. Answers the provider’s call id, under which the panel records the call with /call/save. Ours: spec §7 names only the Zhichi login and logout.',
    access: agent,
    query: z.object({ jobNumber: z.string().trim().min(1).max(50), phone: PhoneNo }),
    response: z.object({ sessionId: z.string(), callerPhone: PhoneNo.nullable() }),
  }),
  zhichiLogout: post('/zhichi/logout', {
    service: 'interaction',
    summary: 'Sign the agent out of the Zhichi (Sobot) V6 call centre (callservice/v6 agent _logout).',
    access: agent,
    query: z.object({ jobNumber: z.string().trim().min(1).max(50) }),
    response: Ok,
  }),
} satisfies Slice;
