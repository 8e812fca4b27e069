// E-sales resources (/resource/*): raw leads worked by e-sales specialists (role 5) before they are
// sent to a campus as a clue. States and rules: docs/clue-states.md "Resources".
import { z } from 'zod';
import { BirthDate, Mobile } from './fields.js';
import {
  FileResponse,
  Ok,
  PageQuery,
  QueryBool,
  get,
  page,
  post,
  priv,
  signedIn,
  type Slice,
} from './define.js';

/** Resource states (docs/clue-states.md "Resources"). */
export const ResourceStatus = z.enum(['new', 'assigned', 'following', 'sent', 'invalid', 'abandoned']);
export type TResourceStatus = z.infer<typeof ResourceStatus>;
/** Resource levels: A hot … D cold (meanings from /resource/getResLevel). */
export const ResLevel = z.enum(['A', 'B', 'C', 'D']);
/** 1 boy, 2 girl, 0 unknown. */
const Gender = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]));

const Ts = z.string().describe('ISO 8601 timestamp');
const TsIn = z.iso.datetime({ offset: true, message: 'an ISO 8601 timestamp' });
const DateStr = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const Phone = Mobile;
const Id = z.coerce.number().int().positive();
const Text = (max: number) => z.string().trim().max(max);
const Reason = z.string().trim().min(1, '请填写原因 / a reason is required').max(500);
const Version = z.number().int().optional();

export const ResourceRow = z.object({
  id: z.number().int(),
  /** 'ZY' + 8 digits of the id. */
  rescode: z.string(),
  /** The parent's (contact's) name. */
  name: z.string(),
  childName: z.string(),
  gender: z.number().int(),
  birthDate: z.string().nullable(),
  phone: z.string(),
  provinceTypeCode: z.string().nullable(),
  /** The campus the resource is meant for (the default target of send). */
  schoolItemCode: z.string().nullable(),
  schoolItemName: z.string().nullable(),
  channel: z.string().nullable(),
  level: ResLevel.nullable(),
  status: ResourceStatus,
  statusName: z.string(),
  ownerUserId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  assignedAt: Ts.nullable(),
  lastFollowAt: Ts.nullable(),
  nextFollowAt: Ts.nullable(),
  followCount: z.number().int(),
  invalidReason: z.string().nullable(),
  abandonReason: z.string().nullable(),
  /** The clue it became (sent), or the clue it was routed to when the phone was already held. */
  clueId: z.number().int().nullable(),
  cluecode: z.string().nullable(),
  sentAt: Ts.nullable(),
  sendOutcome: z.enum(['created', 'routed']).nullable(),
  source: z.enum(['manual', 'import']),
  note: z.string(),
  createdAt: Ts,
  version: z.number().int(),
});
export type TResourceRow = z.infer<typeof ResourceRow>;

/** A history entry: follow records (action follow) and every command on the resource. */
export const ResourceFlowRow = z.object({
  id: z.number().int(),
  resourceId: z.number().int(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  content: z.string(),
  level: ResLevel.nullable(),
  nextFollowAt: Ts.nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  createdAt: Ts,
});

export const ResourceDetail = ResourceRow.extend({
  flows: z.array(ResourceFlowRow),
  /** What the caller may do now (the UI shows only these buttons). */
  actions: z.array(z.string()),
});

export const ResourceListQuery = PageQuery.extend({
  /** mine: own resources; pool: unassigned and abandoned ones; all (default): everything in scope. */
  scope: z.enum(['mine', 'pool', 'all']).default('all'),
  keyword: z.string().trim().max(50).optional(),
  status: ResourceStatus.optional(),
  level: ResLevel.optional(),
  ownerUserId: z.coerce.number().int().optional(),
  channel: z.string().trim().optional(),
  schoolItemCode: z.string().trim().optional(),
  provinceTypeCode: z.string().trim().optional(),
  /** Created from / to (YYYY-MM-DD, Asia/Shanghai days, inclusive). */
  startDate: DateStr.optional(),
  endDate: DateStr.optional(),
});
export type TResourceListQuery = z.infer<typeof ResourceListQuery>;

export const ResourceSummary = z.object({
  total: z.number().int(),
  byStatus: z.array(z.object({ status: ResourceStatus, name: z.string(), count: z.number().int() })),
  byLevel: z.array(z.object({ level: z.string(), count: z.number().int() })),
});

const BaseInfo = z.object({
  name: z.string().trim().min(1, '请填写联系人姓名 / the contact name is required').max(50),
  childName: Text(50).default(''),
  gender: Gender.default(0),
  birthDate: BirthDate.nullable().optional(),
  provinceTypeCode: z.string().trim().max(20).nullable().optional(),
  schoolItemCode: z.string().trim().max(20).nullable().optional(),
  level: ResLevel.nullable().optional(),
  note: Text(1000).default(''),
});

export const ResourceInput = BaseInfo.extend({
  phone: Phone,
  /** Channel code of the clue settings. */
  channel: z.string().trim().max(50).nullable().optional(),
  /** A supervisor may assign it at once; a specialist's own resource is assigned to them. */
  ownerUserId: z.number().int().nullable().optional(),
});

export const ResLevelRow = z.object({ code: ResLevel, name: z.string(), description: z.string() });

export const ClueExists = z.object({
  /** True when an active clue or another active resource holds the phone. */
  exists: z.boolean(),
  clue: z
    .object({
      clueId: z.number().int(),
      cluecode: z.string(),
      flowState: z.string(),
      schoolItemCode: z.string().nullable(),
      schoolItemName: z.string().nullable(),
      /** Masked when the clue is outside the caller's scope. */
      ownerName: z.string().nullable(),
    })
    .nullable(),
  resource: z
    .object({
      id: z.number().int(),
      rescode: z.string(),
      status: ResourceStatus,
      ownerName: z.string().nullable(),
    })
    .nullable(),
  message: z.string(),
});

export const SendResult = z.object({
  resourceId: z.number().int(),
  clueId: z.number().int(),
  cluecode: z.string(),
  /** created: a new clue of the campus; routed: the phone's clue got a follow note for its owner. */
  outcome: z.enum(['created', 'routed']),
  schoolItemCode: z.string().nullable(),
  ownerName: z.string().nullable(),
});

export const RoleUserPick = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  roles: z.array(z.number().int()),
});

export const ResourceImportRow = z.object({
  name: z.unknown().optional(),
  phone: z.unknown().optional(),
  childName: z.unknown().optional(),
  gender: z.unknown().optional(),
  birthDate: z.unknown().optional(),
  provinceTypeCode: z.unknown().optional(),
  schoolItemCode: z.unknown().optional(),
  channel: z.unknown().optional(),
  level: z.unknown().optional(),
  note: z.unknown().optional(),
});
export const ResourceImportResult = z.object({
  total: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), reason: z.string() })),
  /** Rows whose phone an active resource or clue (or an earlier row) already holds: reported, not created. */
  duplicates: z.array(z.object({ row: z.number().int(), phone: z.string(), owner: z.string() })),
});
export type TResourceImportResult = z.infer<typeof ResourceImportResult>;

// Privilege codes: the screens of spec §2 that own the endpoints.
const RES = '/clues/clueResources';
const RES_DETAIL = '/clues/resourceDetail';
const work = priv(RES, RES_DETAIL);
/** Bulk import is an action of its own (the clue import privilege), not part of working resources. */
const IMPORT = priv('clues.import');

export const resources = {
  queryResourceList: get('/resource/queryResourceList', {
    service: 'clue',
    summary:
      'Resources in scope, filtered and paged: a specialist sees own ones (and the pool with scope=pool), supervisors their campuses and regions, admin all.',
    access: work,
    query: ResourceListQuery,
    response: page(ResourceRow),
  }),
  queryResourceListSummary: get('/resource/queryResourceListSummary', {
    service: 'clue',
    summary: 'Counts per status and per level of the list filter (status itself ignored).',
    access: work,
    query: ResourceListQuery,
    response: ResourceSummary,
  }),
  clueExists: get('/resource/clueExists', {
    service: 'clue',
    summary:
      'Whether an active clue or resource already holds the phone, and who (masked outside the caller’s scope).',
    access: work,
    query: z.object({ phone: Phone, excludeId: Id.optional() }),
    response: ClueExists,
  }),
  queryResourceDetail: get('/resource/queryResourceDetail', {
    service: 'clue',
    summary: 'One resource with its history and the actions the caller may take.',
    access: work,
    query: z.object({ id: Id }),
    response: ResourceDetail,
  }),
  getResLevel: get('/resource/getResLevel', {
    service: 'clue',
    summary: 'The resource levels A–D with their meanings.',
    access: signedIn,
    response: z.array(ResLevelRow),
  }),
  send: get('/resource/send', {
    service: 'clue',
    summary:
      'Send a resource to a campus as a clue (state sent). A phone held by an active clue is refused (409 naming owner and campus) unless route=1: then the holder clue gets a follow note for its owner.',
    access: work,
    query: z.object({
      id: Id,
      /** Target campus; default the resource's own. */
      schoolItemCode: z.string().trim().max(20).optional(),
      /** A consultant of the campus to own the clue; absent = the campus distribution pool. */
      ownerUserId: z.coerce.number().int().positive().optional(),
      route: QueryBool.default(false),
      version: z.coerce.number().int().optional(),
    }),
    response: SendResult,
  }),
  dist: post('/resource/dist', {
    service: 'clue',
    summary:
      'Supervisors: assign resources to e-sales specialists, dealt out in turn over the chosen users (all or nothing).',
    access: priv(RES),
    body: z.object({
      ids: z.array(Id).min(1, 'choose the resources').max(500),
      userIds: z.array(Id).min(1, 'choose at least one specialist').max(50),
    }),
    response: z.object({
      count: z.number().int(),
      byUser: z.array(z.object({ userId: z.number().int(), count: z.number().int() })),
    }),
  }),
  invalid: post('/resource/invalid', {
    service: 'clue',
    summary: 'Mark a resource invalid (reason required; final).',
    access: work,
    body: z.object({ id: Id, reason: Reason, version: Version }),
    response: Ok,
  }),
  save: post('/resource/save', {
    service: 'clue',
    summary:
      'Create a resource by hand. A phone held by an active resource or clue is refused (409 on field phone).',
    access: work,
    body: ResourceInput,
    response: ResourceRow,
  }),
  modifyBaseInfo: post('/resource/modifyBaseInfo', {
    service: 'clue',
    summary:
      'Change the contact, child, campus, level and note of a working resource (version check; a new phone is checked for duplicates).',
    access: work,
    body: BaseInfo.extend({ id: Id, phone: Phone.optional(), version: z.number().int() }),
    response: ResourceRow,
  }),
  saveFlow: post('/resource/saveFlow', {
    service: 'clue',
    summary:
      'Add a follow record (content, level, next follow time); an assigned resource becomes following.',
    access: work,
    body: z.object({
      id: Id,
      content: z.string().trim().min(1, '请填写跟进内容 / the follow-up content is required').max(2000),
      level: ResLevel.nullable().optional(),
      nextFollowAt: TsIn.nullable().optional(),
      version: Version,
    }),
    response: ResourceFlowRow,
  }),
  transfer: post('/resource/transfer', {
    service: 'clue',
    summary: 'Hand a working resource to another e-sales specialist (owner or supervisor; reason required).',
    access: work,
    body: z.object({ id: Id, toUserId: Id, reason: Reason, version: Version }),
    response: Ok,
  }),
  modifyChannel: post('/resource/modifyChannel', {
    service: 'clue',
    summary: 'Change the channel of a resource that has not been sent.',
    access: work,
    body: z.object({
      id: Id,
      channel: z.string().trim().min(1, 'the channel is required').max(50),
      version: Version,
    }),
    response: Ok,
  }),
  abandonSave: post('/resource/abandonSave', {
    service: 'clue',
    summary:
      'Abandon a working resource to the resource pool (reason required); any specialist may receive it again.',
    access: work,
    body: z.object({ id: Id, reason: Reason, version: Version }),
    response: Ok,
  }),
  receive: post('/resource/receive', {
    service: 'clue',
    summary: 'Claim a resource of the pool (new unassigned or abandoned) for oneself.',
    access: work,
    body: z.object({ id: Id, version: Version }),
    response: ResourceRow,
  }),
  getUserListByRoles: post('/resource/getUserListByRoles', {
    service: 'clue',
    summary:
      'Enabled users holding any of the role codes, sharing a campus or region with the caller (all for all-scope callers): the assignee pickers.',
    access: work,
    body: z.object({
      roleCodes: z.array(z.coerce.number().int()).min(1).max(20),
      schoolItemCode: z.string().trim().optional(),
    }),
    response: z.array(RoleUserPick),
  }),
  importESalesRes: post('/resource/importESalesRes', {
    service: 'clue',
    kind: 'upload',
    returnsFile: true,
    summary:
      'Import resources from an xlsx (columns: name*, phone*, childName, gender, birthDate, provinceTypeCode, schoolItemCode, channel, level, note). A bad row → nothing written, the import-result workbook lists the reasons; duplicates by phone are skipped and listed in the workbook; otherwise a JSON message.',
    access: IMPORT,
    response: FileResponse,
  }),
  importTemplate: get('/resource/importTemplate', {
    service: 'clue',
    kind: 'download',
    summary: 'The xlsx template of importESalesRes.',
    access: IMPORT,
    response: FileResponse,
  }),
  importRows: post('/resource/importRows', {
    service: 'clue',
    summary:
      'Batch import (CLI): rows validated first; any error → nothing written; duplicates by phone reported, not created. dryRun writes nothing.',
    access: IMPORT,
    body: z.object({ rows: z.array(ResourceImportRow).min(1).max(5000), dryRun: z.boolean().default(false) }),
    response: ResourceImportResult,
  }),
} satisfies Slice;
