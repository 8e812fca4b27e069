// The organisation slice's public face. Its tables come from src/db/schema.ts.
// Demo data other slices' seeds build on:
export { DEMO_CAMPUSES } from './seed.js';
export { organisationHandlers } from './handlers.js';
export { assertCampusExists } from './campuses.js';
