// The employees slice's public face. Its tables come from src/db/schema.ts.
// Demo data other slices' seeds build on:
export { demoStaff } from './seed.js';
export { employeesHandlers } from './handlers.js';
// The HR sync writes employees through the master-data engine's import and links them by HR id.
export { employeeType, hrLinks, recordHrIds } from './service.js';
export { SALARY_PERIOD, SALARY_PERIOD_MACHINE } from './states.js';
