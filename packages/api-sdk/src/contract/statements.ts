// Account statements (issue 14): a monthly statement per student drawn from the student ledger —
// opening balance, the month's movements, closing balance, in money and hours — regenerable (a new
// version, the old one kept) and resent to the family by text message.
import { z } from 'zod';
import { FileResponse, PageQuery, get, page, post, priv, type Slice } from './define.js';

const Ts = z.string().describe('ISO 8601 timestamp');
const Yuan = z.string().describe('yuan, 2 decimals');
const Id = z.coerce.number().int().positive().max(2147483647);
/** A month 'YYYY-MM' from 2000 to 2999. */
const Month = z
  .string()
  .trim()
  .max(7)
  .refine((v) => /^2\d{3}-(0[1-9]|1[0-2])$/.test(v), '月份格式应为 YYYY-MM / a month as YYYY-MM');

export const StatementLine = z.object({
  postedAt: Ts,
  kind: z.string(),
  orderCode: z.string(),
  courseCode: z.string(),
  hours: z.number(),
  value: Yuan,
  note: z.string(),
});
export const StatementRow = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  studentCode: z.string(),
  studentName: z.string(),
  schoolItemCode: z.string(),
  month: z.string(),
  version: z.number().int(),
  openingHours: z.number(),
  openingValue: Yuan,
  inHours: z.number(),
  outHours: z.number(),
  inValue: Yuan,
  outValue: Yuan,
  closingHours: z.number(),
  closingValue: Yuan,
  generatedAt: Ts,
  sentAt: Ts.nullable(),
  sentCount: z.number().int(),
});
export const StatementDetail = StatementRow.extend({
  lines: z.array(StatementLine),
  /** Earlier versions of the same month, newest first. */
  versions: z.array(
    z.object({ id: z.number().int(), version: z.number().int(), generatedAt: Ts, closingValue: Yuan }),
  ),
});
export const StatementFilter = z.object({
  schoolItemCode: z.string().trim().max(20).optional(),
  month: Month.optional(),
  /** Student name or code. */
  keyword: z.string().trim().max(50).optional(),
});
export const StatementCheck = z.object({
  consistent: z.boolean(),
  ledgerClosingHours: z.number(),
  ledgerClosingValue: Yuan,
  statementClosingHours: z.number(),
  statementClosingValue: Yuan,
});

const ACCOUNT = priv('/financial/account');

export const statements = {
  queryPage: get('/accountStatement/queryPage', {
    service: 'schedule',
    summary: 'Current statements of the caller’s campuses (latest version per student and month), paged.',
    access: ACCOUNT,
    query: PageQuery.extend(StatementFilter.shape),
    response: page(StatementRow),
  }),
  export: get('/accountStatement/export', {
    service: 'schedule',
    summary: 'The whole filtered list of current statements as a workbook.',
    access: ACCOUNT,
    kind: 'download',
    query: StatementFilter,
    response: FileResponse,
  }),
  detail: get('/accountStatement/detail/{id}', {
    service: 'schedule',
    summary: 'One statement version with its movements and the other versions of its month.',
    access: ACCOUNT,
    params: z.object({ id: Id }),
    response: StatementDetail,
  }),
  generate: post('/accountStatement/generate', {
    service: 'schedule',
    summary:
      'Draws the month’s statements of a campus (or one student) from the ledger where none exists yet.',
    access: ACCOUNT,
    body: z.object({
      schoolItemCode: z.string().trim().min(1).max(20),
      month: Month,
      studentId: Id.optional(),
    }),
    response: z.object({ created: z.number().int(), existing: z.number().int() }),
  }),
  regenerate: post('/accountStatement/regenerate/{id}', {
    service: 'schedule',
    summary: 'Draws the statement again from the ledger as a new version; the old version is kept.',
    access: ACCOUNT,
    params: z.object({ id: Id }),
    response: z.object({ id: z.number().int(), version: z.number().int() }),
  }),
  resend: post('/accountStatement/resend/{id}', {
    service: 'schedule',
    summary:
      'Sends the statement’s closing balance to the family by text message (503 when texts are not configured).',
    access: ACCOUNT,
    params: z.object({ id: Id }),
    response: z.object({ sentAt: Ts, phone: z.string() }),
  }),
  checkAccountStatement: post('/accountStatement/checkAccountStatement', {
    service: 'schedule',
    summary:
      'Whether a statement still agrees with the ledger (its closing balance against the ledger’s at the month end).',
    access: ACCOUNT,
    body: z.object({ id: Id }),
    response: StatementCheck,
  }),
} satisfies Slice;
