// The courseTransfers slice's public face: transfer course and combined orders (issue 14).
export { courseTransfers, courseTransferSources } from './tables.js';
export { COURSE_TRANSFER_SOURCE } from './service.js';
export { courseTransfersHandlers } from './handlers.js';
