// Course categories, ranks, courses, buy types and adjust-cost reasons.
import type { Slice } from './define.js';

export const courses = {} satisfies Slice;
