// Common reads: dictionaries, administrative divisions, nations (the common service).
import type { Slice } from './define.js';

export const common = {} satisfies Slice;
