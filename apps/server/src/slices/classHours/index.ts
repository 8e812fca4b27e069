// The classHours slice's public face: class-hour confirmations (the table payroll reads: a teacher's
// lessons of a period pay only under a passed confirmation, status 20) and their approval kind.
export { classHourConfirmations } from './tables.js';
export { CH as CLASS_HOUR_STATUS } from './service.js';
export { classHoursHandlers } from './handlers.js';
export { passedConfirmationFilter } from './payable.js';
