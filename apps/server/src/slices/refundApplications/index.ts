// The refundApplications slice's public face: families' refund applications and their approval kind.
export { refundApplications } from './tables.js';
export { REFUND_APPLICATION } from './service.js';
export { refundApplicationsHandlers } from './handlers.js';
