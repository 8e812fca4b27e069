// Sealing (issue 17, §3 forbidBill, /staffsalary/dataSealing): a sealed salary period refuses every
// change to the lessons, orders, refunds and salary lines it covers; unsealing takes an
// administrator and a reason. Both are audited.
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
export const UnsealInput = SealInput.extend({
  reason: z
    .string()
    .trim()
    .min(1, '请填写解封原因 / the reason is required')
    .max(500, '原因最多500字 / the reason is at most 500 characters'),
});

const READ = priv('/staffsalary/dataSealing');
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
      'Seals a period (year, month): lessons, attendance, orders, refunds and salary lines of its days can no longer change. A period that has not started cannot be sealed.',
    access: READ,
    body: SealInput,
    response: Ok,
  }),
  unseal: post('/forbidBill/unseal', {
    service: S,
    summary: 'Unseals a period with a reason (administrators only; audited).',
    access: priv('sealing.unseal'),
    body: UnsealInput,
    response: Ok,
  }),
} satisfies Slice;
