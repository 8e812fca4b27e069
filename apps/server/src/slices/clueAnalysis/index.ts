// The clue analysis slice's public face (reports only; nobody else needs its internals).
export { clueAnalysisHandlers } from './handlers.js';
