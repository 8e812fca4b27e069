// Data recovery (/dataRecovery/orderRecovery, issue 18): an administrator repairs an order's income
// records (a duplicate confirmed pay record) or its new/renewal flag. Every repair is previewed by a
// GET, done by a POST in one transaction, recorded with its reason and reversible
// (docs/decisions.md "Data recovery").
import { z } from 'zod';
import { get, post, priv, type Slice } from './define.js';

const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const Reason = z
  .string()
  .trim()
  .min(2, '请填写修复原因 / give the reason of the repair')
  .max(500, '原因最多500字 / the reason has at most 500 characters');

export const FixOrderQuery = z.object({ orderCode: z.string().trim().min(1).max(40) });

export const FixPayRecord = z.object({
  id: z.number().int(),
  method: z.number().int(),
  amountCents: z.number().int(),
  paidAt: z.string(),
  reference: z.string(),
  /** 10 pending, 20 confirmed, 30 rejected, 40 void. */
  status: z.number().int(),
});
export const FixRepair = z.object({
  id: z.number().int(),
  kind: z.enum(['deleteIncome', 'updateIsNew']),
  /** What was changed, in words. */
  description: z.string(),
  reason: z.string(),
  doneBy: z.string(),
  doneAt: z.string(),
  revertedAt: z.string().nullable(),
  revertReason: z.string(),
});
export const FixOrder = z.object({
  orderId: z.number().int(),
  orderCode: z.string(),
  schoolItemCode: z.string(),
  studentCode: z.string(),
  studentName: z.string(),
  /** Order type: 0 renewal, 1 new enrolment, 3, 4, 5 others (spec §9). */
  orderType: z.number().int(),
  status: z.number().int(),
  payableCents: z.number().int(),
  /** Confirmed pay records' sum. */
  paidCents: z.number().int(),
  /** The paid value the ledger holds for the order's purchases. */
  ledgerPaidCents: z.number().int(),
  payRecords: z.array(FixPayRecord),
  repairs: z.array(FixRepair),
});

export const DeleteIncomeQuery = z.object({ payRecordId: Id });
export const DeleteIncomePreview = z.object({
  order: FixOrder,
  payRecord: FixPayRecord,
  /** The order's confirmed paid value after the repair. */
  paidAfterCents: z.number().int(),
  /** Whether the repair is allowed, and why not. */
  allowed: z.boolean(),
  refusal: z.string(),
});
export const DeleteIncomeInput = z.object({ payRecordId: Id, reason: Reason });

export const IsNewDetail = z.object({
  order: FixOrder,
  /** The order is a new enrolment (order type 1); false for a renewal (0). */
  isNew: z.boolean(),
  /** What the rule says: new when the student has no earlier effective order. */
  suggestedIsNew: z.boolean(),
  /** Earlier effective orders of the student (the reason of the suggestion). */
  earlierOrders: z.array(
    z.object({ code: z.string(), orderType: z.number().int(), effectiveAt: z.string() }),
  ),
  /** Only new enrolment and renewal orders can be switched. */
  allowed: z.boolean(),
  refusal: z.string(),
});
export const UpdateIsNewInput = z.object({ orderId: Id, isNew: z.boolean(), reason: Reason });
export const RevertRepairInput = z.object({ repairId: Id, reason: Reason });
export const RepairDone = z.object({ repairId: z.number().int(), order: FixOrder });

const ADMIN = priv('/dataRecovery/orderRecovery');
const svc = 'assist' as const;

export const dataRecovery = {
  incomeDetail: get('/fix/incomeDetail', {
    service: svc,
    summary: 'An order with its pay records, the paid value the ledger holds and the repairs done on it.',
    access: ADMIN,
    query: FixOrderQuery,
    response: FixOrder,
  }),
  deleteIncomePreview: get('/fix/deleteIncome', {
    service: svc,
    summary:
      'Preview of voiding a confirmed pay record (a duplicate): the order before and after; changes nothing.',
    access: ADMIN,
    query: DeleteIncomeQuery,
    response: DeleteIncomePreview,
  }),
  deleteIncome: post('/fix/deleteIncome', {
    service: svc,
    summary:
      'Voids a confirmed pay record the ledger does not need (administrators only), recorded with the reason.',
    access: ADMIN,
    body: DeleteIncomeInput,
    response: RepairDone,
  }),
  isNewDetail: get('/fix/isNewDetail', {
    service: svc,
    summary: 'An order’s new/renewal flag, what the rule suggests and why; changes nothing.',
    access: ADMIN,
    query: FixOrderQuery,
    response: IsNewDetail,
  }),
  updateIsNew: post('/fix/updateIsNew', {
    service: svc,
    summary: 'Sets an order to new enrolment or renewal (administrators only), recorded with the reason.',
    access: ADMIN,
    body: UpdateIsNewInput,
    response: RepairDone,
  }),
  revertRepair: post('/fix/revert', {
    service: svc,
    summary: 'Undoes a repair (administrators only), recorded with the reason.',
    access: ADMIN,
    body: RevertRepairInput,
    response: RepairDone,
  }),
} satisfies Slice;
