// Agreements (issue 14): paper contracts recovered from families, contract supplements (terms or an
// agreed amount) and service-time changes — each a record of one table and a kind on the one
// approval engine (paperContract, contractSupplement, serviceTime) —, electronic contracts signed
// by the guardian through the e-signature provider, and the special-needs survey filled before.
import { z } from 'zod';
import { KindApprovalFilter, KindApprovalFlow, KindApprovalRow } from './approvals.js';
import { FileResponse, PageQuery, get, page, post, priv, publicAccess, type Slice } from './define.js';
import { Mobile, money } from './fields.js';

const Ts = z.string().describe('ISO 8601 timestamp');
const Id = z.coerce.number().int().positive().max(2147483647);
const Day = z
  .string()
  .trim()
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}$/.test(v) &&
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      v >= '2000-01-01' &&
      v <= '2099-12-31',
    '日期格式应为 YYYY-MM-DD / a date as YYYY-MM-DD',
  );
const Text = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `请填写${what.split(' / ')[0]} / the ${what.split(' / ')[1]} is required`)
    .max(max, `最多${max}字 / at most ${max} characters`);

export const AGREEMENT_TYPES = ['paperContract', 'contractSupplement', 'serviceTime'] as const;
/** 10 awaiting approval, 20 approved, 30 rejected, 50 withdrawn. */
export const AGREEMENT_STATUSES = [10, 20, 30, 50] as const;

export const PaperContractInput = z.object({
  orderId: Id,
  contractNo: Text('合同编号 / contract number', 50),
  signedDate: Day,
  remark: z.string().trim().max(500).default(''),
});
export type TPaperContractInput = z.input<typeof PaperContractInput>;

export const SupplementInput = z
  .object({
    orderId: Id,
    /** terms: other terms agreed; amount: an amount agreed on top of the contract (amountSupplement). */
    kind: z.enum(['terms', 'amount']),
    amount: money({ maxIntDigits: 7 }).optional(),
    content: Text('补充内容 / supplement text', 2000),
  })
  .refine((v) => v.kind !== 'amount' || v.amount !== undefined, {
    message: '金额补录须填写金额 / an amount supplement needs the amount',
    path: ['amount'],
  });
export type TSupplementInput = z.input<typeof SupplementInput>;

export const ServiceTimeInput = z.object({
  studentId: Id,
  serviceEndDate: Day,
  reason: Text('原因 / reason', 500),
});
export type TServiceTimeInput = z.input<typeof ServiceTimeInput>;

export const AgreementRow = KindApprovalRow.extend({
  agreementId: z.number().int(),
  type: z.enum(AGREEMENT_TYPES),
  code: z.string(),
  agreementStatus: z.number().int(),
  studentId: z.number().int(),
  studentCode: z.string(),
  orderId: z.number().int().nullable(),
  orderCode: z.string().nullable(),
  contractNo: z.string().nullable(),
  signedDate: z.string().nullable(),
  supplementKind: z.enum(['terms', 'amount']).nullable(),
  supplementAmount: z.string().nullable().describe('yuan, 2 decimals'),
  content: z.string(),
  /** Service time: the end date before and the one asked for. */
  previousEndDate: z.string().nullable(),
  serviceEndDate: z.string().nullable(),
  createdAt: Ts,
});
export type TAgreementRow = z.infer<typeof AgreementRow>;
export const AgreementDetail = AgreementRow.extend(KindApprovalFlow.shape);

export const AgreementFilter = KindApprovalFilter.extend({
  studentId: Id.optional(),
  orderId: Id.optional(),
});
const AgreementPage = PageQuery.extend(AgreementFilter.shape);
const Created = z.object({ id: z.number().int(), code: z.string(), approvalId: z.number().int() });

// ---- electronic contracts and the special survey --------------------------------------------------

/** 0 being sent, 10 signing, 20 signed, 30 refused, 40 expired, 50 revoked (by the provider). */
export const E_CONTRACT_STATUSES = [0, 10, 20, 30, 40, 50] as const;

export const EContractRow = z.object({
  id: z.number().int(),
  code: z.string(),
  studentId: z.number().int(),
  studentName: z.string(),
  orderId: z.number().int(),
  orderCode: z.string(),
  signerName: z.string(),
  signerPhone: z.string(),
  status: z.number().int(),
  hasSignedFile: z.boolean(),
  signedAt: Ts.nullable(),
  sendCount: z.number().int(),
  lastSentAt: Ts.nullable(),
  createdAt: Ts,
});
export type TEContractRow = z.infer<typeof EContractRow>;

export const EContractPermissions = z.object({
  /** Whether the e-signature provider and the text message are configured; `missing` names what is not. */
  configured: z.boolean(),
  missing: z.array(z.string()),
  /** The special survey is filled (required before a contract is sent). */
  surveyDone: z.boolean(),
  /** The guardian who signs: the case file's parent and phone. */
  signerName: z.string(),
  signerPhone: z.string(),
  canSend: z.boolean(),
  /** Why not, when canSend is false. */
  reason: z.string(),
  /** The student's orders a contract may be sent for (not revoked), newest first. */
  orders: z.array(z.object({ orderId: z.number().int(), orderCode: z.string(), status: z.number().int() })),
});

const StuQuery = z.object({ stuId: Id });

export const COMMUNICATION = ['verbal', 'limited', 'nonverbal'] as const;
export const TOILETING = ['independent', 'withHelp', 'diapers'] as const;
export const SPECIAL_CONDITIONS = [
  'autism',
  'languageDelay',
  'adhd',
  'intellectual',
  'motor',
  'hearing',
  'visual',
  'learning',
  'other',
] as const;
const Note = (max: number) =>
  z.string().trim().max(max, `最多${max}字 / at most ${max} characters`).default('');

/** The questions of the special-needs survey (特殊情况调查): what the centre must know before teaching. */
export const SpecialSurveyAnswers = z
  .object({
    conditions: z.array(z.enum(SPECIAL_CONDITIONS)).max(SPECIAL_CONDITIONS.length).default([]),
    conditionOther: Note(200),
    communication: z.enum(COMMUNICATION),
    toileting: z.enum(TOILETING),
    seizureHistory: z.boolean(),
    medication: Note(500),
    allergies: Note(500),
    behaviourNotes: Note(1000),
    sensoryNotes: Note(1000),
    emergencyContactName: Text('紧急联系人 / emergency contact', 50),
    emergencyContactPhone: Mobile,
  })
  .refine((v) => !v.conditions.includes('other') || v.conditionOther !== '', {
    message: '选择“其他”须说明 / “other” needs a description',
    path: ['conditionOther'],
  });
export type TSpecialSurveyAnswers = z.input<typeof SpecialSurveyAnswers>;

export const SpecialSurveyInput = z.object({
  studentId: Id,
  answers: SpecialSurveyAnswers,
  guardianConsent: z.literal(true, {
    error: '须经监护人确认 / the guardian must confirm the answers',
  }),
  /** The version read; absent for the first save. */
  version: z.number().int().min(1).max(2147483647).optional(),
});
export type TSpecialSurveyInput = z.input<typeof SpecialSurveyInput>;

export const SpecialSurvey = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  studentName: z.string(),
  studentCode: z.string(),
  answers: SpecialSurveyAnswers,
  guardianConsent: z.boolean(),
  filledByName: z.string().nullable(),
  updatedAt: Ts,
  version: z.number().int(),
});
export type TSpecialSurvey = z.infer<typeof SpecialSurvey>;

const E_CONTRACT = priv('/financial/recoveredAgree', '/students/studentDetail');

const PAPER = priv('/financial/recoveredAgree');
const SUPPLEMENT = priv('/financial/supplementAgree', '/financial/amountSupplement');
const SERVICE_TIME = priv('/financial/validityDate');
const S = 'schedule' as const;

export const contracts = {
  paperContractAdd: post('/paperContract/add', {
    service: S,
    summary:
      'Record a paper contract signed by the family and recovered by the campus: a paperContract approval is filed.',
    access: PAPER,
    body: PaperContractInput,
    response: Created,
  }),
  paperContractApprovalPage: get('/paperContract/approvalPage', {
    service: S,
    summary:
      'Paper contracts of the caller’s campuses with their approval state (mine: what the caller may decide now).',
    access: PAPER,
    query: AgreementPage,
    response: page(AgreementRow),
  }),
  paperContractExport: get('/paperContract/export', {
    service: S,
    summary: 'Every paper contract of the filter as a workbook.',
    access: PAPER,
    kind: 'download',
    query: AgreementFilter,
    response: FileResponse,
  }),
  paperContractDetail: get('/paperContract/detail/{id}', {
    service: S,
    summary: 'One paper contract with its approval flow and history.',
    access: PAPER,
    params: z.object({ id: Id }),
    response: AgreementDetail,
  }),
  supplementCheck: get('/contractSupplement/check/{id}', {
    service: S,
    summary: 'Whether a supplement may be filed for the order ({id}) now, and why not.',
    access: SUPPLEMENT,
    params: z.object({ id: Id }),
    response: z.object({ ok: z.boolean(), reason: z.string() }),
  }),
  supplementContract: get('/contractSupplement/checkSupplementContract/{id}', {
    service: S,
    summary: 'The approved paper contract of the order ({id}) the supplement supplements, if any.',
    access: SUPPLEMENT,
    params: z.object({ id: Id }),
    response: z.object({ hasContract: z.boolean(), contractNo: z.string().nullable() }),
  }),
  supplementAdd: post('/contractSupplement/add', {
    service: S,
    summary:
      'File a contract supplement (terms, or an agreed amount) of an effective order: a contractSupplement approval.',
    access: SUPPLEMENT,
    body: SupplementInput,
    response: Created,
  }),
  supplementApprovalPage: get('/contractSupplement/approvalPage', {
    service: S,
    summary: 'Contract supplements of the caller’s campuses with their approval state.',
    access: SUPPLEMENT,
    query: AgreementPage,
    response: page(AgreementRow),
  }),
  supplementExport: get('/contractSupplement/export', {
    service: S,
    summary: 'Every contract supplement of the filter as a workbook.',
    access: SUPPLEMENT,
    kind: 'download',
    query: AgreementFilter,
    response: FileResponse,
  }),
  supplementDetail: get('/contractSupplement/detail/{id}', {
    service: S,
    summary: 'One contract supplement with its approval flow and history.',
    access: SUPPLEMENT,
    params: z.object({ id: Id }),
    response: AgreementDetail,
  }),
  supplementList: get('/contractSupplement/supplementList/{a}/{b}', {
    service: S,
    summary: 'The supplements of one student ({a}) and order ({b}), newest first.',
    access: SUPPLEMENT,
    params: z.object({ a: Id, b: Id }),
    response: z.array(AgreementRow),
  }),
  serviceTimeApply: post('/serviceTime/apply', {
    service: S,
    summary:
      'Ask to change a student’s service end date: a serviceTime approval; on pass the case file takes the date.',
    access: SERVICE_TIME,
    body: ServiceTimeInput,
    response: Created,
  }),
  serviceTimePage: get('/serviceTime/page', {
    service: S,
    summary: 'Service-time changes of the caller’s campuses with their approval state.',
    access: SERVICE_TIME,
    query: AgreementPage,
    response: page(AgreementRow),
  }),
  serviceTimeInfo: get('/serviceTime/info/{id}', {
    service: S,
    summary: 'One service-time change with its approval flow and history.',
    access: SERVICE_TIME,
    params: z.object({ id: Id }),
    response: AgreementDetail,
  }),
  serviceTimeExport: get('/serviceTime/export', {
    service: S,
    summary: 'Every service-time change of the filter as a workbook.',
    access: SERVICE_TIME,
    kind: 'download',
    query: AgreementFilter,
    response: FileResponse,
  }),
  eContractSend: post('/contract/contract/sendAndSignSMS', {
    service: S,
    summary:
      'Send the electronic contract of an order to the guardian: a signing flow from the contract template at the e-signature provider, its link by text message. Again while signing: a fresh link. 503 when not configured.',
    access: E_CONTRACT,
    body: z.object({ orderId: Id }),
    response: EContractRow,
  }),
  eContractsOfStudent: get('/contract/contract/selectContractByStuId', {
    service: S,
    summary: 'The electronic contracts of a student, newest first.',
    access: E_CONTRACT,
    query: StuQuery,
    response: z.array(EContractRow),
  }),
  eContractPermissions: get('/contract/contract/selectStudentPermissions', {
    service: S,
    summary:
      'Whether an electronic contract may be sent for the student now (provider configured, survey filled, guardian phone), and for which orders.',
    access: E_CONTRACT,
    query: StuQuery,
    response: EContractPermissions,
  }),
  eContractSync: get('/contract/contract/syncAuthStatus', {
    service: S,
    summary:
      'Ask the provider for the state of an electronic contract ({id}) and record it (signed: the signed PDF is stored). Idempotent.',
    access: E_CONTRACT,
    query: z.object({ id: Id }),
    response: EContractRow,
  }),
  eContractFile: get('/contract/contract/signedFile/{id}', {
    service: S,
    summary: 'The signed PDF of an electronic contract.',
    access: E_CONTRACT,
    kind: 'download',
    params: z.object({ id: Id }),
    response: FileResponse,
  }),
  esignNotify: post('/contract/contract/esignNotify', {
    service: S,
    summary:
      "The e-signature provider's callback (signed with the app secret over the raw body): a finished flow marks the contract signed and stores the signed PDF; repeats change nothing.",
    access: publicAccess,
    // Read from the raw body after its signature is verified (contracts/index.ts keeps it).
    body: z.unknown(),
    response: z.null(),
  }),
  specialSurveyOne: get('/contract/specialSurvey/queryOne', {
    service: S,
    summary: "A student's special-needs survey ({ survey: null } when none was filled).",
    access: E_CONTRACT,
    query: z.object({ studentId: Id }),
    response: z.object({ survey: SpecialSurvey.nullable() }),
  }),
  specialSurveyForm: get('/contract/specialSurvey/queryForm/{id}', {
    service: S,
    summary: 'One special-needs survey by its id (the filled form).',
    access: E_CONTRACT,
    params: z.object({ id: Id }),
    response: SpecialSurvey,
  }),
  specialSurveySave: post('/contract/specialSurvey/save', {
    service: S,
    summary:
      "Fill or correct a student's special-needs survey (with the version read when correcting); the guardian confirms the answers.",
    access: E_CONTRACT,
    body: SpecialSurveyInput,
    response: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
} satisfies Slice;
