// The schoolTransfers slice's public face: transfer-school applications and their approval kind.
export { schoolTransfers } from './tables.js';
export { SCHOOL_TRANSFER } from './service.js';
export { schoolTransfersHandlers } from './handlers.js';
