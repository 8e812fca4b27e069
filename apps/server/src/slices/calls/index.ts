// The calls slice's public face (nobody else needs its internals yet).
export { callsHandlers } from './handlers.js';
