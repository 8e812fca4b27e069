// The course authority slice's public face (nobody else needs its internals yet).
export { courseAuthorityHandlers } from './handlers.js';
