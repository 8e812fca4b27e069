// Clue settings (spec §7 "Settings lists"): channels and channel types, transfer, abandon and flow
// types, customer intentions, entry methods, invalid/unreach/undeal reasons, revisit events, clue targets.
import { z } from 'zod';
import {
  FileResponse,
  Ok,
  PageQuery,
  ValidStatus,
  get,
  page,
  post,
  priv,
  signedIn,
  type Slice,
} from './define.js';
import {
  CodeQuery,
  CodeStatusInput,
  IdQuery,
  MdCode,
  MdText,
  importEndpoint,
  versioned,
} from './masterData.js';
import { SimpleFields, SimpleInput, SimpleRow, simpleEndpoints } from './finance.js';

const CLUES = priv('/setting/clues');

export const ChannelRow = SimpleRow.extend({
  channelTypeCode: z.string(),
  channelTypeName: z.string().nullable(),
  channelGroupCode: z.string().nullable(),
  channelGroupName: z.string().nullable(),
  online: z.number().int(),
});
export type TChannelRow = z.infer<typeof ChannelRow>;
export const ChannelInput = versioned(
  SimpleFields.extend({
    channelTypeCode: MdCode,
    channelGroupCode: z
      .string()
      .trim()
      .max(50)
      .nullish()
      .transform((v) => (v ? v : null)),
    /** 1 online (paid traffic), 0 offline (events, referrals, walk-ins). */
    online: ValidStatus.default(1),
  }),
);
export const ChannelListQuery = PageQuery.extend({
  code: z.string().trim().optional(),
  name: z.string().trim().optional(),
  validstatus: ValidStatus.optional(),
  channelTypeCode: z.string().trim().optional(),
  channelGroupCode: z.string().trim().optional(),
});
export const ChannelOption = z.object({
  code: z.string(),
  name: z.string(),
  channelTypeCode: z.string(),
  channelGroupCode: z.string().nullable(),
});

export const RevisitEventRow = SimpleRow.extend({ dueDays: z.number().int() });
export const RevisitEventInput = versioned(
  SimpleFields.extend({ dueDays: z.coerce.number().int().min(0).max(365).default(1) }),
);

/** Clue target types: 1 a campus's yearly lead target by month, 2 a consultant's monthly lead target in a campus. */
export const CLUE_TARGET_TYPES = [
  { code: 1, name: '校区年度线索目标', nameEn: 'campus yearly lead target' },
  { code: 2, name: '顾问月度线索目标', nameEn: 'consultant monthly lead target' },
] as const;
export const ClueTargetType = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2)]));
const MonthValue = z.coerce
  .number()
  .int('目标须为整数 / a whole number of leads')
  .min(0, '目标不能为负 / a target may not be negative')
  .max(1_000_000)
  .default(0);
const months = {
  m1: MonthValue,
  m2: MonthValue,
  m3: MonthValue,
  m4: MonthValue,
  m5: MonthValue,
  m6: MonthValue,
  m7: MonthValue,
  m8: MonthValue,
  m9: MonthValue,
  m10: MonthValue,
  m11: MonthValue,
  m12: MonthValue,
};
export const ClueTargetRow = z.object({
  id: z.number().int(),
  targetYear: z.number().int(),
  targetType: z.number().int(),
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  /** '' for a campus target. */
  employeeCode: z.string(),
  employeeName: z.string().nullable(),
  m1: z.number().int(),
  m2: z.number().int(),
  m3: z.number().int(),
  m4: z.number().int(),
  m5: z.number().int(),
  m6: z.number().int(),
  m7: z.number().int(),
  m8: z.number().int(),
  m9: z.number().int(),
  m10: z.number().int(),
  m11: z.number().int(),
  m12: z.number().int(),
  total: z.number().int(),
  remark: z.string().nullable(),
  version: z.number().int(),
});
export type TClueTargetRow = z.infer<typeof ClueTargetRow>;
export const ClueTargetInput = versioned(
  z.object({
    /** Absent: create, or update the target of the same (year, type, campus, employee) on import. */
    id: z.coerce.number().int().min(1).optional(),
    targetYear: z.coerce.number().int().min(2000, 'targetYear: 2000–2100').max(2100, 'targetYear: 2000–2100'),
    targetType: ClueTargetType,
    schoolItemCode: z.coerce.string().trim().min(1, 'schoolItemCode is required'),
    employeeCode: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((v) => (v === null || v === undefined ? '' : String(v).trim())),
    ...months,
    remark: MdText(500),
  }),
).superRefine((v, ctx) => {
  if (v.targetType === 2 && !v.employeeCode)
    ctx.addIssue({
      code: 'custom',
      path: ['employeeCode'],
      message: '顾问目标须填写员工编码 / a consultant target needs the employee code',
    });
  if (v.targetType === 1 && v.employeeCode)
    ctx.addIssue({
      code: 'custom',
      path: ['employeeCode'],
      message: '校区目标不填员工编码 / a campus target has no employee code',
    });
});
export const ClueTargetQuery = PageQuery.extend({
  targetYear: z.coerce.number().int().optional(),
  targetType: ClueTargetType.optional(),
  schoolItemCode: z.string().trim().optional(),
  employeeCode: z.string().trim().optional(),
});

const simple = (what: string, n: string) =>
  simpleEndpoints({
    service: 'setting',
    access: CLUES,
    what,
    row: SimpleRow,
    input: SimpleInput,
    paths: {
      list: `/setting/${n}list`,
      save: `/setting/${n}save`,
      status: `/setting/update${n}status`,
      detail: `/setting/get${n}detail`,
    },
  });

const transfer = simple('a transfer type', 'transfer');
const abandon = simple('an abandon type', 'abandon');
const flowType = simple('a flow (follow-up) type', 'flowtype');
const intention = simple('a customer intention', 'customerIntention');
const entry = simple('an entry method', 'entryMethod');
const invalid = simple('an invalid reason', 'invalidReason');
const unreach = simple('an unreach reason', 'unreachReason');
const undeal = simple('an undeal reason', 'undealReason');
const revisit = simpleEndpoints({
  service: 'setting',
  access: CLUES,
  what: 'a revisit event',
  row: RevisitEventRow,
  input: RevisitEventInput,
  paths: {
    list: '/setting/revisitEventlist',
    save: '/setting/revisitEventsave',
    status: '/setting/updaterevisitEventstatus',
    detail: '/setting/getrevisitEventdetail',
  },
});
const channelType = simple('a channel type', 'channeltype');

/** The update endpoint of customer intentions and entry methods (spec: list, save, update, status, detail, delete). */
const updateOf = (n: string, what: string) =>
  post(`/setting/${n}update`, {
    service: 'setting',
    summary: `Update ${what} by code with the version read (the code must exist).`,
    access: CLUES,
    body: SimpleFields.extend({ version: z.coerce.number().int().min(1, 'version is required') }),
    response: SimpleRow,
  });
const deleteOf = (n: string, what: string) =>
  post(`/setting/${n}delete`, {
    service: 'setting',
    summary: `Delete ${what} by code (refused while clues use it; disable it instead).`,
    access: CLUES,
    query: z.object({ code: z.string().trim().min(1, 'code is required') }),
    response: Ok,
  });

/** Assessment scales (docs/decisions.md "Assessment scales"): an instrument of entrance assessments, with its items. */
const SCALES = priv('/clues/assessScale', '/setting/clues');
export const AssessScaleItem = z.object({
  name: z.string().trim().min(1, 'item name is required').max(100, 'item name: at most 100 characters'),
  maxScore: z.coerce
    .number()
    .int('满分须为整数 / a whole number')
    .min(1, '满分至少为1 / the max score is at least 1')
    .max(1000),
});
export type TAssessScaleItem = z.infer<typeof AssessScaleItem>;
export const AssessScaleRow = SimpleRow.extend({
  ageFrom: z.number().int(),
  ageTo: z.number().int(),
  items: z.array(AssessScaleItem),
});
export type TAssessScaleRow = z.infer<typeof AssessScaleRow>;
export const AssessScaleInput = versioned(
  SimpleFields.extend({
    /** Applicable age range in months (inclusive). */
    ageFrom: z.coerce
      .number()
      .int()
      .min(0, 'ageFrom: 0–216 months')
      .max(216, 'ageFrom: 0–216 months')
      .default(0),
    ageTo: z.coerce.number().int().min(0, 'ageTo: 0–216 months').max(216, 'ageTo: 0–216 months').default(216),
    items: z.array(AssessScaleItem).min(1, '至少一个评估项 / at least one item').max(100),
  }),
).superRefine((v, ctx) => {
  if (v.ageTo < v.ageFrom)
    ctx.addIssue({
      code: 'custom',
      path: ['ageTo'],
      message: '结束月龄不能小于起始月龄 / ageTo may not be below ageFrom',
    });
  const seen = new Set<string>();
  v.items.forEach((it, i) => {
    if (seen.has(it.name))
      ctx.addIssue({
        code: 'custom',
        path: ['items', i, 'name'],
        message: `评估项重复：${it.name} / duplicate item "${it.name}"`,
      });
    seen.add(it.name);
  });
});
export type TAssessScaleInput = z.input<typeof AssessScaleInput>;
const scale = simpleEndpoints({
  service: 'setting',
  // Scales are company-wide settings: only the clue-settings owners change them; the screen reads.
  access: CLUES,
  listAccess: SCALES,
  what: 'an assessment scale',
  row: AssessScaleRow,
  input: AssessScaleInput,
  paths: {
    list: '/setting/assessScale/list',
    save: '/setting/assessScale/save',
    status: '/setting/assessScale/updateStatus',
    detail: '/setting/assessScale/detail',
  },
});

const TARGET_COLUMNS_NOTE = 'columns: 年份, 目标类型(1校区/2顾问), 校区编码, 员工编码, 1月..12月, 备注';

export const clueSettings = {
  // channels
  channelList: get('/setting/channellist', {
    service: 'setting',
    summary:
      'Channels, filtered (code, name, status, type, group) and paged (signed-in: also the channel selector).',
    access: signedIn,
    query: ChannelListQuery,
    response: page(ChannelRow),
  }),
  channelTypes: get('/setting/channeltypes', {
    service: 'setting',
    summary: 'Enabled channel types (selector).',
    access: signedIn,
    response: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
  channelListMulti: get('/setting/channelListMulti', {
    service: 'setting',
    summary: 'Enabled channels of one or more types (typeCodes=a,b or repeated) for multi-select filters.',
    access: signedIn,
    query: z.object({
      typeCodes: z
        .union([z.string(), z.array(z.string())])
        .optional()
        .transform((v) =>
          v === undefined ? [] : (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean),
        ),
      channelGroupCode: z.string().trim().optional(),
    }),
    response: z.array(ChannelOption),
  }),
  channelSave: post('/setting/channelsave', {
    service: 'setting',
    summary:
      'Create a channel (no version) or update it (with its version); the type must be enabled, the group must exist.',
    access: CLUES,
    body: ChannelInput,
    response: ChannelRow,
  }),
  channelUpdateStatus: post('/setting/updatechannelstatus', {
    service: 'setting',
    summary: 'Enable or disable a channel by code.',
    access: CLUES,
    body: CodeStatusInput,
    response: Ok,
  }),
  channelDetail: get('/setting/getchanneldetail', {
    service: 'setting',
    summary: 'A channel by code.',
    access: signedIn,
    query: z.object({ code: z.string().trim().min(1) }),
    response: ChannelRow,
  }),
  channelTypeSave: channelType.save,
  channelTypeUpdateStatus: channelType.status,
  channelTypeList: channelType.list,

  // transfer, abandon and flow types
  transferList: transfer.list,
  transferSave: transfer.save,
  transferUpdateStatus: transfer.status,
  transferDetail: transfer.detail,
  abandonList: abandon.list,
  abandonSave: abandon.save,
  abandonUpdateStatus: abandon.status,
  abandonDetail: abandon.detail,
  flowTypeList: flowType.list,
  flowTypeSave: flowType.save,
  flowTypeUpdateStatus: flowType.status,
  flowTypeDetail: flowType.detail,

  // customer intentions and entry methods
  customerIntentionList: intention.list,
  customerIntentionSave: intention.save,
  customerIntentionUpdate: updateOf('customerIntention', 'a customer intention'),
  customerIntentionUpdateStatus: intention.status,
  customerIntentionDetail: intention.detail,
  customerIntentionDelete: deleteOf('customerIntention', 'a customer intention'),
  entryMethodList: entry.list,
  entryMethodSave: entry.save,
  entryMethodUpdate: updateOf('entryMethod', 'an entry method'),
  entryMethodUpdateStatus: entry.status,
  entryMethodDetail: entry.detail,
  entryMethodDelete: deleteOf('entryMethod', 'an entry method'),

  // reasons and revisit events
  invalidReasonList: invalid.list,
  invalidReasonSave: invalid.save,
  invalidReasonUpdateStatus: invalid.status,
  invalidReasonDetail: invalid.detail,
  unreachReasonList: unreach.list,
  unreachReasonSave: unreach.save,
  unreachReasonUpdateStatus: unreach.status,
  unreachReasonDetail: unreach.detail,
  undealReasonList: undeal.list,
  undealReasonSave: undeal.save,
  undealReasonUpdateStatus: undeal.status,
  undealReasonDetail: undeal.detail,
  revisitEventList: revisit.list,
  revisitEventSave: revisit.save,
  revisitEventUpdateStatus: revisit.status,
  revisitEventDetail: revisit.detail,

  // assessment scales
  assessScaleList: scale.list,
  assessScaleAll: get('/setting/assessScale/all', {
    service: 'setting',
    summary: 'Valid assessment scales with their items (selector of entrance assessments).',
    access: signedIn,
    response: z.array(AssessScaleRow),
  }),
  assessScaleSave: scale.save,
  assessScaleUpdateStatus: scale.status,
  assessScaleDetail: get('/setting/assessScale/detail', {
    service: 'setting',
    summary: 'An assessment scale by code.',
    access: signedIn,
    query: CodeQuery,
    response: AssessScaleRow,
  }),

  // clue targets
  clueTargetList: get('/setting/clueTarget/list', {
    service: 'setting',
    summary: 'Clue targets of the campuses in scope, filtered (year, type, campus, employee) and paged.',
    access: CLUES,
    query: ClueTargetQuery,
    response: page(ClueTargetRow),
  }),
  clueTargetSaveOrUpdate: post('/setting/clueTarget/saveOrUpdate', {
    service: 'setting',
    summary:
      'Create a clue target (no id) or update it (id and version); unique by (year, type, campus, employee).',
    access: CLUES,
    body: ClueTargetInput,
    response: ClueTargetRow,
  }),
  clueTargetDetail: get('/setting/clueTarget/detail', {
    service: 'setting',
    summary: 'A clue target by id.',
    access: CLUES,
    query: IdQuery,
    response: ClueTargetRow,
  }),
  clueTargetImport: post('/setting/clueTarget/import', {
    service: 'setting',
    summary: `Import clue targets from the xlsx template (${TARGET_COLUMNS_NOTE}); upsert by (year, type, campus, employee), all-or-nothing. Answers a JSON message when every row imported (result 2 on the client, code 0) or the import-result workbook when rows failed (result 1).`,
    access: CLUES,
    kind: 'upload',
    returnsFile: true,
    response: z.null(),
  }),
  clueTargetImportRows: importEndpoint('/setting/clueTarget/importRows', {
    service: 'setting',
    access: CLUES,
    what: 'clue targets',
  }),
  clueTargetTemplate: get('/setting/clueTarget/template', {
    service: 'setting',
    summary: 'The xlsx template of the clue target import.',
    access: CLUES,
    kind: 'download',
    response: FileResponse,
  }),
  clueTargetExcel: get('/setting/clueTarget/excel', {
    service: 'setting',
    summary: 'The whole filtered clue target list as xlsx (re-importable: same columns as the template).',
    access: CLUES,
    query: ClueTargetQuery.omit({ pageIdx: true, pageSize: true }),
    kind: 'download',
    response: FileResponse,
  }),
} satisfies Slice;
