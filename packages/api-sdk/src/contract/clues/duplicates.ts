// Who already holds a phone, and merging duplicate clues.
import { z } from 'zod';
import { QueryBool, get, post, priv, signedIn, type Slice } from '../define.js';
import { ClueState, Ts, Phone, ClueId, PhoneQuery, MobileQuery } from './fields.js';
import { DIST, CLUE_ACTIONS, work, phoneLookup } from './access.js';
import { ClueRow, FollowRow } from './rows.js';

/** Who holds a phone: enough to tell the caller who to talk to, names masked outside their scope. */
export const PhoneHolder = z.object({
  clueId: z.number().int(),
  cluecode: z.string(),
  childName: z.string(),
  flowState: ClueState,
  flowStateName: z.string(),
  schoolItemCode: z.string().nullable(),
  schoolItemName: z.string().nullable(),
  ownerName: z.string().nullable(),
  mine: z.boolean(),
  /** False: the caller may not open it (other campus or other consultant); names are masked. */
  visible: z.boolean(),
  createdAt: Ts,
});

export const CorFilterRow = z.object({
  kind: z.enum(['clue', 'student']),
  code: z.string(),
  name: z.string(),
  state: z.string(),
  schoolItemCode: z.string().nullable(),
  schoolItemName: z.string().nullable(),
  ownerName: z.string().nullable(),
  mine: z.boolean(),
  visible: z.boolean(),
});

export const MergeInput = z.object({
  keepClueId: ClueId,
  mergeClueIds: z.array(ClueId).min(1, 'choose the clues to merge').max(20),
});

export const MergePreview = z.object({
  keep: ClueRow,
  merged: z.array(ClueRow),
  /** The kept record's fields after the merge: empty fields are filled from the merged clues. */
  fields: z.array(
    z.object({ field: z.string(), value: z.string().nullable(), fromClueId: z.number().int() }),
  ),
  followsMoved: z.number().int(),
});

export const duplicatesEndpoints = {
  checkClueRepeat: get('/clue/checkClueRepeat', {
    service: 'clue',
    summary: 'Whether an active clue already holds the phone, and who.',
    access: phoneLookup,
    query: PhoneQuery,
    response: z.object({ repeat: z.boolean(), holder: PhoneHolder.nullable() }),
  }),
  clueProtect: get('/clue/clueProtect', {
    service: 'clue',
    summary:
      'Whether the phone is protected: an owned working clue of someone else (pool and high-sea clues are not protected).',
    access: phoneLookup,
    query: PhoneQuery,
    response: z.object({ protected: z.boolean(), holder: PhoneHolder.nullable(), message: z.string() }),
  }),
  queryByMobile: get('/clue/queryByMobile', {
    service: 'clue',
    summary: 'Every clue under a mobile (masked outside the caller’s scope).',
    access: phoneLookup,
    query: MobileQuery,
    response: z.array(PhoneHolder),
  }),
  listUserClueByPhone: get('/clue/listUserClueByPhone', {
    service: 'clue',
    summary: 'Clues under a phone; isMyself=1 only the caller’s own; cluePosition filters by flow state.',
    access: phoneLookup,
    query: z.object({ phone: Phone, isMyself: QueryBool.default(true), cluePosition: ClueState.optional() }),
    response: z.array(PhoneHolder),
  }),
  getBizIdByPhone: get('/clue/getBizIdByPhone', {
    service: 'clue',
    summary: 'The active clue and the student under a phone (ids only when visible to the caller).',
    access: phoneLookup,
    query: PhoneQuery,
    response: z.object({
      clueId: z.number().int().nullable(),
      cluecode: z.string().nullable(),
      studentCode: z.string().nullable(),
    }),
  }),
  getFlowsByPhone: get('/flow/getFlowsByPhone', {
    service: 'clue',
    summary: 'Follow records of the visible clues under a phone.',
    access: work,
    query: PhoneQuery,
    response: z.array(FollowRow),
  }),
  corFilterByMobile: get('/corFilter/getListByMobile', {
    service: 'clue',
    summary:
      'Cooperation filter: clues and students under a mobile across campuses, masked for other owners.',
    access: phoneLookup,
    query: MobileQuery,
    response: z.array(CorFilterRow),
  }),
  isInsuranceUser: get('/user/isInsuranceUser', {
    service: 'user',
    summary:
      'True when the mobile belongs to a family with an insurance-funded (rehabilitation subsidy) clue or student.',
    access: signedIn,
    query: MobileQuery,
    response: z.boolean(),
  }),
  mergePreview: post('/clue/merge/preview', {
    service: 'clue',
    summary: 'What merging duplicates would keep.',
    access: priv(CLUE_ACTIONS.merge, DIST),
    body: MergeInput,
    response: MergePreview,
  }),
  merge: post('/clue/merge', {
    service: 'clue',
    summary:
      'Merge duplicates into one clue: follow records, contacts and tags move; the others become state merged.',
    access: priv(CLUE_ACTIONS.merge, DIST),
    body: MergeInput,
    response: z.object({
      clueId: z.number().int(),
      merged: z.number().int(),
      followsMoved: z.number().int(),
    }),
  }),
} satisfies Slice;
