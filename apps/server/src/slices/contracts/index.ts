// The contracts slice's public face: paper contracts, contract supplements, service-time changes.
export { agreements } from './tables.js';
export { contractsHandlers } from './handlers.js';
