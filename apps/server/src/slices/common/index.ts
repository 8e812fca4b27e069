// The common slice's public face (shared selectors; nobody else needs its internals).
export { commonHandlers } from './handlers.js';
