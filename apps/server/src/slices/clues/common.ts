// The clue slice's shared types.
import type { contract } from '@bo/api-sdk';
import type { z } from 'zod';
import type { clues } from './tables.js';

export type ClueRecord = typeof clues.$inferSelect;
export type ClueInsert = typeof clues.$inferInsert;
export type TClueRow = z.input<typeof contract.clues.mylist.response>['list'][number];

export { and_, iso } from '../../db/rowHelpers.js';
export { isUniqueViolation } from '../../db/pgErrors.js';
