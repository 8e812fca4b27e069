// Employee snapshots (issue 17, §7 /empInfoSnapshot/*; screens /staffsalary/snapshot and
// snapshotDetail): each employee's data — campus, post, skill rank, pay role and the pay rule in force —
// as it was when payroll last computed a period, and what changed between two periods' snapshots.
import { z } from 'zod';
import { PeriodMonth, PeriodYear } from './classHours.js';
import { PageQuery, QueryBool, get, page, priv, type Slice } from './define.js';

const Yuan = z.string().describe('yuan, 2 decimals');
const Ts = z.string().describe('ISO 8601 timestamp');

/** The pay rule an employee was computed under (null: no rule of their role and rank was in force). */
export const SnapshotRule = z.object({
  id: z.number().int(),
  /** 'YYYY-MM'. */
  effectiveFrom: z.string(),
  base: Yuan,
  commissionBp: z.number().int(),
  perCase: Yuan,
  targetBonus: Yuan,
  bonusThresholdHours: z.number(),
  bonus: Yuan,
  /** 'payType|status hourly', sorted. */
  rates: z.array(z.string()),
});

export const SnapshotRow = z.object({
  id: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  employeeCode: z.string(),
  employeeName: z.string(),
  /** Employment status then (1 employed). */
  status: z.number().int(),
  schoolItemCode: z.string().nullable(),
  schoolItemName: z.string().nullable(),
  campuses: z.array(z.string()),
  postCode: z.string().nullable(),
  postName: z.string().nullable(),
  skillRankCode: z.string().nullable(),
  skillRankName: z.string().nullable(),
  payRole: z.string().nullable(),
  rule: SnapshotRule.nullable(),
  /** The employee's computed total of the period when recorded. */
  total: Yuan,
  recordedAt: Ts,
});
export type TSnapshotRow = z.infer<typeof SnapshotRow>;

export const SnapshotPeriod = z.object({
  year: z.number().int(),
  month: z.number().int(),
  employees: z.number().int(),
  recordedAt: Ts,
});
export type TSnapshotPeriod = z.infer<typeof SnapshotPeriod>;

/** The fields a diff compares (their labels are the screen's). */
export const SNAPSHOT_FIELDS = [
  'employeeName',
  'status',
  'schoolItemCode',
  'campuses',
  'post',
  'skillRank',
  'payRole',
  'rule',
  'base',
  'commissionBp',
  'perCase',
  'targetBonus',
  'bonus',
  'rates',
  'total',
] as const;
export const SNAPSHOT_CHANGES = ['added', 'removed', 'changed', 'same'] as const;

export const SnapshotDiffRow = z.object({
  employeeCode: z.string(),
  employeeName: z.string(),
  schoolItemCode: z.string().nullable(),
  change: z.enum(SNAPSHOT_CHANGES),
  fields: z.array(z.object({ field: z.enum(SNAPSHOT_FIELDS), before: z.string(), after: z.string() })),
});
export type TSnapshotDiffRow = z.infer<typeof SnapshotDiffRow>;

const Campus = z.string().trim().max(20).optional();
const READ = priv('/staffsalary/snapshot', '/staffsalary/snapshotDetail');
const S = 'ehr' as const;

export const snapshots = {
  periods: get('/empInfoSnapshot/periods', {
    service: S,
    summary: 'Periods with an employee snapshot (the caller’s campuses), newest first.',
    access: READ,
    query: z.object({ schoolItemCode: Campus }),
    response: z.array(SnapshotPeriod),
  }),
  list: get('/empInfoSnapshot/list', {
    service: S,
    summary: 'A period’s employee snapshot, filtered by campus and keyword (name or code), paged.',
    access: READ,
    query: PageQuery.extend({
      year: PeriodYear,
      month: PeriodMonth,
      schoolItemCode: Campus,
      keyword: z.string().trim().max(50).optional(),
    }),
    response: page(SnapshotRow),
  }),
  diff: get('/empInfoSnapshot/diff', {
    service: S,
    summary:
      'What changed per employee between another period’s snapshot (default: the latest earlier one) and this one.',
    access: READ,
    query: z.object({
      year: PeriodYear,
      month: PeriodMonth,
      againstYear: PeriodYear.optional(),
      againstMonth: PeriodMonth.optional(),
      schoolItemCode: Campus,
      changedOnly: QueryBool.optional(),
    }),
    response: z.object({
      against: z.object({ year: z.number().int(), month: z.number().int() }).nullable(),
      rows: z.array(SnapshotDiffRow),
    }),
  }),
} satisfies Slice;
