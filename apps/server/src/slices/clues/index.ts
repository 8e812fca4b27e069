// The clue slice's public face: other slices import clue tables, states and helpers only from here,
// so the files behind it can be reorganised without touching them.
export { clueEvents, clueFollows, clueMatriculations, clues } from './tables.js';
export { ACTIVE, WORKING, type ClueState } from './states.js';
export { CLUE_KINDS, clueKindOf, type ClueApprovalKind } from './approvalKinds.js';
export { approvalDetail, approvalRows } from './queries.js';
export { decideClue } from './approvals.js';
export {
  activeHolder,
  and_,
  dayEnd,
  dayStart,
  iso,
  isManager,
  loadClue,
  phoneTaken,
  touch,
} from './common.js';
export { assertCanSee, move } from './common.js';
