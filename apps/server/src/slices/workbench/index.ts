// The workbench's public face (nobody else needs its internals).
export { workbenchHandlers } from './handlers.js';
