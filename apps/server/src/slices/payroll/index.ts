// The payroll slice's public face (issue 17, docs/payroll.md): the computation other slices build on
// (salary applications record a campus's total; the employee snapshot hooks onto a computed period).
export {
  salaryRules,
  salaryRuleRates,
  salaryCourseSwitch,
  salaryRuns,
  salaryLines,
  salaryLineSources,
  salaryExtraHours,
} from './tables.js';
export {
  PAY_ROLES,
  campusPeriodTotals,
  computePeriod,
  type ApplicationLock,
  type ConfirmedHoursFilter,
  type PayRole,
  type PayrollWiring,
} from './compute.js';
export { payrollHandlers } from './handlers.js';
