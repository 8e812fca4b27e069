// School salary applications (issue 17, §7 /schoolSalaryApply/*): a campus applies for its computed
// payroll of a period; the request (kind schoolSalaryApply on the one approval engine) is the centre
// leader's application, approved by HR and then finance. Once it passed, payroll refuses to recompute
// or adjust that campus's period. Decisions, cancel and revoke through /approval/*.
import { z } from 'zod';
import { KindApprovalFilter, KindApprovalFlow, KindApprovalRow } from './approvals.js';
import { PeriodMonth, PeriodYear } from './classHours.js';
import { PageQuery, get, page, post, priv, type Slice } from './define.js';

const Id = z.coerce.number().int().positive().max(2147483647);
const Code = z.string().trim().min(1).max(20);
const Yuan = z.string().describe('yuan, 2 decimals');
const Ts = z.string().describe('ISO 8601 timestamp');

export const SalaryPeriodOfCampus = z.object({ schoolItemCode: Code, year: PeriodYear, month: PeriodMonth });

/** The application's own status: 5 waiting (until decided), 20 passed, 30 rejected, 40 revoked, 50 withdrawn. */
export const SalaryApplyBrief = z.object({
  id: z.number().int(),
  approvalId: z.number().int(),
  status: z.number().int(),
  total: Yuan,
});

/** A campus's payroll of a period as the apply tab shows it. */
export const SalaryApplyCampusRow = z.object({
  schoolItemCode: z.string(),
  schoolItemName: z.string().nullable(),
  employees: z.number().int(),
  total: Yuan,
  /** null: the period was never computed for the campus (it cannot apply). */
  computedAt: Ts.nullable(),
  sealed: z.boolean(),
  /** The live (waiting or passed) application, else the last decided one. */
  application: SalaryApplyBrief.nullable(),
  canApply: z.boolean(),
});
export type TSalaryApplyCampusRow = z.infer<typeof SalaryApplyCampusRow>;

export const SalaryApplyInput = SalaryPeriodOfCampus.extend({
  remark: z.string().trim().max(500).default(''),
});

export const SalaryApplyRow = KindApprovalRow.extend({
  applicationId: z.number().int(),
  applicationStatus: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  employees: z.number().int(),
  /** The campus's total when it applied (what is approved). */
  amount: Yuan,
  computedAt: Ts,
});
export type TSalaryApplyRow = z.infer<typeof SalaryApplyRow>;

export const SalaryApplyDetail = SalaryApplyRow.extend(KindApprovalFlow.shape).extend({
  /** The campus's total now; differs from `amount` when the period was recomputed after applying. */
  currentTotal: Yuan,
  /** Per pay role at application time. */
  roles: z.array(z.object({ role: z.string(), employees: z.number().int(), total: Yuan })),
});
export type TSalaryApplyDetail = z.infer<typeof SalaryApplyDetail>;

export const SalaryApplyFilter = KindApprovalFilter.extend({
  year: PeriodYear.optional(),
  month: PeriodMonth.optional(),
});

const READ = priv('/staffsalary/manage');
const S = 'ehr' as const;

export const salaryApplications = {
  campuses: get('/schoolSalaryApply/campuses', {
    service: S,
    summary:
      'The caller’s campuses for a period: employees paid, total, when computed, whether sealed, the application and whether the campus may apply.',
    access: READ,
    query: z.object({ year: PeriodYear, month: PeriodMonth }),
    response: z.array(SalaryApplyCampusRow),
  }),
  apply: post('/schoolSalaryApply/apply', {
    service: S,
    summary:
      'A campus applies for its computed payroll of a period (schoolSalaryApply: the centre leader’s application → HR → finance); the total is recorded. Refused for a period never computed and while a live application exists.',
    access: priv('salary.apply'),
    body: SalaryApplyInput,
    response: z.object({ id: z.number().int(), approvalId: z.number().int() }),
  }),
  list: get('/schoolSalaryApply/list', {
    service: S,
    summary: 'Salary applications of the caller’s campuses with their approval state, filtered and paged.',
    access: READ,
    query: PageQuery.extend(SalaryApplyFilter.shape),
    response: page(SalaryApplyRow),
  }),
  detail: get('/schoolSalaryApply/detail/{id}', {
    service: S,
    summary: 'One application (by its approval request id) with its flow, history, roles and the total now.',
    access: READ,
    params: z.object({ id: Id }),
    response: SalaryApplyDetail,
  }),
} satisfies Slice;
