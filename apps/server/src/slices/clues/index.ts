// The clue slice's public face: other slices import clue tables, states and helpers only from here,
// so the files behind it can be reorganised without touching them.
export { clueEvents, clueFollows, clueMatriculations, clues } from './tables.js';
export { ACTIVE, WORKING, type ClueState } from './states.js';
export { CLUE_KINDS, clueKindOf, type ClueApprovalKind } from './approvalKinds.js';
export { approvalDetail, approvalRows } from './queries.js';
export { decideClue } from './approvals.js';
export { assertCanSee, isManager } from './access.js';
export { maskName } from './rows.js';
export { loadClue, move, touch } from './record.js';
export { activeHolder, campusConsultants, phoneTaken } from './people.js';
export { enterPool, insertClue } from './creation.js';
export { activeHolders } from './importRows.js';
// Demo data other slices' seeds build on:
export { CHILD, PARENT, SURNAMES } from './seed.js';
export { cluesHandlers } from './handlers.js';
/** The parents' pages of text-message links (server-rendered HTML outside /api). */
export { publicPages } from './publicPages.js';
