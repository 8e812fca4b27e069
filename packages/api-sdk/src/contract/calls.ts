// Call records, quality control and the outbound-call service adapters.
import type { Slice } from './define.js';

export const calls = {} satisfies Slice;
