// Pools: the campus distribution pool, its rule, assigning, and the high sea.
import { z } from 'zod';
import { Ok, get, page, post, priv, type Slice } from '../define.js';
import { ClueId, Text, UserPick } from './fields.js';
import { CLUE_LIST, DIST, PUBLIC, CLUE_ACTIONS, work } from './access.js';
import { ClueRow } from './rows.js';
import { ClueListQuery } from './core.js';

export const DistributionMode = z.enum(['manual', 'round_robin', 'least_loaded']);

export const DistributionRule = z.object({
  schoolItemCode: z.string(),
  mode: DistributionMode,
  version: z.number().int().nullable(),
  /** Active consultants (role 34) of the campus: whom an automatic rule assigns to. */
  consultants: z.array(UserPick.extend({ load: z.number().int() })),
});

export const distributionEndpoints = {
  distributionPoolList: get('/clue/distributionPoolList', {
    service: 'clue',
    summary: 'The distribution pool (state pool) of the caller’s campuses, filtered and paged.',
    access: priv(DIST, CLUE_LIST),
    query: ClueListQuery,
    response: page(ClueRow),
  }),
  distributeSave: post('/clue/distributeSave', {
    service: 'clue',
    summary:
      'Assign clues to a consultant of their campus (from the pool, the high sea or another consultant).',
    access: priv(CLUE_ACTIONS.distribute, DIST),
    body: z.object({
      clueIds: z.array(ClueId).min(1).max(500),
      ownerUserId: z.number().int(),
      schoolItemCode: z.string().trim().optional(),
    }),
    response: z.object({ count: z.number().int() }),
  }),
  distributionRule: get('/clue/distributionRule', {
    service: 'clue',
    summary: 'The distribution rule of a campus (manual when never set) and its consultants with their load.',
    access: priv(DIST),
    query: z.object({ schoolItemCode: z.string().trim().min(1) }),
    response: DistributionRule,
  }),
  distributionRuleSave: post('/clue/distributionRule', {
    service: 'clue',
    summary: 'Set the distribution rule of a campus: manual, round_robin or least_loaded.',
    access: priv(CLUE_ACTIONS.distribute, DIST),
    body: z.object({
      schoolItemCode: z.string().trim().min(1),
      mode: DistributionMode,
      version: z.number().int().nullable().optional(),
    }),
    response: DistributionRule,
  }),
  highSeaList: get('/clue/highSeaList', {
    service: 'clue',
    summary: 'The high sea (public pool) of the caller’s campuses and the brand centre.',
    access: priv(PUBLIC),
    query: ClueListQuery,
    response: page(ClueRow),
  }),
  receiveClue: post('/clue/receiveClue', {
    service: 'clue',
    summary:
      'Claim a high-sea clue (schoolItemCode for a brand-centre clue). Daily cap per consultant (CLUE_CLAIM_DAILY_CAP) → 429.',
    access: priv(PUBLIC),
    body: z.object({ clueId: ClueId, schoolItemCode: z.string().trim().optional() }),
    response: ClueRow,
  }),
  highSeaReject: post('/clue/highSeaReject', {
    service: 'clue',
    summary:
      'Give back a received clue that has no follow record yet: straight to the high sea without approval.',
    access: work,
    query: z.object({ cluecode: z.string().trim().min(1), reason: Text(200).optional() }),
    response: Ok,
  }),
} satisfies Slice;
