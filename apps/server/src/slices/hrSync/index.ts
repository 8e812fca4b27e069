// The HR sync slice's public face: the /beisen-sync/* and /salary_sync/sync handlers.
export { hrSyncHandlers } from './handlers.js';
