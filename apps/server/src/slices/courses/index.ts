// The courses slice's public face: the registries other slices' usage checkers join.
export { courseRankUsageCheckers, courseUsageCheckers } from './usage.js';
export { coursesHandlers } from './handlers.js';
