// Clue settings on the master-data engine; bespoke rules: channels (type and channel group by code) and
// clue targets (unique by year, type, campus and employee; campus scope; xlsx import and export).
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AssessScaleInput,
  ChannelInput,
  ClueTargetInput,
  RevisitEventInput,
  SimpleInput,
  type AssessScaleRow,
  type ChannelRow,
  type ClueTargetRow,
  type RevisitEventRow,
  type TSimpleRow,
  type TImportResult,
} from '@bo/api-sdk';
import type { DbOrTx } from '../../db/client.js';
import { conflict } from '../../http/errors.js';
import {
  codeNames,
  defineRecordType,
  eqFilter,
  importByCompositeKey,
  simpleType,
  type UsedBy,
  type MdCtx,
  type MdRecord,
} from '../../shared/masterdata/index.js';
import { channelGroups, employees, schoolItems } from '../../db/schema.js';
import type { XlsxColumn } from '../../shared/xlsx.js';
import * as t from './tables.js';

type SimpleIn = z.output<typeof SimpleInput>;

export const channelTypes = simpleType({
  name: 'channelType',
  label: '渠道类型 / channel type',
  table: t.clueChannelTypes,
  input: SimpleInput,
  inUse: async (tx, row, op) => {
    const conds: SQL[] = [eq(t.clueChannels.channelTypeCode, String(row.code))];
    if (op === 'disable') conds.push(eq(t.clueChannels.validStatus, 1));
    const [hit] = await tx
      .select({ code: t.clueChannels.code })
      .from(t.clueChannels)
      .where(and(...conds))
      .limit(1);
    return hit
      ? `该类型下还有渠道（如「${hit.code}」） / channels (e.g. "${hit.code}") still use this type`
      : null;
  },
});

type TChannelRow = z.output<typeof ChannelRow>;
export const channels = simpleType<TChannelRow, z.output<typeof ChannelInput>>({
  name: 'channel',
  label: '渠道 / channel',
  table: t.clueChannels,
  input: ChannelInput,
  extra: {
    channelTypeCode: t.clueChannels.channelTypeCode,
    channelGroupCode: t.clueChannels.channelGroupCode,
    online: t.clueChannels.online,
  },
  filters: {
    channelTypeCode: eqFilter(t.clueChannels.channelTypeCode),
    channelGroupCode: eqFilter(t.clueChannels.channelGroupCode),
  },
  parents: [
    {
      field: 'channelTypeCode',
      table: t.clueChannelTypes,
      key: t.clueChannelTypes.code,
      status: t.clueChannelTypes.validStatus,
      label: '渠道类型 / channel type',
    },
    {
      field: 'channelGroupCode',
      table: channelGroups,
      key: channelGroups.code,
      status: channelGroups.validStatus,
      label: '渠道分组 / channel group',
    },
  ],
  decorate: async (tx, rows) => {
    const typeCodes = [...new Set(rows.map((r) => r.channelTypeCode))];
    const groupCodes = [...new Set(rows.map((r) => r.channelGroupCode).filter((c): c is string => !!c))];
    const types = typeCodes.length
      ? await tx
          .select({ code: t.clueChannelTypes.code, name: t.clueChannelTypes.name })
          .from(t.clueChannelTypes)
          .where(inArray(t.clueChannelTypes.code, typeCodes))
      : [];
    const groups = groupCodes.length
      ? await tx
          .select({ code: channelGroups.code, name: channelGroups.name })
          .from(channelGroups)
          .where(inArray(channelGroups.code, groupCodes))
      : [];
    const typeName = new Map(types.map((x) => [x.code, x.name]));
    const groupName = new Map(groups.map((x) => [x.code, x.name]));
    return rows.map((r) => ({
      ...r,
      channelTypeName: typeName.get(r.channelTypeCode) ?? null,
      channelGroupName: r.channelGroupCode ? (groupName.get(r.channelGroupCode) ?? null) : null,
    }));
  },
});

export async function channelTypeOptions(ctx: MdCtx) {
  return ctx.deps.db
    .select({ code: t.clueChannelTypes.code, name: t.clueChannelTypes.name })
    .from(t.clueChannelTypes)
    .where(eq(t.clueChannelTypes.validStatus, 1))
    .orderBy(asc(t.clueChannelTypes.sort), asc(t.clueChannelTypes.code));
}

export async function channelsMulti(
  ctx: MdCtx,
  q: { typeCodes: string[]; channelGroupCode?: string | undefined },
) {
  const c = t.clueChannels;
  const conds: SQL[] = [eq(c.validStatus, 1)];
  if (q.typeCodes.length) conds.push(inArray(c.channelTypeCode, q.typeCodes));
  if (q.channelGroupCode) conds.push(eq(c.channelGroupCode, q.channelGroupCode));
  return ctx.deps.db
    .select({
      code: c.code,
      name: c.name,
      channelTypeCode: c.channelTypeCode,
      channelGroupCode: c.channelGroupCode,
    })
    .from(c)
    .where(and(...conds))
    .orderBy(asc(c.sort), asc(c.code));
}

const plain = (
  name: string,
  label: string,
  table: Parameters<typeof simpleType>[0]['table'],
  usage?: { usedBy: UsedBy[] } | { unused: string },
) =>
  simpleType<TSimpleRow, SimpleIn>({ name, label, table, input: SimpleInput, deletable: !!usage, ...usage });

export const transferTypes = plain('clueTransferType', '转移类型 / transfer type', t.clueTransferTypes);
export const abandonTypes = plain('clueAbandonType', '放弃类型 / abandon type', t.clueAbandonTypes);
export const flowTypes = plain('clueFlowType', '跟进方式 / flow type', t.clueFlowTypes);
export const customerIntentions = plain(
  'customerIntention',
  '客户意向 / customer intention',
  t.clueCustomerIntentions,
  { usedBy: [{ columns: ['intention'] }] },
);
export const entryMethods = plain('entryMethod', '录入方式 / entry method', t.clueEntryMethods, {
  unused:
    'no record keeps an entry method: a clue keeps how it came in as its source (manual, import, the channel push)',
});
export const invalidReasons = plain('clueInvalidReason', '无效原因 / invalid reason', t.clueInvalidReasons);
export const unreachReasons = plain('clueUnreachReason', '未接通原因 / unreach reason', t.clueUnreachReasons);
export const undealReasons = plain('clueUndealReason', '未成交原因 / undeal reason', t.clueUndealReasons);
export const revisitEvents = simpleType<z.output<typeof RevisitEventRow>, z.output<typeof RevisitEventInput>>(
  {
    name: 'clueRevisitEvent',
    label: '回访事件 / revisit event',
    table: t.clueRevisitEvents,
    input: RevisitEventInput,
    extra: { dueDays: t.clueRevisitEvents.dueDays },
  },
);

// ---- clue targets ----

type TClueTargetRow = z.output<typeof ClueTargetRow>;
type TClueTargetInput = z.output<typeof ClueTargetInput>;
const ct = t.clueTargets;
const MONTHS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm12'] as const;

export const clueTargets = defineRecordType<TClueTargetRow, TClueTargetInput>({
  name: 'clueTarget',
  label: '线索目标 / clue target',
  table: ct,
  key: 'id',
  keyKind: 'id',
  fields: {
    id: ct.id,
    targetYear: ct.targetYear,
    targetType: ct.targetType,
    schoolItemCode: ct.schoolItemCode,
    employeeCode: ct.employeeCode,
    ...Object.fromEntries(MONTHS.map((m) => [m, ct[m]])),
    remark: ct.remark,
    version: ct.version,
  },
  input: ClueTargetInput,
  filters: {
    targetYear: eqFilter(ct.targetYear),
    targetType: eqFilter(ct.targetType),
    schoolItemCode: eqFilter(ct.schoolItemCode),
    employeeCode: eqFilter(ct.employeeCode),
  },
  sort: [asc(ct.targetYear), asc(ct.targetType), asc(ct.schoolItemCode), asc(ct.employeeCode)],
  parents: [
    {
      field: 'schoolItemCode',
      table: schoolItems,
      key: schoolItems.code,
      status: schoolItems.validStatus,
      label: '校区 / campus',
    },
    {
      field: 'employeeCode',
      table: employees,
      key: employees.code,
      status: employees.status,
      label: '员工 / employee',
    },
  ],
  scope: { kind: 'campus', field: 'schoolItemCode' },
  version: 'version',
  updatedAt: ct.updatedAt,
  // Import rows carry the id of the target with the same (year, type, campus, employee), or none.
  importKey: 'id',
  prepare: async (tx, { values, existing }) => {
    // Unique by (year, type, campus, employee): the engine's unique keys are single fields.
    const m = { ...existing, ...values } as TClueTargetRow;
    const conds = [
      eq(ct.targetYear, m.targetYear),
      eq(ct.targetType, m.targetType),
      eq(ct.schoolItemCode, m.schoolItemCode),
      eq(ct.employeeCode, m.employeeCode ?? ''),
    ];
    const [hit] = await tx
      .select({ id: ct.id })
      .from(ct)
      .where(and(...conds))
      .limit(1);
    if (hit && hit.id !== existing?.id) {
      throw conflict(
        `${m.targetYear}年该${m.targetType === 1 ? '校区' : '顾问'}的线索目标已存在 / a clue target of ${m.targetYear}, type ${m.targetType}, campus ${m.schoolItemCode}${m.employeeCode ? `, employee ${m.employeeCode}` : ''} already exists`,
        'targetYear',
      );
    }
  },
  decorate: async (tx, rows) => decorateTargets(tx, rows),
});

async function decorateTargets(tx: DbOrTx, rows: TClueTargetRow[]): Promise<TClueTargetRow[]> {
  const name = await codeNames(
    tx,
    schoolItems,
    rows.map((r) => r.schoolItemCode),
  );
  const empName = await codeNames(
    tx,
    employees,
    rows.map((r) => r.employeeCode),
  );
  return rows.map((r) => ({
    ...r,
    schoolItemName: name.get(r.schoolItemCode) ?? null,
    employeeName: empName.get(r.employeeCode) ?? null,
    total: MONTHS.reduce((sum, m) => sum + Number(r[m] ?? 0), 0),
  }));
}

/**
 * Imports clue targets: each row is matched by (year, type, campus, employee) — an existing target is
 * updated, a new one created; any bad row and nothing is written.
 */
export const importClueTargets = (
  ctx: MdCtx,
  rows: MdRecord[],
  o: { dryRun: boolean; firstRow?: number },
): Promise<TImportResult> =>
  importByCompositeKey(
    ctx,
    rows,
    o,
    {
      table: ct,
      id: ct.id,
      columns: {
        targetYear: ct.targetYear,
        targetType: ct.targetType,
        schoolItemCode: ct.schoolItemCode,
        employeeCode: ct.employeeCode,
      },
      schema: ClueTargetInput,
    },
    (r, x) => clueTargets.importRows(ctx, r, x),
  );

export const CLUE_TARGET_COLUMNS: XlsxColumn[] = [
  { key: 'targetYear', header: '年份* / year', required: true, width: 10 },
  { key: 'targetType', header: '目标类型* / type', required: true, width: 12 },
  { key: 'schoolItemCode', header: '校区编码* / campus code', text: true, required: true },
  { key: 'employeeCode', header: '员工编码 / employee code', text: true },
  ...MONTHS.map((m, i) => ({ key: m, header: `${i + 1}月 / ${m}`, width: 9 })),
  { key: 'remark', header: '备注 / remark', width: 20 },
];

/** Assessment scales: code key, unique name, age range and items (docs/decisions.md "Assessment scales"). */
export const assessScales = simpleType<z.output<typeof AssessScaleRow>, z.output<typeof AssessScaleInput>>({
  name: 'assessScale',
  label: '评估量表 / assessment scale',
  table: t.assessScales,
  input: AssessScaleInput,
  extra: { ageFrom: t.assessScales.ageFrom, ageTo: t.assessScales.ageTo, items: t.assessScales.items },
});
