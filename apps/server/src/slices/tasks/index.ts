// The task centre's public face (nobody else needs its internals).
export { tasksHandlers } from './handlers.js';
