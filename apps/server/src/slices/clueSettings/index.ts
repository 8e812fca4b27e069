// The clue settings slice's public face (nobody else needs its internals yet).
export { clueSettingsHandlers } from './handlers.js';
