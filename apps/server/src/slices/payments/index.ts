// The payments slice's public face: its routes, and the orders interface it is wired to.
import type { FastifyInstance } from 'fastify';
import { contract } from '@bo/api-sdk';
import type { AppDeps } from '../../deps.js';
import { registerSlice } from '../../http/register.js';
import { paymentsHandlers } from './handlers.js';

export { createTermPayment, type RecordedOnlinePayment, type TermToPay } from './service.js';
export {
  type OnlinePaymentRecord,
  type OrdersForPayments,
  type OrderToCollect,
  type OrderReceipt,
} from './orders.js';

/**
 * Registers the slice in a scope of its own whose JSON bodies stay raw text: the gateway signs the
 * notification's exact bytes, which parsing and re-serialising would not reproduce.
 */
export function registerPayments(app: FastifyInstance, deps: AppDeps): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      done(null, body);
    });
    registerSlice(scope, deps, 'payments', contract.payments, paymentsHandlers);
  });
}
