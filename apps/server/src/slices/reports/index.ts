// Reports (issue 18, part C): income reports, clue conversion, consumption per case and class-hour
// settlement, over the dashboards' facts (docs/metrics.md). Public face: the handlers.
export { reportsHandlers } from './handlers.js';
