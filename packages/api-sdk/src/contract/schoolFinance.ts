// School cost and revenue, and the monthly uploads under /setting/.
import type { Slice } from './define.js';

export const schoolFinance = {} satisfies Slice;
