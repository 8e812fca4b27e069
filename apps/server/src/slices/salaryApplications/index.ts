// The salaryApplications slice's public face: school salary applications (kind schoolSalaryApply) and
// the lock a passed one puts on its campus's period (payroll asks it through the composition root).
export { salaryApplications } from './tables.js';
export { SA as SALARY_APPLICATION_STATUS, applicationPassed, assertNotApplied } from './service.js';
export { salaryApplicationsHandlers } from './handlers.js';
