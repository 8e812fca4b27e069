// Every table of every slice, for drizzle-kit and migrations. One line per slice.
export * from '../slices/system/tables.js';
export * from '../slices/organisation/tables.js';
export * from '../slices/feedback/tables.js';
export * from '../slices/dictionaries/tables.js';
export * from '../slices/courses/tables.js';
export * from '../slices/clues/tables.js';
export * from '../slices/students/tables.js';
export * from '../slices/tasks/tables.js';
export * from '../slices/resources/tables.js';
export * from '../slices/calls/tables.js';
export * from '../slices/finance/tables.js';
export * from '../slices/clueSettings/tables.js';
export * from '../slices/courseAuthority/tables.js';
export * from '../slices/schoolFinance/tables.js';
export * from '../slices/employees/tables.js';
export * from '../slices/approvals/tables.js';
export * from '../slices/payments/tables.js';
