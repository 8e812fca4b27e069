// Clue analysis reports and exports.
import type { Slice } from './define.js';

export const clueAnalysis = {} satisfies Slice;
