// The termBills slice's public face: instalments (issue 14). The workbench counts overdue terms here.
export { installmentPlans, termBills, termBillItems } from './tables.js';
export { TERM_BILL_APPLY, overdueTermCount } from './service.js';
export { linkTermPayment } from './schedule.js';
export { termBillsHandlers } from './handlers.js';
export { TB, TERM_BILL_MACHINE } from './states.js';
