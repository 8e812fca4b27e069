// Dashboards (issue 18): figures read from the ledger, the pay records and the other slices' tables,
// defined in docs/metrics.md. Public face: the handlers the server registers.
export { dashboardsHandlers } from './handlers.js';
