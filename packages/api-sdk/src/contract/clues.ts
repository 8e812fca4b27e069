// The clue lifecycle: pools, follow-up, transfer, abandon, invalid, conversion.
import type { Slice } from './define.js';

export const clues = {} satisfies Slice;
