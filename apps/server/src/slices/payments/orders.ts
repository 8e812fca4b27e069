// What the payments slice needs from the orders slice (core): the order to collect, recording a
// confirmed online payment, and the order as a receipt shows it. Every call takes the caller's
// transaction. The orders slice's public face implements it (`ordersForPayments`); the composition
// root puts it on the app's ports (deps.ports.ordersForPayments).
import type { Tx } from '../../db/client.js';

export interface OrderToCollect {
  id: number;
  code: string;
  schoolItemCode: string;
  studentName: string;
  /** What the gateway shows the family (course names). */
  description: string;
  /** The family share not yet covered by pay records (pending or confirmed), in cents. */
  outstandingFamilyCents: number;
  /** False when the order no longer takes payments (revoked, closed, awaiting approval …). */
  collectable: boolean;
}

export interface OnlinePaymentRecord {
  orderId: number;
  amountCents: number;
  /** The gateway's trade number: recording the same one again changes nothing. */
  reference: string;
  paidAt: Date;
  /** The user who made the QR code (the payment's collector). */
  by: number | null;
}

export interface ReceiptLine {
  courseName: string;
  unit: string;
  quantity: string;
  giftQuantity: string;
  unitPriceCents: number;
  amountCents: number;
}
export interface ReceiptPayment {
  method: string;
  payer: string;
  amountCents: number;
  paidAt: Date;
  reference: string | null;
  status: string;
}
export interface OrderReceipt {
  code: string;
  schoolItemCode: string;
  campusName: string;
  studentName: string;
  studentCode: string;
  orderType: string;
  status: string;
  createdAt: Date;
  listCents: number;
  discountCents: number;
  payableCents: number;
  paidCents: number;
  items: ReceiptLine[];
  payments: ReceiptPayment[];
}

export interface OrdersForPayments {
  orderToCollect(tx: Tx, orderId: number): Promise<OrderToCollect | null>;
  /** Records a family payment of method 4 (online); idempotent on the reference. */
  recordOnlinePayment(tx: Tx, p: OnlinePaymentRecord): Promise<void>;
  orderForReceipt(tx: Tx, code: string): Promise<OrderReceipt | null>;
}
