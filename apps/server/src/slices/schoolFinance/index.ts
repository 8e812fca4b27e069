// The school finance slice's public face (nobody else needs its internals yet).
export { schoolFinanceHandlers } from './handlers.js';
