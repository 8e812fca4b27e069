// The orders slice's public face: the payments slice records gateway payments and renders receipts
// through these names; refunds read orders and their items from here.
export { orders, orderItems, orderAdjustments, payRecords } from './tables.js';
export {
  addPayRecord,
  addRecord,
  createOrder,
  insertOrder,
  paidAtOf,
  payDateWindow,
  recordPayment,
  type Actor,
} from './service.js';
export { orderForReceipt } from './receipt.js';
export { INCOME_ORDER_PAY, INCOME_ORDER_SOURCE } from './approval.js';
export { ORDER_MACHINE, ORDER_STATUS_CODE, stateOf, statusName, type OrderState } from './states.js';
export {
  PAY_CONFIRMED,
  PAY_PENDING,
  PAY_REJECTED,
  PAY_VOID,
  loadOrder,
  quoteLines,
  writeLines,
  type OrderRecord,
} from './common.js';
export { quoteOut } from './queries.js';
// The orders side of the payments slice's port (the composition root wires it).
export { ordersForPayments } from './forPayments.js';
export { ordersHandlers } from './handlers.js';
// Registers the usage checkers other slices' master data asks before a delete or disable.
import './usage.js';
