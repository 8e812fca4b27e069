// The sealing slice's public face: the one check of a sealed period (assertOpen; docs/payroll.md
// "Sealing"), the period of a day, and the /forbidBill handlers.
export { forbidBills } from './tables.js';
export { assertOpen, assertOpenAt, isSealed, sealedError } from './service.js';
export { periodDays, periodOfDay, type PeriodDays } from './periods.js';
export { sealingHandlers } from './handlers.js';
