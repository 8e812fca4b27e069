// The employees slice's public face. Its tables come from src/db/schema.ts.
// Demo data other slices' seeds build on:
export { demoStaff } from './seed.js';
export { employeesHandlers } from './handlers.js';
