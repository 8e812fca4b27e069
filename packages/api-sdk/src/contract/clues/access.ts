// Who may call the clue endpoints: the screens of spec §2 that own them, plus action codes.
import { priv } from '../define.js';

export const CLUE_LIST = '/clues/clueList';
export const SCHOOL = '/clues/schoolClues';
export const DIST = '/clues/disCluelist';
export const PUBLIC = '/clues/cluePublic';
export const INVALID = '/clues/invalidClue';
export const BAIDU = '/clues/baiduClue';
export const H5 = '/clues/h5activity';
export const SIGN = '/clues/channelSign';
export const ASSESS = '/clues/admissionAssessment';
export const WORK = '/workSurface/index';

/** Action codes held by managers and approvers (docs/clue-states.md). */
export const CLUE_ACTIONS = {
  approve: 'clues.approve',
  distribute: 'clues.distribute',
  import: 'clues.import',
  merge: 'clues.merge',
} as const;

/** Any screen where clues are worked. */
export const work = priv(CLUE_LIST, SCHOOL, DIST, PUBLIC, WORK);

/**
 * Looking up who holds a phone: the screens that take in or screen leads (clue desks, resources,
 * primary screening), not every signed-in user (issue 11 §4: a teacher enumerated phones).
 */
export const phoneLookup = priv(
  CLUE_LIST,
  SCHOOL,
  DIST,
  PUBLIC,
  WORK,
  BAIDU,
  '/clues/clueDetail',
  '/clues/primaryScreen',
  '/clues/clueResources',
);

/** Approvers: the service also requires a director (76), centre leader (72) or administrator of the campus. */
export const approve = priv(CLUE_ACTIONS.approve, INVALID);

/**
 * An abandon decision: the approvers, and from the workbench's approvals panel whoever the kind's
 * saved flow names (a consultant); the approval engine refuses anyone its current step does not name.
 */
export const approveOrWorkbench = priv(CLUE_ACTIONS.approve, INVALID, WORK);
