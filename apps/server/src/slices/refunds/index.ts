// The refunds slice's public face: refund and adjust orders, their approval kinds, and the seed's
// way to file them.
export { refundOrders, refundOrderItems } from './tables.js';
export {
  ADJUST_ORDER,
  REFUND_ORDER,
  createAdjust,
  createRefund,
  fileRefund,
  refundLines,
} from './service.js';
export { refundsHandlers } from './handlers.js';
