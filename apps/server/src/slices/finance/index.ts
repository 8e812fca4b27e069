// The finance settings slice's public face (nobody else needs its internals yet).
export { financeHandlers } from './handlers.js';
