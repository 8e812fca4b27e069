// The clue fields every part of the slice shares: states, sources, phone, dates, ids, reasons.
import { z } from 'zod';
import { Mobile } from '../fields.js';

/** Clue states of docs/clue-states.md (spec §4 leaves the values to us). */
export const ClueState = z.enum([
  'pool',
  'following',
  'visit_scheduled',
  'visited',
  'assessed',
  'converted',
  'transfer_pending',
  'abandon_pending',
  'invalid_pending',
  'high_sea',
  'invalid',
  'merged',
]);
export type TClueState = z.infer<typeof ClueState>;

/** Where a clue came from. */
export const ClueSource = z.enum(['manual', 'baidu', 'douyin', 'h5', 'import']);

export const LeadSource = z.enum(['baidu', 'douyin', 'h5']);

/** 1 boy, 2 girl, 0 unknown. */
export const Gender = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]));

/** Intention levels of a follow-up: A hot … D cold. */
export const IntentionLevel = z.enum(['A', 'B', 'C', 'D']);

/** Status of a clue request on the approval engine: 5 pending, 20 approved, 30 rejected, 50 cancelled (10 and 40 are not used by the clue kinds). */
export const ApprovalStatus = z.union([
  z.literal(5),
  z.literal(10),
  z.literal(20),
  z.literal(30),
  z.literal(40),
  z.literal(50),
]);

export const ApprovalKind = z.enum(['transfer', 'abandon', 'invalid']);

export const Ts = z.string().describe('ISO 8601 timestamp');

export const DateStr = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

// Clue phones are the family's mobile: every lookup and duplicate check is by mobile.
export const Phone = Mobile;

export const ClueId = z.coerce.number().int().positive();

export const Text = (max: number) => z.string().trim().max(max);

export const Reason = z.string().trim().min(1, '请填写原因 / a reason is required').max(500);

export const ClueIdQuery = z.object({ clueId: ClueId });

export const PhoneQuery = z.object({ phone: Phone });

export const MobileQuery = z.object({ mobile: Phone });

export const UserPick = z.object({ id: z.number().int(), username: z.string(), name: z.string() });
