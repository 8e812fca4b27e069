// The absences slice's public face: temporary absence, leave and make-up requests, and the seams the
// teaching slice uses (docs/decisions.md "Student services and agreements").
export { absences } from './tables.js';
export { approvedLeaves, type ApprovedLeave, type ApprovedMakeup } from './service.js';
export { absencesHandlers } from './handlers.js';
