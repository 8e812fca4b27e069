// The snapshots slice's public face: employee snapshots of a computed period (recordSnapshots is
// payroll's onPeriodComputed handler, installed by the composition root) and their endpoints.
export { employeeSnapshots } from './tables.js';
export { recordSnapshots } from './service.js';
export { snapshotsHandlers } from './handlers.js';
