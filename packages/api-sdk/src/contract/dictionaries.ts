// System dictionaries, tags and channel groups.
import type { Slice } from './define.js';

export const dictionaries = {} satisfies Slice;
