// Dashboards (issue 18): figures read from the ledger, the pay records and the other slices' tables,
// defined in docs/metrics.md. Public face: the handlers the server registers and the snapshot job.
export { dashboardsHandlers } from './handlers.js';
// The fact mechanism and the figure scope, for the reports built on the same facts (slice reports).
export * as facts from './facts.js';
export { figureScope, inCampuses, monthsBetween, type FigureScope } from './scope.js';
export { staffFiguresHandlers } from './staffHandlers.js';
export { startSnapshotJobs } from './snapshots.js';
