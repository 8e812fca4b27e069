// The clue slice's shared types and its Shanghai-day names (the rules live in @bo/domain).
import { shanghaiDate, shanghaiDayEnd, shanghaiDayOf, shanghaiDayStart } from '@bo/domain';
import type { contract } from '@bo/api-sdk';
import type { z } from 'zod';
import type { clues } from './tables.js';

export type ClueRecord = typeof clues.$inferSelect;
export type ClueInsert = typeof clues.$inferInsert;
export type TClueRow = z.input<typeof contract.clues.mylist.response>['list'][number];

// The Asia/Shanghai business day lives in @bo/domain; these names stay for the slice's callers.
export const dayStart = shanghaiDayStart;
export const dayEnd = shanghaiDayEnd;
export const dayStr = shanghaiDate;
/** Start of a YYYY-MM-DD Shanghai day (an impossible date such as 02-30 gives an invalid Date). */
export const parseDay = (s: string) => shanghaiDayOf(s) ?? new Date(Number.NaN);
/** End of a YYYY-MM-DD Shanghai day: the next day's start, so `from <= t < end` covers the day. */
export const parseDayEnd = (s: string) => shanghaiDayOf(s, { end: true }) ?? new Date(Number.NaN);
export { and_, iso } from '../../db/rowHelpers.js';
export { isUniqueViolation } from '../../db/pgErrors.js';
