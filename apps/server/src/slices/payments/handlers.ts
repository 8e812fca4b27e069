import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import { createPayment, handleNotification, paymentResult } from './service.js';
import { receiptPdf } from './receipt.js';
import { signedHeaders } from './wechatpay.js';

export const paymentsHandlers: SliceHandlers<typeof contract.payments> = {
  cuspay: async ({ query, user, deps }) => createPayment(deps, user, query),
  queryResult: async ({ query, user, deps }) => paymentResult(deps, user, query),
  // The body arrives as the raw text (index.ts): the signature covers those exact bytes.
  notifyWechatpay: async ({ body, req, deps }) =>
    handleNotification(
      deps,
      req.log,
      signedHeaders((n) => {
        const v = req.headers[n];
        return Array.isArray(v) ? v[0] : v;
      }),
      typeof body === 'string' ? body : '',
    ),
  pdfReport: async ({ query, user, deps }) => receiptPdf(deps, user, query.code),
};
