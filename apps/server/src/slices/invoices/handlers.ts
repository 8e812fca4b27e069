import type { contract } from '@bo/api-sdk';
import type { SliceHandlers } from '../../http/register.js';
import * as s from './service.js';

export const invoicesHandlers: SliceHandlers<typeof contract.invoices> = {
  contentPage: async ({ deps, query }) => s.contentPage(deps, query),
  contentCreate: async ({ deps, user, body }) => s.contentCreate(deps, user, body),
  contentUpdate: async ({ deps, user, body }) => s.contentUpdate(deps, user, body),
  contentGetById: async ({ deps, query }) => s.contentById(deps, query.id),
  page: async ({ deps, user, query }) => s.invoicePage(deps, user, query),
  orders: async ({ deps, user, query }) => s.invoiceableOrders(deps, user, query.stuId),
  insert: async ({ deps, user, body }) => s.requestInvoice(deps, user, body),
  detail: async ({ deps, user, query }) => s.invoiceDetail(deps, user, query.invoiceId),
  pdfUrl: async ({ deps, user, query }) => s.invoicePdfUrl(deps, user, query.invoiceId),
  cancel: async ({ deps, user, body }) => s.cancelInvoice(deps, user, body.invoiceId),
  reverse: async ({ deps, user, body }) => s.reverseInvoice(deps, user, body.invoiceId, body.reason),
  cmbCreate: async ({ deps, user, body }) => s.sendToProvider(deps, user, body.invoiceId),
};
