// The snapshots slice's public face: employee snapshots of a computed period (recordSnapshots is
// subscribed to payroll's periodComputed event by the composition root) and their endpoints.
export { employeeSnapshots } from './tables.js';
export { recordSnapshots } from './service.js';
export { snapshotsHandlers } from './handlers.js';
