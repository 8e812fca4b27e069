// Sync with the HR system (issue 17; Beisen iTalent-style OpenAPI, docs/payroll.md "HR sync"): read its
// organisation units and employees into ours (matched on the HR system's id), and push a month's
// computed payroll results. Every run is idempotent and reports what it created, updated and left.
import { z } from 'zod';
import { get, post, priv, type Slice } from './define.js';
import { PeriodMonth, PeriodYear } from './classHours.js';

export const HR_SYNC_KINDS = ['organization', 'employees', 'payroll'] as const;
export const HrSyncKind = z.enum(HR_SYNC_KINDS);

export const HrSyncResult = z.object({
  kind: HrSyncKind,
  /** Rows the HR system answered (or, for payroll, employees with results in the month). */
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows left out, each with why (an unknown department or post, no HR id …). */
  skipped: z.array(z.object({ ref: z.string(), name: z.string(), reason: z.string() })),
});
export type THrSyncResult = z.infer<typeof HrSyncResult>;

export const HrSyncRun = HrSyncResult.omit({ skipped: true }).extend({
  id: z.number().int(),
  year: z.number().int().nullable(),
  month: z.number().int().nullable(),
  skippedCount: z.number().int(),
  at: z.string(),
  byName: z.string().nullable(),
});

export const HrSyncStatus = z.object({
  configured: z.boolean(),
  /** The settings still missing (empty when configured). */
  missing: z.array(z.string()),
  runs: z.array(HrSyncRun),
});
export type THrSyncStatus = z.infer<typeof HrSyncStatus>;

const Period = z.object({ year: PeriodYear, month: PeriodMonth });
const SYNC = priv('payroll.compute');
const S = 'ehr' as const;

export const hrSync = {
  status: get('/beisen-sync/status', {
    service: S,
    summary: 'Whether the HR system is configured (and what is missing), with the latest sync runs.',
    access: priv('payroll.compute', '/staffsalary/manage'),
    response: HrSyncStatus,
  }),
  organization: post('/beisen-sync/organization', {
    service: S,
    summary:
      "Reads the HR system's organisation units (every page) into ours; a unit whose code is a campus code maps to that campus. 503 when not configured.",
    access: SYNC,
    response: HrSyncResult,
  }),
  employees: post('/beisen-sync/employees', {
    service: S,
    summary:
      "Reads the HR system's employees (every page) and creates or updates ours, matched on the HR id (then on the job number = our code); campus from the department, post by name. 503 when not configured.",
    access: SYNC,
    response: HrSyncResult,
  }),
  payroll: post('/beisen-sync/payroll', {
    service: S,
    summary:
      "Pushes the month's computed payroll results (per employee: total and lines) to the HR system; only what changed since the last push is sent. 503 when not configured.",
    access: SYNC,
    body: Period,
    response: HrSyncResult,
  }),
  salarySync: get('/salary_sync/sync', {
    service: S,
    summary: 'The payroll push of /beisen-sync/payroll for a month (year, month), as the spec names it.',
    access: SYNC,
    query: Period,
    response: HrSyncResult,
  }),
} satisfies Slice;
