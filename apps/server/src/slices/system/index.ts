// The system slice's public face: accounts and sessions other slices act on, the sign-in throttle
// (the parents' public links use it too). Its tables come from src/db/schema.ts.
export { temporaryPassword } from './admin.js';
export { revokeUserSessions } from './sessions.js';
export { assertMayTry, recordFailure } from './throttle.js';
// Demo data other slices' seeds build on:
export { DEMO_PASSWORD } from './seed.js';
export { systemHandlers } from './handlers.js';
