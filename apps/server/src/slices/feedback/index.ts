// The feedback slice's public face (nobody else needs its internals).
export { feedbackHandlers } from './handlers.js';
