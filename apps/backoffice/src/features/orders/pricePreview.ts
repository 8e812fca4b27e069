// What of an order being typed can be priced now: the lines with a course and a quantity above 0,
// checked by the contract's own schema; null while nothing can be priced (no campus, no line).
import { OrderPreCreateInput } from '@bo/api-sdk';

export interface OrderDraft {
  schoolItemCode?: string;
  studentId?: unknown;
  orderType?: unknown;
  items?: ReadonlyArray<{
    courseCode?: string;
    buyTypeId?: unknown;
    quantity?: number | string;
    giftQuantity?: number | string;
  }>;
  manualDiscount?: string | number;
  /** Codes of the offers the family declines. */
  declinedOffers?: ReadonlyArray<string | undefined>;
}

/** The lines complete enough to be priced; null when nothing can be priced yet. */
export function previewInput(v: OrderDraft) {
  const items = (v.items ?? []).filter(
    (i) => i.courseCode && i.quantity !== undefined && String(i.quantity) !== '' && Number(i.quantity) > 0,
  );
  const parsed = OrderPreCreateInput.safeParse({
    schoolItemCode: v.schoolItemCode,
    studentId: v.studentId,
    orderType: v.orderType,
    items,
    manualDiscount: v.manualDiscount === '' ? undefined : v.manualDiscount,
    declinedOffers: v.declinedOffers?.length ? v.declinedOffers : undefined,
  });
  return parsed.success ? parsed.data : null;
}
