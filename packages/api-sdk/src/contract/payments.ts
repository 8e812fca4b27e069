// Online payment of orders through a payment gateway (WeChat Pay Native), its notification route,
// and the PDF receipt of an order (issue 13, "Payments").
import { z } from 'zod';
import { FileResponse, get, post, priv, publicAccess, type Slice } from './define.js';

/** Screens that collect money for an order (spec §2). */
const COLLECT = ['/students/order', '/students/createPay', '/students/payDetail', '/financial/orderDetails'];
/** Screens that make an instalment term's QR code (the termBills slice's /term/pay/createPayment). */
const TERM_PAY = [
  '/students/payInstallment',
  '/financial/approvalRepayment',
  '/financial/installmentDetails/:id',
];
/** Screens that show an order (its receipt). */
const READ_ORDER = [...COLLECT, '/students/studentDetail', '/students/reconciliationOrder'];

/** 1 WeChat Pay Native (a QR code the family scans). The only method so far. */
export const PayMethodType = z.coerce
  .number()
  .int()
  .pipe(
    z.literal(1, { message: '不支持的在线支付方式 / unsupported online payment method (1 = WeChat Pay)' }),
  );

/** The gateway's trade states, plus NONE when no online payment was made for the order. */
export const TradeState = z.enum([
  'NONE',
  'NOTPAY',
  'USERPAYING',
  'SUCCESS',
  'CLOSED',
  'REVOKED',
  'PAYERROR',
  'REFUND',
]);

export const OnlinePayment = z.object({
  orderId: z.number().int(),
  orderCode: z.string(),
  outTradeNo: z.string(),
  payMethodType: z.number().int(),
  /** The family share outstanding, in yuan with 2 decimals. */
  amount: z.string(),
  amountCents: z.number().int(),
  /** The QR code's content (weixin://wxpay/bizpayurl?pr=…). */
  codeUrl: z.string(),
  expiresAt: z.string(),
  /** True when a still valid QR code of the same amount was answered again. */
  reused: z.boolean(),
});

export const PaymentResult = z.object({
  orderId: z.number().int(),
  outTradeNo: z.string().nullable(),
  tradeState: TradeState,
  /** True once the gateway confirmed the payment and its pay record exists. */
  paid: z.boolean(),
  amount: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  paidAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The gateway's trade number of the confirmed payment. */
  transactionId: z.string().nullable(),
});

export const payments = {
  cuspay: get('/pay/cuspay', {
    service: 'root',
    summary:
      "Creates an online payment at the gateway for the order's outstanding family share (the amount comes from the order) and answers the QR code content and its expiry.",
    access: priv(...COLLECT),
    query: z.object({
      oid: z.coerce.number().int().positive(),
      schoolitemcode: z.string().trim().min(1).max(20),
      payMethodType: PayMethodType.default(1),
    }),
    response: OnlinePayment,
  }),
  queryResult: get('/query/result', {
    service: 'root',
    summary:
      "The state of the order's latest online payment, or of the one named by outTradeNo (an instalment term's QR code: an earlier term paid says nothing of it): asks the gateway and records the payment when it is paid (idempotent).",
    // The instalment screens make a term's QR code and watch it get paid.
    access: priv(...COLLECT, ...TERM_PAY),
    query: z.object({
      orderid: z.coerce.number().int().positive(),
      type: PayMethodType.default(1),
      outTradeNo: z.string().trim().min(1).max(64).optional(),
    }),
    response: PaymentResult,
  }),
  notifyWechatpay: post('/pay/notify/wechatpay', {
    service: 'root',
    summary:
      "WeChat Pay's payment notification (called by the gateway, signed with its platform key): verified, amount checked against the order, recorded once.",
    access: publicAccess,
    // The gateway's JSON is read from the raw body after its signature is verified (handlers.ts).
    body: z.unknown(),
    response: z.null(),
  }),
  pdfReport: get('/pdf/report', {
    service: 'root',
    summary:
      'The PDF receipt of an order: campus, student, items, amount in figures and in Chinese capitals, payments.',
    access: priv(...READ_ORDER),
    query: z.object({ code: z.string().trim().min(1).max(30) }),
    kind: 'download',
    response: FileResponse,
  }),
} satisfies Slice;
