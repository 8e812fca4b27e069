// Sealing (issue 17, §3 forbidBill, /staffsalary/dataSealing; issue 33): a sealed month refuses every
// money and hour movement dated in it (pay records, refunds, adjustments, ledger movements, lessons,
// attendance, class-hour confirmations, invoices, payroll); reopening takes finance (sealing.reopen)
// and a reason. Both are audited, and the history lists every seal and reopening.
import { z } from 'zod';
import { Ok, get, post, priv, type Slice } from './define.js';
import { PeriodMonth, PeriodYear } from './classHours.js';

const Ts = z.string().describe('ISO 8601 timestamp');

export const SealRow = z.object({
  year: z.number().int(),
  month: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  sealed: z.boolean(),
  sealedAt: Ts.nullable(),
  sealedByName: z.string().nullable(),
  unsealedAt: Ts.nullable(),
  unsealedByName: z.string().nullable(),
  unsealReason: z.string().nullable(),
  /** 0 for a period never sealed; send it back with seal/unseal. */
  version: z.number().int(),
});
export type TSealRow = z.infer<typeof SealRow>;

export const SealInput = z.object({
  year: PeriodYear,
  month: PeriodMonth,
  version: z.number().int().min(0).optional(),
});
export const SealHistoryRow = z.object({
  id: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  /** seal: the month was sealed; reopen: it was reopened (unsealed). */
  action: z.enum(['seal', 'reopen']),
  at: Ts,
  byName: z.string().nullable(),
  /** Why it was reopened (null for a seal). */
  reason: z.string().nullable(),
});
export type TSealHistoryRow = z.infer<typeof SealHistoryRow>;

export const UnsealInput = SealInput.extend({
  reason: z
    .string()
    .trim()
    .min(1, '请填写解封原因 / the reason is required')
    .max(500, '原因最多500字 / the reason is at most 500 characters'),
});

const READ = priv('/staffsalary/dataSealing', 'sealing.reopen');
const SEAL = priv('/staffsalary/dataSealing');
const S = 'ehr' as const;

export const sealing = {
  list: get('/forbidBill/list', {
    service: S,
    summary:
      'Salary periods (those HR defined and any ever sealed), newest first, with whether each is sealed, by whom and when.',
    access: READ,
    query: z.object({ year: PeriodYear.optional() }),
    response: z.array(SealRow),
  }),
  seal: post('/forbidBill/seal', {
    service: S,
    summary:
      'Seals a period (year, month): every money and hour movement dated in its days (pay records, refunds, adjustments, ledger movements, lessons, attendance, class-hour confirmations, invoices, payroll) is refused. A period that has not started cannot be sealed.',
    access: SEAL,
    body: SealInput,
    response: Ok,
  }),
  unseal: post('/forbidBill/unseal', {
    service: S,
    summary: 'Reopens (unseals) a sealed period with a reason (finance: sealing.reopen; audited).',
    access: priv('sealing.reopen'),
    body: UnsealInput,
    response: Ok,
  }),
  history: get('/forbidBill/history', {
    service: S,
    summary:
      'Every seal and reopening (of a year, or all), newest first: which period, who, when and, for a reopening, why (from the audit log).',
    access: READ,
    query: z.object({ year: PeriodYear.optional() }),
    response: z.array(SealHistoryRow),
  }),
} satisfies Slice;
